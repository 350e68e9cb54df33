// Lint rules, including the boundaries of STYLE.md: shared imports nothing of app or server, app and server
// never import each other, only the api client calls fetch, only lib/secure-store/db.ts imports Dexie. Inside the
// app, the layers: shared <- lib, components <- features <- routes (a layer never imports one above it).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tanstackQuery from '@tanstack/eslint-plugin-query';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The app's layers, lowest first; each may import the ones before it, never the ones after. The entry files
// (main.tsx, router.tsx, providers.tsx) sit above routes.
const appEntry = ['./src/app/main.tsx', './src/app/router.tsx', './src/app/providers.tsx'];
const appLayers = [
  { path: './src/app/lib', above: ['./src/app/components', './src/app/features', './src/app/routes', ...appEntry] },
  { path: './src/app/components', above: ['./src/app/features', './src/app/routes', ...appEntry] },
  { path: './src/app/features', above: ['./src/app/routes', ...appEntry] },
];
const layerZones = appLayers.map(({ path, above }) => ({
  target: path,
  from: above,
  message: 'App layers: shared <- lib, components <- features <- routes; move the code to the right layer.',
}));

// A feature reaches another feature only through that feature's public face, its index.ts; within itself
// it imports its own files freely. One zone per feature folder, read from the disk so a new feature is covered.
const features = readdirSync('./src/app/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((feature) => ({
  target: `./src/app/features/${feature}`,
  from: './src/app/features',
  except: [`./${feature}`, ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
  message: `Another feature is reached only through its public face (features/<name>/index.ts).`,
}));

// A server module reaches another only through that module's module.ts (its wiring) or service.ts (its service);
// within itself it imports its own files freely. One zone per module folder, read from the disk so a new module is
// covered, with no exceptions.
const serverModules = readdirSync('./src/server/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverZones = serverModules.map((module) => ({
  target: `./src/server/modules/${module}`,
  from: './src/server/modules',
  except: [
    `./${module}`,
    ...serverModules.filter((other) => other !== module).flatMap((other) => [`./${other}/module.ts`, `./${other}/service.ts`]),
  ],
  message: 'Another server module is reached only through its module.ts or service.ts.',
}));

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'coverage',
      'test-results',
      'playwright-report',
      '.lighthouseci',
      'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    // import-x reads TypeScript with the TypeScript parser and resolves .ts/.tsx imports; without these settings its
    // rules see no imports at all.
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Import circles are counted by scripts/architecture.test.ts over src and sw, type-only imports included (a
      // stricter count than import-x/no-cycle's, which took a quarter of the lint's time reading every import again).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: ['./src/app', './src/server', './sw'],
              message: 'src/shared is used by both sides and imports neither.',
            },
            { target: './src/app', from: './src/server', message: 'The PWA never imports the server, not even types.' },
            { target: './src/server', from: ['./src/app', './sw'], message: 'The server never imports the PWA.' },
            ...layerZones,
            ...featureZones,
            ...serverZones,
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'dexie', 'node:*', 'hono', 'hono/*', 'drizzle-orm', 'drizzle-orm/*', '@tanstack/*'],
              message: 'src/shared holds no DOM, Node, React, Dexie or database code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': tanstackQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...tanstackQuery.configs.recommended.rules,
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Only src/app/lib/api-client.ts (and api-download.ts, for the files it serves) calls fetch.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'dexie', message: 'Only src/app/lib/secure-store/db.ts imports Dexie.' }],
          patterns: [
            {
              group: ['**/lib/store', './store'],
              importNames: ['readEntry', 'writeEntry', 'removeEntry', 'listEntries'],
              message: 'Read and write the local store through lib/store-keys.ts, typed by its key registry.',
            },
          ],
        },
      ],
    },
  },
  {
    // The typed store itself, the generic session helper (its callers give the key) and the tests of the store's engine.
    files: ['src/app/lib/store-keys.ts', 'src/app/lib/stored-session.ts', 'src/app/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'dexie', message: 'Only src/app/lib/secure-store/db.ts imports Dexie.' }] },
      ],
    },
  },
  {
    files: ['src/app/lib/api-client.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['src/app/lib/secure-store/db.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@electric-sql/pglite', message: 'Only src/server/db/client.ts opens the database.' },
            { name: 'postgres', message: 'Only src/server/db/client.ts opens the database.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/db/client.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The file downloads (a CSV), kept out of the api client so that the passengers' first load does not carry them.
    files: ['src/app/lib/api-download.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
