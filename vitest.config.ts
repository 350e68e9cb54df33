import { defineConfig } from 'vitest/config';
import { messagesSplit } from './scripts/messages-split.mjs';

export default defineConfig({
  test: {
    projects: [
      {
        // Modules that import src/app/lib/i18n.ts resolve its message chunks as the build does.
        plugins: [messagesSplit()],
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // The helpers must give Vietnam time whatever the machine's zone, so unit tests run far from it.
          env: { TZ: 'America/Los_Angeles' },
        },
      },
      {
        // tests/api/http/page-render.test.ts renders pages with the app's server entry, messages included.
        plugins: [messagesSplit()],
        test: {
          name: 'api',
          globalSetup: ['tests/api/helpers/database-templates.ts'],
          include: ['tests/api/**/*.test.ts'],
          exclude: ['tests/api/**/*.alone.test.ts'],
          sequence: { groupOrder: 0 },
          environment: 'node',
          // The API tests stand for many clients behind one proxy: X-Forwarded-For's last entry is the client
          // (TRUST_PROXY=1). tests/api/server/attacks.test.ts builds its apps without it: the default ignores the header.
          env: { TZ: 'America/Los_Angeles', TRUST_PROXY: '1' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // 2 cores: each file opens its own embedded database, so keep the number of workers low.
          maxWorkers: 2,
        },
      },
      {
        // Files that time a server under load (`*.alone.test.ts`): they run after the others, one at a time, so no
        // other test shares the 2 cores with the server they measure.
        plugins: [messagesSplit()],
        test: {
          name: 'api-alone',
          globalSetup: ['tests/api/helpers/database-templates.ts'],
          include: ['tests/api/**/*.alone.test.ts'],
          environment: 'node',
          env: { TZ: 'America/Los_Angeles', TRUST_PROXY: '1' },
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
