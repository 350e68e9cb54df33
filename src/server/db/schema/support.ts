// The support module's table: the support callbacks.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** spec 7 support request: user[phone], user[note]; kept here by default, forwarded to the widget host when set. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    phone: text('phone').notNull(),
    note: text('note').notNull().default(''),
    page: text('page').notNull().default(''),
    lang: text('lang').notNull().default('vi'),
    ip: text('ip').notNull().default(''),
    /** 'database' (the call centre reads this table) | 'widget_failed' (the widget host refused; kept here). */
    channel: text('channel').notNull().default('database'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_requests_created').on(t.createdAt)],
);
