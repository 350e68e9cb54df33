// The support module's tables: the support callbacks and the complaints.
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

/** A complaint from the complaints page: who, about which ticket and what; the desk's inbox answers it. */
export const complaints = pgTable(
  'complaints',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    fullname: text('fullname').notNull(),
    /** Normalised as a ticket's phone is. */
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    /** As the person typed it, upper-cased ('' when none). */
    ticketCode: text('ticket_code').notNull().default(''),
    /** shared/contract/support.ts COMPLAINT_TOPICS. */
    topic: text('topic').notNull(),
    description: text('description').notNull(),
    lang: text('lang').notNull().default('vi'),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The page's promise when it was sent: the end of the second working day after it. */
    replyDueAt: timestamp('reply_due_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('complaints_created').on(t.createdAt)],
);
