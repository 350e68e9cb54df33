// SQL of the tickets table: the reads, the compare-and-set state changes of the night flow, and the writer that
// booking creates tickets with (the row's insert, the anti-fraud counts and the identical pending ticket, each run in
// the booking's own transaction: booking/repository-create.ts holds that transaction).
import { and, eq, getTableColumns, gt, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { TICKET_STATUS } from '../../../shared/contract/booking';
import type { Db } from '../../db/client';
import { fieldsOf, prebuilt } from '../../db/prebuilt';
import { tickets, type NewTicket, type TicketRow } from '../../db/schema';
import type { MessageEvent } from '../../outbox/events';
// The shapes of booking's ticket port (booking/ports.ts), which this repository implements.
import type { DuplicateKey, Executor, PendingTwin, RecentCounts, TicketState } from '../booking/module';
import { NO_MESSAGES, type MessageWriter } from '../../outbox/writer';

/**
 * Tickets since `since` from the phone, the IP and the session, other than the attempt itself; with `twinOf`, in the
 * same statement, the identical pending ticket too (one round trip under the booking's locks, not two).
 * Both statements are built once (src/server/db/prebuilt.ts): every booking asks twice.
 */
function createCountRecent(db: Db) {
  const value = (name: string) => sql.placeholder(name) as unknown as string;
  const build = (withTwin: boolean) => {
    const selection = {
      phone: sql<number>`count(*) filter (where ${tickets.phone} = ${sql.placeholder('phone')})`.mapWith(Number),
      ip: sql<number>`count(*) filter (where ${tickets.ip} = ${sql.placeholder('ip')} and ${tickets.ip} <> '')`.mapWith(Number),
      session:
        sql<number>`count(*) filter (where ${tickets.sessionId} = ${sql.placeholder('sessionId')} and ${tickets.sessionId} <> '')`.mapWith(
          Number,
        ),
      // A scalar subquery on its own scan of tickets (its column names resolve to that scan).
      twin: withTwin
        ? sql<PendingTwin | null>`(select json_build_object('id', ${tickets.id}, 'code', ${tickets.code}, 'sessionId', ${tickets.sessionId}, 'userId', ${tickets.userId}, 'payMethodId', ${tickets.payMethodId}, 'transactionStatusId', ${tickets.transactionStatusId}) from ${tickets} where ${identicalPending(
            {
              phone: value('phone'),
              pick: value('pick'),
              drop: value('drop'),
              depart: value('depart'),
              ticketSession: value('ticketSession'),
            },
          )} limit 1)`
        : sql<null>`null`,
    };
    const query = db
      .select(selection)
      .from(tickets)
      .where(
        and(
          gt(tickets.createdAt, value('since') as unknown as Date),
          ne(tickets.ticketSession, value('ticketSession')),
          or(eq(tickets.phone, value('phone')), eq(tickets.ip, value('ip')), eq(tickets.sessionId, value('sessionId'))),
        ),
      )
      .toSQL();
    return prebuilt<RecentCounts>(query, fieldsOf(selection));
  };
  const counts = build(false);
  const countsAndTwin = build(true);
  return async (
    executor: Executor,
    input: { phone: string; ip: string; sessionId: string; ticketSession: string; since: Date },
    twinOf: DuplicateKey | null = null,
  ): Promise<RecentCounts> => {
    // A placeholder compared with a column is sent as given: the time as drizzle encodes a timestamp.
    const values = { ...input, since: input.since.toISOString() };
    const [row] = twinOf
      ? await countsAndTwin(executor, { ...values, pick: twinOf.pick, drop: twinOf.drop, depart: twinOf.depart })
      : await counts(executor, values);
    return { phone: row?.phone ?? 0, ip: row?.ip ?? 0, session: row?.session ?? 0, twin: row?.twin ?? null };
  };
}
/** A pending, not failed ticket of another attempt for the same trip: the anti-fraud check and the insert both ask. */
function identicalPending(key: DuplicateKey) {
  return and(
    eq(tickets.phone, key.phone),
    eq(tickets.pickAddress, key.pick),
    eq(tickets.dropAddress, key.drop),
    eq(tickets.departTime, key.depart),
    eq(tickets.status, 1),
    // Awaiting payment or done, and also not paid yet after a decline (3) or a time-out (99): such a ticket can still
    // be paid, so booking the trip again is offered to continue it.
    inArray(tickets.transactionStatusId, [1, 2, 3, 99]),
    ne(tickets.ticketSession, key.ticketSession),
  );
}

/**
 * The ticket INSERT (66 columns, RETURNING them all) is built once per set of columns a booking gives (a
 * ride's, an hourly hire's; a few optional ones), not on every booking: drizzle's building of it was the largest part
 * of a booking's CPU time after the socket writes. Each booking only encodes its values (src/server/db/prebuilt.ts).
 */
function createTicketInsert(db: Db) {
  const built = new Map<string, ReturnType<typeof prebuilt<TicketRow>>>();
  const fields = fieldsOf(getTableColumns(tickets));
  return (tx: Executor, values: NewTicket): Promise<TicketRow[]> => {
    const record = values as Record<string, unknown>;
    const keys = Object.keys(record).filter((key) => record[key] !== undefined);
    const signature = keys.join(',');
    let insert = built.get(signature);
    if (!insert) {
      const placeholders = Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as unknown as NewTicket;
      insert = prebuilt<TicketRow>(
        db.insert(tickets).values(placeholders).onConflictDoNothing({ target: tickets.ticketSession }).returning().toSQL(),
        fields,
      );
      built.set(signature, insert);
    }
    return insert(tx, record);
  };
}

/** `messages`: the outbox writer of the night flow's messages, in its transactions. */
export function createTicketRepository(db: Db, messages: MessageWriter = NO_MESSAGES) {
  // Every booking asks first; prepared once (built once here, parsed once per PostgreSQL connection).
  const bySession = db
    .select()
    .from(tickets)
    .where(eq(tickets.ticketSession, sql.placeholder('ticketSession')))
    .limit(1)
    .prepare('tickets_by_session');
  const insertTicket = createTicketInsert(db);
  const countRecent = createCountRecent(db);
  return {
    async findBySession(ticketSession: string): Promise<TicketRow | null> {
      const rows = await bySession.execute({ ticketSession });
      return rows[0] ?? null;
    },

    async findByCode(code: string): Promise<TicketRow | null> {
      const rows = await db.select().from(tickets).where(eq(tickets.code, code)).limit(1);
      return rows[0] ?? null;
    },

    async findByIdAndCode(id: number, code: string): Promise<TicketRow | null> {
      const rows = await db
        .select()
        .from(tickets)
        .where(and(eq(tickets.id, id), eq(tickets.code, code)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The ticket's row, inserted in the booking's transaction: nothing when its ticket_session exists. */
    insert: (tx: Executor, values: NewTicket): Promise<TicketRow[]> => insertTicket(tx, values),

    /** The ticket of a ticket_session, read in the booking's transaction. */
    async bySessionIn(tx: Executor, ticketSession: string): Promise<TicketRow | null> {
      const rows = await tx.select().from(tickets).where(eq(tickets.ticketSession, ticketSession)).limit(1);
      return rows[0] ?? null;
    },

    /** The partner's live tickets departing in [from, to), read in the booking's transaction (its daily cap). */
    async dayCountIn(tx: Executor, partnerId: number, from: Date, to: Date): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(tickets)
        .where(
          and(
            eq(tickets.partnerId, partnerId),
            gte(tickets.departAt, from),
            lt(tickets.departAt, to),
            ne(tickets.status, TICKET_STATUS.cancelled),
          ),
        );
      return row?.n ?? 0;
    },

    /** The identical pending ticket of another attempt, read in the booking's transaction (under its locks). */
    async pendingTwinIn(tx: Executor, key: DuplicateKey): Promise<PendingTwin | null> {
      const rows = await tx
        .select({
          id: tickets.id,
          code: tickets.code,
          sessionId: tickets.sessionId,
          userId: tickets.userId,
          payMethodId: tickets.payMethodId,
          transactionStatusId: tickets.transactionStatusId,
        })
        .from(tickets)
        .where(identicalPending(key))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The anti-fraud counts (and with `twinOf` the identical pending ticket), read in the booking's transaction. */
    countsIn: (
      tx: Executor,
      input: { phone: string; ip: string; sessionId: string; ticketSession: string; since: Date },
      twinOf: DuplicateKey | null,
    ) => countRecent(tx, input, twinOf),

    /**
     * Compare-and-set: changes the ticket only if it is still in `expected`, so two racing calls cannot both win. With
     * an `event`, the change and its messages are written in one transaction.
     */
    async transition(
      id: number,
      expected: TicketState,
      set: Partial<NewTicket>,
      event?: MessageEvent,
    ): Promise<TicketRow | null> {
      const change = async (executor: Pick<Db, 'update'>) => {
        const rows = await executor
          .update(tickets)
          .set({ ...set, updatedAt: new Date() })
          .where(
            and(
              eq(tickets.id, id),
              eq(tickets.status, expected.status),
              eq(tickets.transactionStatusId, expected.transactionStatusId),
              eq(tickets.nightStatus, expected.nightStatus),
            ),
          )
          .returning();
        return rows[0] ?? null;
      };
      if (!event) return change(db);
      const changed = await db.transaction(async (tx) => {
        const row = await change(tx);
        if (row) await messages.write(tx, event, row, { cancelledAt: row.cancelledAt ?? undefined });
        return row;
      });
      if (changed) messages.wake();
      return changed;
    },

    /** Tickets since `since` from the phone, the IP and the session, other than the attempt itself. */
    recentCounts: (input: { phone: string; ip: string; sessionId: string; ticketSession: string; since: Date }) =>
      countRecent(db, input),

    /** An identical pending ticket (same phone, pickup, drop and departure) from another attempt: what proves it. */
    async findDuplicate(input: DuplicateKey): Promise<Pick<PendingTwin, 'sessionId' | 'userId'> | null> {
      const rows = await db
        .select({ sessionId: tickets.sessionId, userId: tickets.userId })
        .from(tickets)
        .where(identicalPending(input))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

export type TicketRepository = ReturnType<typeof createTicketRepository>;
