// Configurable values (spec 3, 9) and the site's public keys: the config module's table.
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Configurable values of spec sections 3 and 9 and the site's public keys, grouped by who reads them. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  /** 'system' (passenger/get_system_configs), 'site' (home/get_key_values), 'call_center', 'maps'. */
  grp: text('grp').notNull(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
