// The database schema (Drizzle), one file per server module; this index gathers them for the database client,
// the repositories and `npm run db:generate` (drizzle.config.ts), which writes the migrations in ../migrations.
export * from './config';
export * from './pricing';
export * from './booking';
export * from './payments';
export * from './accounts';
export * from './tickets';
export * from './http';
export * from './push';
export * from './partners';
export * from './messages';
export * from './content';
export * from './leads';
export * from './places';
export * from './support';
export * from './business';
export * from './desk';
export * from './inbox';
