import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new migration from src/server/db/schema.ts; the server applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
