// The inbox module's tables (the operator desk's inbox): one item per thing a person is waiting on Vivu's staff for
// (a special request, a call-back request, an application), found in its owner module and kept here with its state,
// who took it and its promise clock; and the item's history of staff actions, answers included.
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * An inbox item. `kind` and `source_id` name the row of the owning module it stands for (one item per row);
 * `received_at` is when the person sent it and `due_at` when the answer was promised (null: nothing was promised).
 * `state` is 'open' | 'taken' | 'answered' | 'closed' | 'reopened' (shared/contract/desk-inbox.ts); `taken_by_*` is
 * the member who took it (the id and e-mail at the time, so a removed member still shows). `first_answered_at` stops
 * the clock: the promise was kept when it is at or before `due_at`.
 */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    sourceId: integer('source_id').notNull(),
    /** Who is waiting and a line of what about, as the owner module gave them when the item was found. */
    name: text('name').notNull().default(''),
    summary: text('summary').notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    state: text('state').notNull().default('open'),
    takenById: integer('taken_by_id'),
    takenByEmail: text('taken_by_email'),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    firstAnsweredAt: timestamp('first_answered_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('inbox_items_source').on(t.kind, t.sourceId),
    index('inbox_items_state_due').on(t.state, t.dueAt),
    index('inbox_items_taken_by').on(t.takenById),
    index('inbox_items_received').on(t.receivedAt),
  ],
);

/**
 * An item's history: each take, answer, close and reopen with the member and the time; an answer keeps its text, its
 * channel ('mail' | 'sms') and where it went, a close or reopen its note. Never updated or deleted.
 */
export const inboxEvents = pgTable(
  'inbox_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => inboxItems.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    staffId: integer('staff_id'),
    staffEmail: text('staff_email').notNull(),
    /** 'taken' | 'answered' | 'closed' | 'reopened'. */
    action: text('action').notNull(),
    note: text('note').notNull().default(''),
    answer: text('answer').notNull().default(''),
    channel: text('channel'),
    recipient: text('recipient'),
  },
  (t) => [index('inbox_events_item').on(t.itemId, t.at)],
);
