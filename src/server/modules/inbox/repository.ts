// SQL of the inbox: its items (found in the owner modules, one per row: a repeated find inserts nothing), the list's
// filters and page, an item's row locked for a staff action (of two actions at once, the second waits and then sees
// the first's outcome), and the item's history.
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, max, ne, sql, type SQL } from 'drizzle-orm';
import { INBOX_PAGE_SIZE, type InboxKind, type InboxListQuery } from '../../../shared/contract/desk-inbox';
import type { Db } from '../../db/client';
import { inboxEvents, inboxItems } from '../../db/schema';
import type { FoundItem } from './sources';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;
export type InboxItemRow = typeof inboxItems.$inferSelect;
export type InboxEventRow = typeof inboxEvents.$inferSelect;
export type NewInboxEvent = Omit<typeof inboxEvents.$inferInsert, 'id'>;

/** Still waiting for a first answer: not answered and not closed. */
const waiting = sql`(${inboxItems.firstAnsweredAt} is null and ${inboxItems.state} <> 'closed')`;

export function createInboxRepository(db: Db) {
  return {
    db,

    /** The newest source row the inbox has of these kinds (0 for none). */
    async lastSourceId(kinds: readonly InboxKind[]): Promise<number> {
      const [row] = await db
        .select({ last: max(inboxItems.sourceId) })
        .from(inboxItems)
        .where(inArray(inboxItems.kind, [...kinds]));
      return row?.last ?? 0;
    },

    async insertFound(items: FoundItem[], at: Date): Promise<void> {
      if (items.length === 0) return;
      await db
        .insert(inboxItems)
        .values(items.map(({ settled, ...item }) => ({ ...item, state: settled ? 'closed' : 'open', updatedAt: at })))
        .onConflictDoNothing({ target: [inboxItems.kind, inboxItems.sourceId] });
    },

    /** A page of items: waiting ones first by due time (the earliest promise first), then the newest. */
    async page(query: InboxListQuery, staffId: number, now: Date): Promise<{ rows: InboxItemRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (query.kind) conditions.push(eq(inboxItems.kind, query.kind));
      if (query.state === 'active') conditions.push(ne(inboxItems.state, 'closed'));
      else if (query.state) conditions.push(eq(inboxItems.state, query.state));
      if (query.overdue) conditions.push(waiting, lt(inboxItems.dueAt, now));
      if (query.mine) conditions.push(eq(inboxItems.takenById, staffId));
      const where = conditions.length ? and(...conditions) : undefined;
      const [counted] = await db.select({ n: count() }).from(inboxItems).where(where);
      const page = query.page ?? 1;
      const rows = await db
        .select()
        .from(inboxItems)
        .where(where)
        .orderBy(desc(waiting), sql`${inboxItems.dueAt} asc nulls last`, desc(inboxItems.receivedAt), desc(inboxItems.id))
        .limit(INBOX_PAGE_SIZE)
        .offset((page - 1) * INBOX_PAGE_SIZE);
      return { rows, total: counted?.n ?? 0 };
    },

    async byId(tx: Executor, id: number): Promise<InboxItemRow | undefined> {
      const [row] = await tx.select().from(inboxItems).where(eq(inboxItems.id, id));
      return row;
    },

    /** The item's row, locked until the transaction ends. */
    async lock(tx: Tx, id: number): Promise<InboxItemRow | undefined> {
      const [row] = await tx.select().from(inboxItems).where(eq(inboxItems.id, id)).for('update');
      return row;
    },

    /**
     * The member claims an item no one holds: only an open or reopened item with no taker changes, so of two claims
     * the second changes nothing (undefined).
     */
    async claim(tx: Tx, id: number, staff: { id: number; email: string }, at: Date): Promise<InboxItemRow | undefined> {
      const [row] = await tx
        .update(inboxItems)
        .set({ state: 'taken', takenById: staff.id, takenByEmail: staff.email, takenAt: at, updatedAt: at })
        .where(and(eq(inboxItems.id, id), isNull(inboxItems.takenById), inArray(inboxItems.state, ['open', 'reopened'])))
        .returning();
      return row;
    },

    /** Answered by the member (who takes it if no one had): the first answer's time is kept. */
    async markAnswered(tx: Tx, item: InboxItemRow, staff: { id: number; email: string }, at: Date): Promise<InboxItemRow> {
      const [row] = await tx
        .update(inboxItems)
        .set({
          state: 'answered',
          takenById: item.takenById ?? staff.id,
          takenByEmail: item.takenByEmail ?? staff.email,
          takenAt: item.takenAt ?? at,
          firstAnsweredAt: item.firstAnsweredAt ?? at,
          updatedAt: at,
        })
        .where(eq(inboxItems.id, item.id))
        .returning();
      return row!;
    },

    async setState(tx: Tx, id: number, state: 'closed' | 'reopened', at: Date): Promise<InboxItemRow> {
      const release = state === 'reopened' ? { takenById: null, takenByEmail: null, takenAt: null } : {};
      const [row] = await tx
        .update(inboxItems)
        .set({ state, ...release, updatedAt: at })
        .where(eq(inboxItems.id, id))
        .returning();
      return row!;
    },

    async addEvent(tx: Executor, event: NewInboxEvent): Promise<InboxEventRow> {
      const [row] = await tx.insert(inboxEvents).values(event).returning();
      return row!;
    },

    async events(itemId: number): Promise<InboxEventRow[]> {
      return db
        .select()
        .from(inboxEvents)
        .where(eq(inboxEvents.itemId, itemId))
        .orderBy(asc(inboxEvents.at), asc(inboxEvents.id));
    },

    /** The items received in [from, to). */
    async receivedBetween(from: Date, to: Date): Promise<InboxItemRow[]> {
      return db
        .select()
        .from(inboxItems)
        .where(and(gte(inboxItems.receivedAt, from), lt(inboxItems.receivedAt, to)));
    },
  };
}

export type InboxRepository = ReturnType<typeof createInboxRepository>;
