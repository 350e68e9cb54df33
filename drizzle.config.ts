import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new migration from src/server/db/schema.ts and the schema-*.ts files beside it (one
// per area); the server applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema.ts', './src/server/db/schema-*.ts'],
  out: './src/server/db/migrations',
});
