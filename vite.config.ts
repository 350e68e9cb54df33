import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { messagesSplit } from './scripts/messages-split.mjs';

// The web app manifest in Vietnamese (the default, /manifest.webmanifest, written by vite-plugin-pwa) and in English
// (/manifest-en.webmanifest, emitted below from the same object). The page points <link rel="manifest"> at the
// English one on /en paths (src/app/features/pwa/manifest-link.ts). Both share `id`, so they describe one app.
const icons: ManifestOptions['icons'] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];
const shortcutIcons = [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }];

const manifestVi: Partial<ManifestOptions> = {
  id: '/',
  name: 'Vivu – Đặt xe sân bay, đường dài',
  short_name: 'Vivu',
  description: 'Đặt xe sân bay, đường dài liên tỉnh và thuê xe theo giờ trên khắp Việt Nam.',
  lang: 'vi',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#0f766e',
  background_color: '#ffffff',
  categories: ['travel', 'navigation'],
  icons,
  shortcuts: [
    { name: 'Đặt xe', short_name: 'Đặt xe', description: 'Tìm giá và đặt xe', url: '/', icons: shortcutIcons },
    // ticket-manage lists a signed-in passenger's tickets (it opens home for a guest, spec 2).
    { name: 'Vé của tôi', short_name: 'Vé của tôi', description: 'Quản lý mã vé', url: '/quan-ly-ma-ve', icons: shortcutIcons },
  ],
  screenshots: [
    {
      src: '/screenshots/narrow-vi.png',
      sizes: '360x780',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Tìm xe sân bay, đường dài',
    },
    {
      src: '/screenshots/wide-vi.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'Tìm xe sân bay, đường dài',
    },
  ],
};

const manifestEn: Partial<ManifestOptions> = {
  ...manifestVi,
  name: 'Vivu – Airport and long-distance rides',
  description: 'Book airport transfers, long-distance rides between provinces and hourly car hire across Vietnam.',
  lang: 'en',
  start_url: '/en',
  shortcuts: [
    { name: 'Book a ride', short_name: 'Book', description: 'Compare prices and book', url: '/en', icons: shortcutIcons },
    {
      name: 'My tickets',
      short_name: 'Tickets',
      description: 'Manage your tickets',
      url: '/en/manage-tickets',
      icons: shortcutIcons,
    },
  ],
  screenshots: [
    {
      src: '/screenshots/narrow-en.png',
      sizes: '360x780',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Find airport and long-distance rides',
    },
    {
      src: '/screenshots/wide-en.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'Find airport and long-distance rides',
    },
  ],
};

function englishManifest(): Plugin {
  return {
    name: 'vivu-manifest-en',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest-en.webmanifest', source: JSON.stringify(manifestEn) });
    },
  };
}

/**
 * Index.html runs src/app/boot.ts, which imports the app (src/app/main.tsx) after the first frame. The app's
 * styles stay render-blocking links in the head (else the server's HTML would paint unstyled, then restyle), and its
 * first-load scripts are preloaded at low priority, so they download beside the HTML without holding the first paint.
 * The bundle budget (scripts/bundle-budget.mjs) counts these preloads as first-load JavaScript.
 */
function appAfterFirstPaint(): Plugin {
  return {
    name: 'vivu-app-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return;
        const styles = new Set<string>();
        const scripts = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (scripts.has(file) || !chunk || chunk.type !== 'chunk') return;
          scripts.add(file);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const next of chunk.imports) visit(next);
        };
        for (const file of entry.dynamicImports) visit(file);
        // What the entry loads itself is linked already.
        const linked = (file: string) => html.includes(`"/${file}"`);
        return [
          ...[...styles]
            .filter((file) => !linked(file))
            .map((href) => ({
              tag: 'link',
              attrs: { rel: 'stylesheet', crossorigin: true, href: `/${href}` },
              injectTo: 'head' as const,
            })),
          ...[...scripts]
            .filter((file) => !linked(file))
            .map((href) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${href}` },
              injectTo: 'head' as const,
            })),
        ];
      },
    },
  };
}

// The server's renderer: `vite build --ssr src/app/entry-server.tsx` into dist/ssr, the same components and
// messages, without the client's chunking, the worker and the manifests.
const ssrBuild = defineConfig({
  build: { outDir: 'dist/ssr', emptyOutDir: true, sourcemap: true, target: 'node20' },
  plugins: [react(), messagesSplit()],
});

// The PWA is built into dist/client and served by the API server (src/server), which also serves /api and /hub.
const clientBuild = defineConfig({
  build: {
    // Which chunks and styles each lazy screen needs: the server links them in the pages it renders.
    manifest: true,
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // The first-load chunk (below) is about 650 KB before compression; the bundle budget (npm run budget) is the check.
    chunkSizeWarningLimit: 700,
    // Every browser the app supports (es2022) preloads modules itself but Safari before 17, which then simply fetches
    // them when imported: the polyfill's script in the entry is not worth its bytes on every first load.
    modulePreload: {
      polyfill: false,
      // Screens no passenger opens (the operator desk, and the page a partner's login sets its password on, once):
      // the passengers' first load keeps their styles' names (needed to load them) but not the list of script chunks
      // to preload with them, which their own imports fetch anyway (a step later, on a screen opened rarely).
      resolveDependencies: (file, deps) =>
        /(^|\/)(desk|partner-set-password)-[\w-]+\.js$/.test(file) ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    rolldownOptions: {
      output: {
        // Everything the first render needs (what the entry imports statically) in one chunk: the home page then
        // fetches three scripts (entry, this, its messages) instead of some forty small shared chunks, each a round
        // trip on a phone's connection. Lazy screens keep their own chunks.
        // The app's first-load code is what src/app/main.tsx imports statically (index.html's entry, boot.ts, imports
        // it after the first paint).
        // Vite's preload helper, which the entry uses to import the app, is a chunk of its own: in the app's chunk, the
        // entry would import that chunk statically and evaluate it before the first paint.
        codeSplitting: {
          groups: [
            { name: 'preload', test: /vite\/preload-helper/, priority: 2 },
            { name: 'app', test: /\/src\/app\/main\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev` proxies the API to a server started with `npm run dev:server`.
    proxy: { '/api': 'http://localhost:8080', '/hub': 'http://localhost:8080' },
  },
  plugins: [
    react(),
    messagesSplit(),
    englishManifest(),
    appAfterFirstPaint(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // We register the worker ourselves with workbox-window (src/app/features/pwa/sw-register.ts): no injected inline script.
      injectRegister: false,
      injectManifest: {
        // The shell, every route's lazy chunk, styles, fonts, icons and both manifests. Screenshots are only for
        // the install dialog: not precached.
        globPatterns: ['**/*.{js,css,html,svg,png,webp,ico,woff2,webmanifest}'],
        globIgnores: ['**/*.map', 'screenshots/**'],
      },
      manifest: manifestVi,
    }),
  ],
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : clientBuild));
