// Bundles the server (dist/server/main.js, dependencies left to node_modules), copies the migrations beside
// it, and precompresses the built PWA (brotli and gzip) so the server never compresses static files per request.
import { build } from 'esbuild';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.xml', '.map']);
function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}
let count = 0;
for (const file of walk('dist/client')) {
  if (!COMPRESSIBLE.has(extname(file))) continue;
  const body = readFileSync(file);
  if (body.length < 512) continue;
  // A source map is fetched only by developer tools: gzip alone, where brotli at 11 took three quarters of the
  // build's compression CPU (about 9 of 12 s) for a file no passenger loads.
  const br = extname(file) === '.map' ? null : brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipSync(body, { level: 9 });
  if (br && br.length < body.length) writeFileSync(`${file}.br`, br);
  if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
  count++;
}
console.log(`server bundled to dist/server/main.js; ${count} static files precompressed`);
