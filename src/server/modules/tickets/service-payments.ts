// The tickets table as the payments module changes and reads it: the compare-and-set moves of a ticket's transaction
// status and method (each one conditional UPDATE, run in the payments module's transaction), and the payment window's
// statements. A window is the payments module's: it hands in, as SQL, when a ticket's latest attempt started (its
// subquery over the payments table, by the ticket's id) and how long the window of a method is, and the statement
// stays one statement, so concurrent callbacks, cancellations and time-outs cannot both win.
import { and, eq, getTableName, inArray, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { TICKET_STATUS, TRANSACTION_STATUS } from '../../../shared/contract/booking';
import type { Db } from '../../db/client';
import { tickets, type TicketRow } from '../../db/schema';

/** A statement's executor for a change: the database, or the payments module's transaction. */
export type TicketChanger = Pick<Db, 'update'>;

/** A move of a ticket's transaction status, made only while the ticket is still as expected. */
export interface TransactionMove {
  ticketId: number;
  /** The statuses it may leave. */
  from: number[];
  to: number;
  /** Only while the ticket is still to be paid by this method. */
  payMethodId?: number;
  /** Only while the ticket is not cancelled. */
  notCancelled?: boolean;
}

/** Moves the ticket's transaction status if it is still as `move` expects; whether it moved. */
export async function moveTransactionStatus(executor: TicketChanger, move: TransactionMove): Promise<boolean> {
  const [moved] = await executor
    .update(tickets)
    .set({ transactionStatusId: move.to, updatedAt: sql`now()` })
    .where(
      and(
        eq(tickets.id, move.ticketId),
        move.from.length === 1 ? eq(tickets.transactionStatusId, move.from[0]!) : inArray(tickets.transactionStatusId, move.from),
        move.payMethodId === undefined ? undefined : eq(tickets.payMethodId, move.payMethodId),
        move.notCancelled ? ne(tickets.status, TICKET_STATUS.cancelled) : undefined,
      ),
    )
    .returning({ id: tickets.id });
  return moved !== undefined;
}

/**
 * Money for the ticket arrived that did not pay it (a short transfer): nothing of the ticket changes but its
 * `updated_at`, which its open pages watch (watch.ts), so the passenger is told at once.
 */
export async function touchTicket(executor: TicketChanger, ticketId: number): Promise<void> {
  await executor
    .update(tickets)
    .set({ updatedAt: sql`now()` })
    .where(eq(tickets.id, ticketId));
}

/** A change of method: only while the ticket still has the method and transaction status it was read with. */
export async function changeTicketPayMethod(
  executor: TicketChanger,
  ticketId: number,
  expected: { payMethodId: number; transactionStatusId: number },
  set: { payMethodId: number; paypalFee: number; totalCost: number; transactionStatusId: number },
): Promise<boolean> {
  const [changed] = await executor
    .update(tickets)
    .set({ ...set, updatedAt: sql`now()` })
    .where(
      and(
        eq(tickets.id, ticketId),
        eq(tickets.payMethodId, expected.payMethodId),
        eq(tickets.transactionStatusId, expected.transactionStatusId),
      ),
    )
    .returning({ id: tickets.id });
  return changed !== undefined;
}

/** The tickets with these codes, in one statement. */
export async function ticketsByCodes(executor: Pick<Db, '_' | 'select'>, codes: string[]): Promise<TicketRow[]> {
  return codes.length ? executor.select().from(tickets).where(inArray(tickets.code, codes)) : [];
}

/** The ids of a transport partner's tickets, as a subquery for a statement over the caller's table. */
export function partnerTicketIds(db: Pick<Db, 'select'>, partnerId: number) {
  return db.select({ id: tickets.id }).from(tickets).where(eq(tickets.partnerId, partnerId));
}

/** The payments module's part of a window's statement. */
export interface PaymentWindowSql {
  /** When the ticket's latest payment attempt started (null before its first), by the ticket's id. */
  startedAt: (ticketId: SQLWrapper | number) => SQL;
  /** The window's length (an interval) by the ticket's pay method. */
  length: (payMethodId: SQLWrapper) => SQL;
}

/** Whether the ticket's window is over at `clock`: it runs from its latest attempt, or from the booking without one. */
const windowOver = (window: PaymentWindowSql, ticketId: SQLWrapper | number, clock: SQL) =>
  sql`coalesce(${window.startedAt(ticketId)}, ${tickets.createdAt}) + ${window.length(tickets.payMethodId)} <= ${clock}`;

/**
 * The ticket as check_status reads it, in one statement: its row, `extra` (the payments module's subqueries by the
 * ticket's id) and whether its window is over by the database's clock. Null when there is no such ticket.
 */
export async function ticketPaymentPoll<Extra extends Record<string, SQL>>(
  db: Db,
  ticketId: number,
  window: PaymentWindowSql,
  extra: (ticketId: SQL) => Extra,
) {
  // Qualified by hand: in a select list Drizzle writes a column without its table, and a bare "id" inside a
  // subquery would be the subquery's table's.
  const outerTicket = sql`${sql.identifier(getTableName(tickets))}.${sql.identifier(tickets.id.name)}`;
  const [row] = await db
    .select({
      ticket: tickets,
      extra: extra(outerTicket),
      expired:
        sql<boolean>`coalesce(${window.startedAt(outerTicket)}, ${tickets.createdAt}) + ${window.length(tickets.payMethodId)} <= now()`.mapWith(
          Boolean,
        ),
    })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  return row ?? null;
}

/**
 * spec 4, 9: a ticket still processing when its payment window has passed times out (99), in one conditional UPDATE;
 * only a ticket of one of `payMethods` has a window. Whether it timed out.
 */
export async function timeOutTicketIfExpired(
  db: TicketChanger,
  ticketId: number,
  payMethods: number[],
  window: PaymentWindowSql,
): Promise<boolean> {
  const rows = await db
    .update(tickets)
    .set({ transactionStatusId: TRANSACTION_STATUS.timeout, updatedAt: sql`now()` })
    .where(
      and(
        eq(tickets.id, ticketId),
        eq(tickets.transactionStatusId, TRANSACTION_STATUS.processing),
        inArray(tickets.payMethodId, payMethods),
        windowOver(window, ticketId, sql`now()`),
      ),
    )
    .returning({ id: tickets.id });
  return rows.length > 0;
}

/**
 * The payment window's sweep: every ticket of `payMethods` still processing whose window has passed at `clock` times
 * out (99), in one UPDATE. Its candidates are locked with SKIP LOCKED and the UPDATE itself re-checks 'processing',
 * so two servers sweeping at once each time out other tickets, never one twice. The tickets timed out, at most `limit`.
 */
export async function timeOutExpiredTickets(
  db: Db,
  payMethods: number[],
  window: PaymentWindowSql,
  clock: SQL,
  limit: number,
): Promise<number[]> {
  const due = db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        eq(tickets.transactionStatusId, TRANSACTION_STATUS.processing),
        inArray(tickets.payMethodId, payMethods),
        windowOver(window, tickets.id, clock),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(tickets)
    .set({ transactionStatusId: TRANSACTION_STATUS.timeout, updatedAt: sql`now()` })
    .where(and(inArray(tickets.id, due), eq(tickets.transactionStatusId, TRANSACTION_STATUS.processing)))
    .returning({ id: tickets.id });
  return rows.map((row) => row.id);
}
