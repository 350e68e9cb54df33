// SQL of the payments and payment_events tables; the conditional updates of a ticket's transaction status that
// payments make are the tickets module's, run in this module's transactions. Every state change is one conditional
// UPDATE (… WHERE status = the expected one), never a read followed by a write, so concurrent callbacks,
// cancellations and time-outs cannot both win.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ONLINE_PAY_METHODS, TRANSACTION_STATUS, type PaymentGateway } from '../../../shared/contract/payments';
import type { Db } from '../../db/client';
import { NO_MESSAGES, type MessageWriter } from '../../outbox/writer';
import { paymentEvents, payments, sandboxCharges, type TicketRow } from '../../db/schema';
import { isStorableText } from '../../../shared/contract/yup-text';
import { VIETQR_PAY_METHOD } from '../../../shared/contract/booking';
import type { PaymentWindows } from '../../../shared/domain/payment-window';
import {
  changeTicketPayMethod,
  moveTransactionStatus,
  ticketByCode,
  ticketById,
  ticketPaymentPoll,
  timeOutExpiredTickets,
  timeOutTicketIfExpired,
  type PaymentWindowSql,
} from '../tickets/service';

export type PaymentRow = typeof payments.$inferSelect;

export interface TicketForPayment {
  id: number;
  code: string;
  totalCost: number;
  payMethodId: number;
  transactionStatusId: number;
  departAt: Date;
  createdAt: Date;
  /** The language the ticket was booked in. */
  lang: string;
}

/** The latest payment attempt as check_status reads it. */
export interface LatestAttempt {
  status: string;
  responseCode: string | null;
}

/** What a verified callback did. 'duplicate': the payment had been settled before. */
export type ApplyOutcome =
  | 'paid'
  | 'failed'
  | 'paid_after_cancel'
  | 'paid_after_timeout'
  | 'paid_after_error'
  | 'paid_twice'
  | 'paid_after_change'
  | 'failed_after_close'
  | 'duplicate';

export interface NewPayment {
  ticketId: number;
  gateway: PaymentGateway;
  payMethodId: number;
  chargeTypeId: number;
  txnRef: string;
  amount: number;
  locale: string;
  windowMinutes: number;
  /** What PayPal charges, in US cents, and the rate it was worked out at. */
  usdCents?: number;
  vndPerUsd?: number;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A callback's parameters as PostgreSQL can keep them: anyone can post a callback, and a NUL or a lone surrogate in
 * a name or a value (which jsonb cannot hold) becomes U+FFFD in the record instead of failing the record.
 */
function storableEvent(event: NewEvent): NewEvent {
  const clean = (text: string) =>
    isStorableText(text) ? text : text.replaceAll(String.fromCharCode(0), '\uFFFD').replace(LONE_SURROGATE, '\uFFFD');
  const params = Object.fromEntries(Object.entries(event.params).map(([name, value]) => [clean(name), clean(String(value))]));
  return { ...event, txnRef: clean(event.txnRef), rspCode: clean(event.rspCode), params };
}

/** The advisory lock key that serialises the refused callbacks' hourly cap. */
const REFUSED_LOCK = 0x7061_7972; // 'payr'

/** How much of a refused callback is kept: enough to see what it claimed, never what it carried. */
export const REFUSED_EXCERPT_BYTES = 512;

/** A change of method that lost its compare-and-set: its transaction is rolled back. */
class Unchanged extends Error {}

/** A refused callback's parameters as one bounded excerpt (its first bytes, as JSON). */
function refusedExcerpt(event: NewEvent): NewEvent {
  const whole = JSON.stringify(event.params);
  const bytes = Buffer.from(whole, 'utf8');
  const excerpt =
    bytes.length <= REFUSED_EXCERPT_BYTES
      ? whole
      : bytes
          .subarray(0, REFUSED_EXCERPT_BYTES)
          .toString('utf8')
          .replace(/\uFFFD$/, '');
  return {
    ...event,
    txnRef: event.txnRef.slice(0, 64),
    detail: event.detail.slice(0, 64),
    params: { excerpt, bytes: String(bytes.length) },
  };
}

export interface NewEvent {
  paymentId: number | null;
  gateway: PaymentGateway;
  txnRef: string;
  params: Record<string, string>;
  signatureOk: boolean;
  result: 'applied' | 'duplicate' | 'rejected';
  detail: string;
  rspCode: string;
}

/**
 * A ticket's payment window, as the tickets module's statements take it: it runs from the latest payment attempt's
 * start, and lasts a bank transfer's minutes or a card's, by the ticket's method.
 */
const windowSql = (windows: PaymentWindows): PaymentWindowSql => ({
  startedAt: (ticketId: SQLWrapper | number) =>
    sql`(select max(${payments.createdAt}) from ${payments} where ${payments.ticketId} = ${ticketId})`,
  length: (payMethodId: SQLWrapper) =>
    sql`make_interval(mins => (case when ${payMethodId} = ${VIETQR_PAY_METHOD} then ${windows.transfer}::int else ${windows.card}::int end))`,
});

/** What a payment reads of a ticket. */
const forPayment = (row: TicketRow): TicketForPayment => ({
  id: row.id,
  code: row.code,
  totalCost: row.totalCost,
  payMethodId: row.payMethodId,
  transactionStatusId: row.transactionStatusId,
  departAt: row.departAt,
  createdAt: row.createdAt,
  lang: row.lang,
});

/** Where a payment that arrived after the ticket had left 'processing' goes, by the ticket's status then. */
const LATE_PAID: Record<number, ApplyOutcome> = {
  [TRANSACTION_STATUS.cancel]: 'paid_after_cancel',
  [TRANSACTION_STATUS.timeout]: 'paid_after_timeout',
  [TRANSACTION_STATUS.error]: 'paid_after_error',
  [TRANSACTION_STATUS.success]: 'paid_twice',
};

/** `messages`: the outbox writer: what a payment tells the passenger is written in its transaction. */
/** A payment's amount, read in the caller's transaction (the message of a settled payment names it). */
export async function paymentAmount(executor: Pick<Db, 'select'>, paymentId: number): Promise<number | undefined> {
  const [paid] = await executor.select({ amount: payments.amount }).from(payments).where(eq(payments.id, paymentId));
  return paid?.amount;
}

export function createPaymentsRepository(db: Db, messages: MessageWriter = NO_MESSAGES) {
  return {
    async ticketById(id: number): Promise<TicketForPayment | null> {
      const row = await ticketById(db, id);
      return row && forPayment(row);
    },

    async ticketByCode(code: string): Promise<TicketForPayment | null> {
      const row = await ticketByCode(db, code);
      return row && forPayment(row);
    },

    /**
     * A new attempt. With `reopenFrom` (the ticket failed or timed out), the ticket awaits payment again in the same
     * transaction: the window sweep never sees it reopened with only its old, closed attempt (it would time it out
     * again under the attempt). Answers null when the ticket had left `reopenFrom` meanwhile (nothing is written).
     */
    async createPayment(input: NewPayment, reopenFrom?: number): Promise<PaymentRow | null> {
      const { windowMinutes, ...values } = input;
      return db.transaction(async (tx) => {
        if (reopenFrom !== undefined) {
          const reopened = await moveTransactionStatus(tx, {
            ticketId: input.ticketId,
            from: [reopenFrom],
            to: TRANSACTION_STATUS.processing,
          });
          if (!reopened) return null;
        }
        // The database's clock, the same one the time-out rule reads.
        const [row] = await tx
          .insert(payments)
          .values({ ...values, expiresAt: sql`now() + make_interval(mins => ${windowMinutes}::int)` })
          .returning();
        if (!row) throw new Error('payment insert returned no row');
        return row;
      });
    },

    /** The order the gateway opened for a pending attempt (PayPal's order id). */
    async setGatewayOrder(paymentId: number, orderId: string): Promise<void> {
      await db
        .update(payments)
        .set({ gatewayOrderId: orderId, updatedAt: sql`now()` })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
    },

    async paymentByTxnRef(txnRef: string): Promise<PaymentRow | null> {
      const [row] = await db.select().from(payments).where(eq(payments.txnRef, txnRef));
      return row ?? null;
    },

    async latestPayment(ticketId: number): Promise<PaymentRow | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(eq(payments.ticketId, ticketId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(1);
      return row ?? null;
    },

    /**
     * Applies a verified result once, in one transaction: the payment leaves 'pending' (only one callback can do
     * that), then the ticket leaves 'processing' (only if nothing else, a cancellation, a time-out or a change of
     * method, did first: a ticket is paid only by an attempt of the method it is still to be paid by).
     * The callback's audit event (`eventFor`) is written in the same transaction, so a crash cannot keep the one
     * without the other (the crash test found applied payments without their event), and so are the messages that
     * tell the passenger.
     */
    async applyResult(
      payment: Pick<PaymentRow, 'id' | 'ticketId' | 'payMethodId'>,
      result: { success: boolean; gatewayTxnNo: string; responseCode: string },
      eventFor?: (outcome: ApplyOutcome) => NewEvent,
    ): Promise<ApplyOutcome> {
      const applied = await db.transaction(async (tx) => {
        const outcome = await (async (): Promise<ApplyOutcome> => {
          const [settled] = await tx
            .update(payments)
            .set({
              status: result.success ? 'paid' : 'failed',
              gatewayTxnNo: result.gatewayTxnNo,
              responseCode: result.responseCode,
              paidAt: result.success ? sql`now()` : null,
              updatedAt: sql`now()`,
            })
            .where(
              and(
                eq(payments.id, payment.id),
                // An attempt the browser said it left (Back from the gateway) that is paid all the same was paid: the
                // money is real. A failure of it changes nothing (it is not paid already).
                result.success ? inArray(payments.status, ['pending', 'abandoned']) : eq(payments.status, 'pending'),
              ),
            )
            .returning({ id: payments.id });
          if (!settled) {
            // The ticket changed its method while this attempt was open (the attempt was voided with the change):
            // money that still arrives for it is never the ticket's payment; it is marked for its refund.
            if (!result.success) return 'duplicate';
            const [late] = await tx
              .update(payments)
              .set({
                status: 'paid_after_change',
                gatewayTxnNo: result.gatewayTxnNo,
                responseCode: result.responseCode,
                paidAt: sql`now()`,
                updatedAt: sql`now()`,
              })
              .where(and(eq(payments.id, payment.id), eq(payments.status, 'void')))
              .returning({ id: payments.id });
            return late ? 'paid_after_change' : 'duplicate';
          }

          const moved = await moveTransactionStatus(tx, {
            ticketId: payment.ticketId,
            from: [TRANSACTION_STATUS.processing],
            to: result.success ? TRANSACTION_STATUS.success : TRANSACTION_STATUS.error,
            // An attempt the change of method did not see (opened while the change committed) never pays a
            // ticket now paid another way: a night booking changed to cash still awaits, and stays cash.
            payMethodId: payment.payMethodId,
          });
          if (moved) return result.success ? 'paid' : 'failed';
          if (!result.success) return 'failed_after_close';

          // The ticket had already left 'processing', or is paid another way now: the money was taken for a ticket
          // that will not be served as paid by it, so the payment is marked for a refund, by what had happened.
          const ticket = await ticketById(tx, payment.ticketId);
          const late =
            ticket && ticket.payMethodId !== payment.payMethodId
              ? 'paid_after_change'
              : (LATE_PAID[ticket?.transactionStatusId ?? TRANSACTION_STATUS.cancel] ?? 'paid_after_cancel');
          await tx
            .update(payments)
            .set({ status: late, updatedAt: sql`now()` })
            .where(eq(payments.id, payment.id));
          return late;
        })();
        if (eventFor) await tx.insert(paymentEvents).values(storableEvent(eventFor(outcome)));
        await messages.paymentApplied(tx, payment, outcome, () => paymentAmount(tx, payment.id));
        return outcome;
      });
      messages.wake();
      return applied;
    },

    async recordEvent(event: NewEvent): Promise<void> {
      await db.insert(paymentEvents).values(storableEvent(event));
    },

    /**
     * A refused callback, kept small and few: its parameters only as a bounded excerpt, and at most `perHour` such
     * rows in any hour. The count and the insert are one statement under a transaction-scoped advisory lock, so
     * concurrent refusals (and several processes) cannot pass the cap together. Answers whether it was kept.
     */
    async recordRefused(event: NewEvent, perHour: number): Promise<boolean> {
      const small = refusedExcerpt(storableEvent(event));
      return db.transaction(async (tx) => {
        // Serialises every refusal's count-and-insert (across processes): the cap cannot be passed by a burst.
        await tx.execute(sql`select pg_advisory_xact_lock(${REFUSED_LOCK})`);
        const [kept] = await tx
          .select({ count: sql<number>`count(*)`.mapWith(Number) })
          .from(paymentEvents)
          .where(and(eq(paymentEvents.result, 'rejected'), sql`${paymentEvents.receivedAt} > now() - interval '1 hour'`));
        if ((kept?.count ?? 0) >= perHour) return false;
        await tx.insert(paymentEvents).values({ ...small, result: 'rejected' });
        return true;
      });
    },

    /** The sandbox gateways' books: a charge their page made (a repeat of its number books nothing). */
    async sandboxCharge(entry: { gateway: string; txnNo: string; txnRef: string; amount: number }): Promise<void> {
      await db.insert(sandboxCharges).values(entry).onConflictDoNothing({ target: sandboxCharges.txnNo });
    },

    /**
     * Refunds a charge of the sandbox's books once, in one UPDATE: the refund's id (the first one's for a repeat), or
     * null when the books hold no such charge (another number, reference, amount or gateway).
     */
    async sandboxRefund(entry: { gateway: string; txnNo: string; txnRef: string; amount: number }): Promise<string | null> {
      const fresh = `SBR${randomBytes(6).toString('hex').toUpperCase()}`;
      const [row] = await db
        .update(sandboxCharges)
        .set({
          refundId: sql`coalesce(${sandboxCharges.refundId}, ${fresh})`,
          refundedAt: sql`coalesce(${sandboxCharges.refundedAt}, now())`,
        })
        .where(
          and(
            eq(sandboxCharges.txnNo, entry.txnNo),
            eq(sandboxCharges.gateway, entry.gateway),
            eq(sandboxCharges.txnRef, entry.txnRef),
            eq(sandboxCharges.amount, entry.amount),
          ),
        )
        .returning({ refundId: sandboxCharges.refundId });
      return row?.refundId ?? null;
    },

    /** A payment marked for its refund (paid after a change of method) whose refund the gateway made. */
    async markRefunded(paymentId: number): Promise<boolean> {
      const rows = await db
        .update(payments)
        .set({ status: 'refunded', updatedAt: sql`now()` })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'paid_after_change')))
        .returning({ id: payments.id });
      return rows.length > 0;
    },

    /**
     * spec 4, 9: a ticket still processing when the payment window has passed times out (99). The window runs
     * from the latest payment attempt, or from the booking when there is none; one conditional UPDATE.
     */
    /**
     * check_status's one read: the ticket, when its latest payment attempt started, and whether its payment window
     * is over by the database's clock (the time-out rule's clock). A poll of a ticket still in its window, which is
     * nearly every poll, needs no other query.
     */
    async pollState(
      ticketId: number,
      windows: PaymentWindows,
    ): Promise<{ ticket: TicketForPayment; startedAt: Date | null; expired: boolean; latest: LatestAttempt | null } | null> {
      const window = windowSql(windows);
      // The latest attempt's start, status and gateway code (a declined or abandoned one is "not paid" at once).
      const latest = (ticketId: SQL, column: typeof payments.status | typeof payments.responseCode) =>
        sql<
          string | null
        >`(select ${column} from ${payments} where ${payments.ticketId} = ${ticketId} order by ${payments.createdAt} desc, ${payments.id} desc limit 1)`;
      const row = await ticketPaymentPoll(db, ticketId, window, (ticketId) => ({
        startedAt: window.startedAt(ticketId).mapWith(payments.createdAt),
        latestStatus: latest(ticketId, payments.status),
        latestCode: latest(ticketId, payments.responseCode),
      }));
      if (!row) return null;
      const { startedAt: started, latestStatus, latestCode } = row.extra;
      const expired = row.expired;
      return {
        ticket: forPayment(row.ticket),
        startedAt: started,
        expired,
        latest: latestStatus === null ? null : { status: latestStatus, responseCode: latestCode },
      };
    },

    /**
     * The gateway's signed return says the passenger went back without paying: the attempt is closed as
     * 'abandoned' (only while still pending; a callback that came first wins). The ticket stays awaiting payment.
     */
    async markAbandoned(paymentId: number, responseCode: string, gatewayTxnNo: string): Promise<boolean> {
      const rows = await db
        .update(payments)
        .set({ status: 'abandoned', responseCode, gatewayTxnNo, updatedAt: sql`now()` })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
        .returning({ id: payments.id });
      return rows.length > 0;
    },

    /** What a change of method needs: the ticket's fee, its promotion code and its night state. */
    async methodState(ticketId: number) {
      const row = await ticketById(db, ticketId);
      return (
        row && {
          ...forPayment(row),
          paypalFee: row.paypalFee,
          status: row.status,
          isNightBooking: row.isNightBooking,
          nightStatus: row.nightStatus,
          promotionCode: row.promotionCode,
        }
      );
    },

    /**
     * A change of method: a compare-and-set on the method and the transaction status it was read with. The ticket's
     * open attempts (pending, or left by the browser and still payable) are voided in the same transaction, before the
     * ticket (the order applyResult locks them in): a capture or callback of one of them either settled it first (the
     * ticket then left 'processing' and the change fails) or finds it void and is refunded, never paid on the ticket.
     */
    async changeMethod(
      ticketId: number,
      expected: { payMethodId: number; transactionStatusId: number },
      set: { payMethodId: number; paypalFee: number; totalCost: number; transactionStatusId: number },
    ): Promise<boolean> {
      return db
        .transaction(async (tx) => {
          await tx
            .update(payments)
            .set({ status: 'void', updatedAt: sql`now()` })
            .where(and(eq(payments.ticketId, ticketId), inArray(payments.status, ['pending', 'abandoned'])));
          // The ticket moved meanwhile: its attempts are left as they were.
          if (!(await changeTicketPayMethod(tx, ticketId, expected, set))) throw new Unchanged();
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof Unchanged) return false;
          throw error;
        });
    },

    async timeOutIfExpired(ticketId: number, windows: PaymentWindows): Promise<boolean> {
      // A postpaid ticket (pay method 3) has no payment window.
      return timeOutTicketIfExpired(db, ticketId, [...ONLINE_PAY_METHODS], windowSql(windows));
    },

    /**
     * The payment window's sweep: every online ticket still processing whose window has passed times out (99), in one
     * UPDATE. Its candidates are locked with SKIP LOCKED and the UPDATE itself re-checks 'processing', so two servers
     * sweeping at once each time out other tickets, never one twice (a ticket another statement holds is left for the
     * next sweep). `at`: the clock (a test's); the database's otherwise.
     * Answers the tickets timed out, at most `limit`.
     */
    async timeOutExpired(windows: PaymentWindows, at: Date | null, limit: number): Promise<number[]> {
      const clock = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
      return timeOutExpiredTickets(db, [...ONLINE_PAY_METHODS], windowSql(windows), clock, limit);
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
