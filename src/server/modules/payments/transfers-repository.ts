// SQL of the bank transfers: a reported transfer is claimed by its (provider, transaction id) with one
// INSERT … ON CONFLICT DO NOTHING, and pays its ticket in the same transaction, so a replayed notification pays nothing.
// The tickets are read and moved through the tickets module, in these transactions.
import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { TRANSACTION_STATUS, VIETQR_PAY_METHOD } from '../../../shared/contract/booking';
import type { TransferReason } from '../../../shared/contract/partners';
import type { Db } from '../../db/client';
import { bankTransfers, payments, refunds, type TicketRow } from '../../db/schema';
import { NO_MESSAGES, type MessageWriter } from '../../outbox/writer';
import { paymentAmount } from './repository';
import {
  moveTransactionStatus,
  partnerTicketIds,
  ticketByCode,
  ticketById,
  ticketCodesOf,
  ticketsByCodes,
  touchTicket,
} from '../tickets/service';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface IncomingTransfer {
  provider: string;
  transactionId: string;
  reference: string;
  amount: number;
  note: string;
  transactionDate: string | null;
}

/** The ticket a transfer may pay, as the rule reads it. */
export interface TransferTicket {
  id: number;
  code: string;
  partnerId: number | null;
  payMethodId: number;
  transactionStatusId: number;
  status: number;
  totalCost: number;
}

/**
 * What a row of a notification did: paid its ticket, was stored for staff (with why), was stored as money into
 * another account (ignored) or as a row that is not a transfer (rejected), or had been received before.
 */
export type TransferOutcome =
  | { outcome: 'paid'; transferId: number; ticketId: number; paymentId: number }
  | { outcome: 'unmatched'; transferId: number; reason: TransferReason }
  | { outcome: 'ignored'; transferId: number }
  | { outcome: 'rejected' }
  | { outcome: 'duplicate' };

/** A row of a notification that is not a transfer: kept as a bounded excerpt and why, once per digest of the row. */
export interface RejectedIncoming {
  provider: string;
  key: string;
  excerpt: string;
  why: string;
}

/** Who settles a transfer: the webhook (null) or a staff member, and whether a ticket past its window may be paid. */
export interface Settler {
  staffId: number | null;
  /** The staff member's reason, recorded on the transfer ('' for none). */
  reason?: string;
  /** Staff may pay a ticket that timed out (99) or failed (3); the webhook pays only one still awaiting (1). */
  fromStatuses: number[];
}

/** How a payment by transfers settles: the short transfers before it that count, and the extra to refund (VND). */
export interface Settlement {
  earlier: number;
  extra: number;
}

/** The advisory lock class under which the transfers for one ticket are weighed one at a time (with its id). */
const TRANSFER_LOCK = 34_020;

/** What the short transfers naming `ticketId` add up to, this one (`except`) left out. */
async function shortSum(tx: Tx, ticketId: number, except: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${bankTransfers.amount}), 0)` })
    .from(bankTransfers)
    .where(
      and(
        eq(bankTransfers.namedTicketId, ticketId),
        eq(bankTransfers.status, 'unmatched'),
        eq(bankTransfers.reason, 'wrong_amount'),
        ne(bankTransfers.id, except),
      ),
    );
  return Number(row?.total ?? 0);
}

/** What a transfer reads of a ticket. */
const forTransfer = (row: TicketRow): TransferTicket => ({
  id: row.id,
  code: row.code,
  partnerId: row.partnerId,
  payMethodId: row.payMethodId,
  transactionStatusId: row.transactionStatusId,
  status: row.status,
  totalCost: row.totalCost,
});

export function createTransfersRepository(db: Db, messages: MessageWriter = NO_MESSAGES) {
  /**
   * Pays `ticket` with the claimed transfer `transferId`, inside `tx`: the transfer leaves 'unmatched' (only once), the
   * ticket's open VietQR attempt (or a new one, when the passenger never opened the code) is paid, the ticket leaves an
   * unpaid status for 2, and the "payment received" message is written. Null, with nothing changed by the caller's
   * rollback, when the ticket was no longer in one of `fromStatuses`.
   */
  async function pay(
    tx: Tx,
    transferId: number,
    transfer: { amount: number; reference: string },
    ticket: TransferTicket,
    by: Settler,
    settle?: Settlement,
  ): Promise<{ paymentId: number } | null> {
    const moved = await moveTransactionStatus(tx, {
      ticketId: ticket.id,
      from: by.fromStatuses,
      to: TRANSACTION_STATUS.success,
      payMethodId: VIETQR_PAY_METHOD,
      notCancelled: true,
    });
    if (!moved) return null;
    const [open] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.ticketId, ticket.id), eq(payments.gateway, 'vietqr'), eq(payments.status, 'pending')))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(1);
    const paid = { status: 'paid', gatewayTxnNo: transfer.reference.slice(0, 200), responseCode: '00', paidAt: sql`now()` };
    // Transfers that together make the total or more paid the ticket's total; the extra is refunded on its own.
    const amount = settle ? ticket.totalCost : transfer.amount;
    const [payment] = open
      ? await tx
          .update(payments)
          .set({ ...paid, amount, updatedAt: sql`now()` })
          .where(eq(payments.id, open.id))
          .returning({ id: payments.id, ticketId: payments.ticketId })
      : await tx
          .insert(payments)
          .values({
            ...paid,
            ticketId: ticket.id,
            gateway: 'vietqr',
            payMethodId: VIETQR_PAY_METHOD,
            chargeTypeId: 2,
            txnRef: `BT${transferId}`,
            amount,
            expiresAt: sql`now()`,
          })
          .returning({ id: payments.id, ticketId: payments.ticketId });
    if (!payment) throw new Error('the transfer payment row was not written');
    await tx
      .update(bankTransfers)
      .set({
        status: 'matched',
        reason: null,
        ticketId: ticket.id,
        paymentId: payment.id,
        matchedBy: by.staffId,
        matchedAt: sql`now()`,
        handReason: by.reason || null,
      })
      .where(eq(bankTransfers.id, transferId));
    if (settle?.earlier) {
      // The short transfers that named the ticket while it awaited are part of this payment.
      await tx
        .update(bankTransfers)
        .set({ status: 'matched', reason: null, ticketId: ticket.id, paymentId: payment.id, matchedAt: sql`now()` })
        .where(
          and(
            eq(bankTransfers.namedTicketId, ticket.id),
            eq(bankTransfers.status, 'unmatched'),
            eq(bankTransfers.reason, 'wrong_amount'),
          ),
        );
    }
    if (settle?.extra) {
      // More than the total arrived: the extra is owed back, a 'due' refund as a cancellation's, read by finance.
      await tx
        .insert(refunds)
        .values({ ticketId: ticket.id, paymentId: payment.id, amount: settle.extra, reason: 'overpaid', status: 'due' })
        .onConflictDoNothing({ target: [refunds.ticketId, refunds.reason] });
    }
    await messages.paymentApplied(tx, payment, 'paid', () => paymentAmount(tx, payment.id));
    return { paymentId: payment.id };
  }

  /** Drizzle rolls a transaction back on a throw: this one carries the answer ("no longer awaiting"). */
  class NotAwaiting extends Error {}
  const orNotAwaiting = async <T>(work: () => Promise<T>): Promise<T | 'not_awaiting'> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof NotAwaiting) return 'not_awaiting';
      throw error;
    }
  };
  const find = async (tx: Tx, codes: string[]) => (await ticketsByCodes(tx, codes)).map(forTransfer);

  return {
    async ticketByCode(code: string): Promise<TransferTicket | null> {
      const row = await ticketByCode(db, code);
      return row && forTransfer(row);
    },

    /**
     * Claims a reported transfer and, when `match` names its ticket, pays it, all in one transaction: a concurrent
     * replay waits on the unique index and then inserts nothing ('duplicate'). `match` answers the ticket to pay, or
     * why the transfer pays none (it is stored 'unmatched' with that reason).
     */
    async receive(
      incoming: IncomingTransfer,
      codes: string[],
      match: (
        found: TransferTicket[],
        earlier: number,
      ) => { ticket: TransferTicket; earlier: number; extra: number } | { reason: TransferReason },
    ): Promise<TransferOutcome> {
      const result = await db.transaction(async (tx): Promise<TransferOutcome> => {
        const first = (rows: TransferTicket[]) =>
          codes.map((code) => rows.find((row) => row.code === code)).find((row) => row !== undefined);
        let known = await find(tx, codes);
        // The ticket the note names (the first of its codes that is a ticket): its partner's staff see the transfer.
        let named = first(known);
        if (named) {
          // Two transfers for one ticket (the rest of a short one, sent twice) are weighed one after the other.
          await tx.execute(sql`select pg_advisory_xact_lock(${TRANSFER_LOCK}, ${named.id})`);
          known = await find(tx, codes);
          named = first(known);
        }
        const [claimed] = await tx
          .insert(bankTransfers)
          .values({
            ...incoming,
            note: incoming.note.slice(0, 1000),
            reference: incoming.reference.slice(0, 200),
            transactionDate: incoming.transactionDate?.slice(0, 50) ?? null,
            namedTicketId: named?.id ?? null,
          })
          .onConflictDoNothing({ target: [bankTransfers.provider, bankTransfers.transactionId] })
          .returning({ id: bankTransfers.id });
        if (!claimed) return { outcome: 'duplicate' };
        const found = match(known, named ? await shortSum(tx, named.id, claimed.id) : 0);
        if ('ticket' in found) {
          const paid = await pay(
            tx,
            claimed.id,
            incoming,
            found.ticket,
            { staffId: null, fromStatuses: [TRANSACTION_STATUS.processing] },
            { earlier: found.earlier, extra: found.extra },
          );
          if (paid) return { outcome: 'paid', transferId: claimed.id, ticketId: found.ticket.id, paymentId: paid.paymentId };
        }
        const reason = 'reason' in found ? found.reason : 'not_awaiting';
        await tx.update(bankTransfers).set({ reason }).where(eq(bankTransfers.id, claimed.id));
        // The passenger's open page learns of money that paid nothing by itself (a short transfer) within the second.
        if (named) await touchTicket(tx, named.id);
        return { outcome: 'unmatched', transferId: claimed.id, reason };
      });
      messages.wake();
      return result;
    },

    /**
     * The transfers a ticket's passenger may see: those paid into it and those naming it that paid nothing (yet),
     * oldest first. Money into another account, refused rows and transfers staff matched to another ticket are not.
     */
    async ticketTransfers(ticketId: number) {
      return db
        .select({
          amount: bankTransfers.amount,
          status: bankTransfers.status,
          reason: bankTransfers.reason,
          receivedAt: bankTransfers.receivedAt,
        })
        .from(bankTransfers)
        .where(
          or(
            and(eq(bankTransfers.ticketId, ticketId), eq(bankTransfers.status, 'matched')),
            and(eq(bankTransfers.namedTicketId, ticketId), eq(bankTransfers.status, 'unmatched')),
          ),
        )
        .orderBy(asc(bankTransfers.receivedAt), asc(bankTransfers.id))
        .limit(50);
    },

    /** The refund of the extra of an overpaid ticket, or null. */
    async overpaidRefund(ticketId: number): Promise<{ amount: number; status: 'due' | 'refunded' } | null> {
      const [row] = await db
        .select({ amount: refunds.amount, status: refunds.status })
        .from(refunds)
        .where(and(eq(refunds.ticketId, ticketId), eq(refunds.reason, 'overpaid')));
      return row ? { amount: row.amount, status: row.status === 'refunded' ? 'refunded' : 'due' } : null;
    },

    /** Money into another account than the receiving one: recorded once as 'ignored', paying nothing. */
    async ignore(incoming: IncomingTransfer): Promise<TransferOutcome> {
      const [claimed] = await db
        .insert(bankTransfers)
        .values({
          ...incoming,
          note: incoming.note.slice(0, 1000),
          reference: incoming.reference.slice(0, 200),
          transactionDate: incoming.transactionDate?.slice(0, 50) ?? null,
          status: 'ignored',
          reason: 'other_account',
        })
        .onConflictDoNothing({ target: [bankTransfers.provider, bankTransfers.transactionId] })
        .returning({ id: bankTransfers.id });
      return claimed ? { outcome: 'ignored', transferId: claimed.id } : { outcome: 'duplicate' };
    },

    /** A row that is not a transfer: recorded once per digest of the row (a retried batch adds nothing). */
    async reject(row: RejectedIncoming): Promise<TransferOutcome> {
      const [claimed] = await db
        .insert(bankTransfers)
        .values({
          provider: row.provider,
          transactionId: row.key,
          reference: '',
          amount: 0,
          note: row.excerpt.slice(0, 1000),
          status: 'rejected',
          reason: row.why.slice(0, 50),
        })
        .onConflictDoNothing({ target: [bankTransfers.provider, bankTransfers.transactionId] })
        .returning({ id: bankTransfers.id });
      return claimed ? { outcome: 'rejected' } : { outcome: 'duplicate' };
    },

    /**
     * A staff member of `partnerId` pays `ticket` with the unmatched transfer `transferId` (once: the transfer must still
     * be unmatched). A transfer whose note names no ticket of that partner is not found, whatever its state: its payer
     * is another partner's passenger, or the operator's to settle.
     */
    async matchByHand(
      transferId: number,
      ticket: TransferTicket,
      staff: { id: number; partnerId: number },
      reason: string,
    ): Promise<{ paymentId: number; matchedAt: Date } | 'not_found' | 'matched' | 'not_awaiting'> {
      const result = await orNotAwaiting(() =>
        db.transaction(async (tx) => {
          const [transfer] = await tx
            .select({
              amount: bankTransfers.amount,
              reference: bankTransfers.reference,
              status: bankTransfers.status,
              namedTicketId: bankTransfers.namedTicketId,
            })
            .from(bankTransfers)
            .where(eq(bankTransfers.id, transferId))
            .for('update');
          if (!transfer?.namedTicketId || (transfer.status !== 'unmatched' && transfer.status !== 'matched'))
            return 'not_found' as const;
          const named = await ticketById(tx, transfer.namedTicketId);
          if (named?.partnerId !== staff.partnerId) return 'not_found' as const;
          if (transfer.status !== 'unmatched') return 'matched' as const;
          const paid = await pay(tx, transferId, transfer, ticket, { staffId: staff.id, reason, fromStatuses: STAFF_FROM });
          if (!paid) throw new NotAwaiting();
          return { paymentId: paid.paymentId, matchedAt: new Date() };
        }),
      );
      messages.wake();
      return result;
    },

    /**
     * With the bank webhook configured, a staff member settles `ticket` by hand only with a transfer the bank reported:
     * the oldest unmatched one whose note names it pays it, recorded with who, when and why. 'not_reported' when the
     * bank reported none.
     */
    async confirmReported(
      ticket: TransferTicket,
      staffId: number,
      reason: string,
    ): Promise<{ paymentId: number; matchedAt: Date } | 'not_reported' | 'not_awaiting'> {
      const result = await orNotAwaiting(() =>
        db.transaction(async (tx) => {
          const [transfer] = await tx
            .select({ id: bankTransfers.id, amount: bankTransfers.amount, reference: bankTransfers.reference })
            .from(bankTransfers)
            .where(
              and(
                eq(bankTransfers.namedTicketId, ticket.id),
                eq(bankTransfers.status, 'unmatched'),
                ne(bankTransfers.provider, 'manual'),
              ),
            )
            .orderBy(asc(bankTransfers.receivedAt), asc(bankTransfers.id))
            .limit(1)
            .for('update');
          if (!transfer) {
            // None left: say so, unless a concurrent confirmation (or the webhook) has just paid the ticket.
            const now = await ticketById(tx, ticket.id);
            return now && STAFF_FROM.includes(now.transactionStatusId) ? ('not_reported' as const) : ('not_awaiting' as const);
          }
          const paid = await pay(tx, transfer.id, transfer, ticket, { staffId, reason, fromStatuses: STAFF_FROM });
          if (!paid) throw new NotAwaiting();
          return { paymentId: paid.paymentId, matchedAt: new Date() };
        }),
      );
      messages.wake();
      return result;
    },

    /**
     * A staff member saw the transfer arrive (no webhook configured): a 'manual' transfer of the ticket's total is
     * recorded (its transaction id is the ticket's, so a second confirmation inserts nothing) and pays the ticket.
     */
    async confirmByHand(
      ticket: TransferTicket,
      staffId: number,
      reason: string,
    ): Promise<{ paymentId: number } | 'not_awaiting'> {
      const result = await orNotAwaiting(() =>
        db.transaction(async (tx) => {
          const [claimed] = await tx
            .insert(bankTransfers)
            .values({
              provider: 'manual',
              transactionId: `ticket:${ticket.id}`,
              reference: `manual:${staffId}`,
              amount: ticket.totalCost,
              note: ticket.code,
              namedTicketId: ticket.id,
            })
            .onConflictDoNothing({ target: [bankTransfers.provider, bankTransfers.transactionId] })
            .returning({ id: bankTransfers.id });
          if (!claimed) throw new NotAwaiting();
          const paid = await pay(tx, claimed.id, { amount: ticket.totalCost, reference: `manual:${staffId}` }, ticket, {
            staffId,
            reason,
            fromStatuses: STAFF_FROM,
          });
          if (!paid) throw new NotAwaiting();
          return paid;
        }),
      );
      messages.wake();
      return result;
    },

    /** The unmatched transfers whose note names a ticket of `partnerId`, newest first. */
    async unmatched(partnerId: number, limit: number) {
      // The partner's tickets are the tickets module's subquery; their codes, its read of the rows found.
      const rows = await db
        .select()
        .from(bankTransfers)
        .where(and(eq(bankTransfers.status, 'unmatched'), inArray(bankTransfers.namedTicketId, partnerTicketIds(db, partnerId))))
        .orderBy(desc(bankTransfers.receivedAt), desc(bankTransfers.id))
        .limit(limit);
      const codes = await ticketCodesOf(
        db,
        rows.flatMap((row) => (row.namedTicketId === null ? [] : [row.namedTicketId])),
      );
      return rows.flatMap((row) => {
        const namedCode = row.namedTicketId === null ? undefined : codes.get(row.namedTicketId);
        return namedCode === undefined ? [] : [{ ...row, namedCode }];
      });
    },

    /** The unmatched transfers naming no ticket of ours (the operator's, no partner's) after `afterId`, oldest first. */
    async operatorsAfter(afterId: number, limit: number) {
      return db
        .select()
        .from(bankTransfers)
        .where(and(gt(bankTransfers.id, afterId), eq(bankTransfers.status, 'unmatched'), isNull(bankTransfers.namedTicketId)))
        .orderBy(asc(bankTransfers.id))
        .limit(limit);
    },

    async transferById(id: number) {
      const [row] = await db.select().from(bankTransfers).where(eq(bankTransfers.id, id));
      return row ?? null;
    },
  };
}

/** Staff may pay a ticket still awaiting (1), failed (3) or past its window (99), not a paid or cancelled one. */
const STAFF_FROM: number[] = [TRANSACTION_STATUS.processing, TRANSACTION_STATUS.error, TRANSACTION_STATUS.timeout];

export type TransfersRepository = ReturnType<typeof createTransfersRepository>;
