// The raw argon2id hash rate of this machine (the parameters the server uses): hashes per second with 1, 2 and 4 in
// flight, to size the hash queue (docs/decisions.md). Run: node --import tsx scripts/argon2-rate.ts
import { cpus } from 'node:os';
import { hashPassword, argon2Implementation } from '../src/server/security/crypto';

const TOTAL = 24;

async function rate(parallel: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < TOTAL) {
        next += 1;
        await hashPassword(`password ${next}`);
      }
    }),
  );
  return TOTAL / ((performance.now() - started) / 1000);
}

await hashPassword('warm-up');
console.log(`argon2id (${await argon2Implementation()}), ${cpus().length} cores`);
for (const parallel of [1, 2, 4]) console.log(`${parallel} in parallel: ${(await rate(parallel)).toFixed(1)} hashes/s`);
