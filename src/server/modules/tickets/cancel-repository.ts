// SQL of the cancellation (spec 4, 7): cancel tokens, the one conditional UPDATE that cancels a ticket together with
// the refund it owes (recorded by the payments module), the member balance and the business credit it gives back
// (one transaction), the reasons list and the feedback.
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cancelFeedback, cancelReasons, cancelTokens, tickets, tripEvents, type TicketRow } from '../../db/schema';
import { TICKET_STATUS, TRANSACTION_STATUS } from '../../../shared/contract/booking';
import { statesBefore } from '../../../shared/contract/tickets';
import { tripStateOf } from './trip-state';
import { NO_MESSAGES, type MessageWriter } from '../../outbox/writer';
import type { ForgetDriverPosition, ReturnMemberPromotion, TicketCreditBook, Tx } from './ports';

export interface CancelOutcome {
  row: TicketRow;
  refundAmount: number;
  memberPromotionReturned: number;
  /** What went back to a business partner's credit (the ticket was paid on credit), 0 when nothing. */
  creditReturned: number;
}

export type CancelReason = 'passenger_cancel' | 'partner_refused';

/** Who cancels on the passenger's behalf, as the trip's history records it: 'desk', the member's id and reason. */
export interface CancelledBy {
  actor: 'desk';
  actorId: number;
  reason: string;
}

/** What the cancellation needs of the payments module (app.ts hands it in): the refunds a ticket owes. */
export interface RefundBook {
  /** The amount of the ticket's successful online payment, 0 when none. */
  paidAmount(ticketId: number): Promise<number>;
  /** In the cancelling transaction: the refund owed for a paid online payment, null when nothing was paid online. */
  recordOwed(tx: Tx, ticketId: number, now: Date, reason: CancelReason): Promise<{ paymentId: number; amount: number } | null>;
}

/**
 * The modules that hold what a cancelled ticket gives back (app.ts hands them in): the payments module's refunds, the
 * business module's credit and the accounts module's member balance, each written in the cancelling transaction.
 */
export interface CancellationBooks {
  refunds: RefundBook;
  credit: Pick<TicketCreditBook, 'giveBack'>;
  returnMemberPromotion: ReturnMemberPromotion;
  /** The partners module's: the driver's shared position goes with the cancellation. */
  forgetPosition?: ForgetDriverPosition;
}

/**
 * What a cancelled ticket owes, in the cancelling transaction: a refund row for a paid online payment (status due),
 * the member balance it used and the business credit it was paid from given back, and its driver's shared position
 * deleted. The passenger's cancellation and
 * the partner's refusal both use it, and it writes the messages that tell the passenger.
 */
export function createCancellationSettler(
  { refunds, credit, returnMemberPromotion, forgetPosition }: CancellationBooks,
  messages: MessageWriter = NO_MESSAGES,
) {
  return async function settleCancellation(
    tx: Tx,
    row: TicketRow,
    now: Date,
    reason: CancelReason,
  ): Promise<Omit<CancelOutcome, 'row'>> {
    const paid = await refunds.recordOwed(tx, row.id, now, reason);
    const refundAmount = paid?.amount ?? 0;
    let memberPromotionReturned = 0;
    if (row.userId !== null && row.memberPromotionCost > 0) {
      if (await returnMemberPromotion(tx, row.userId, row.memberPromotionCost)) memberPromotionReturned = row.memberPromotionCost;
    }
    const creditReturned = await credit.giveBack(tx, row.id, now, reason);
    // The driver on the way no longer is: the position they shared is deleted now, not when their screen next reads.
    await forgetPosition?.(tx, row.id);
    // The cancellation is told first, then the refund it owes.
    await messages.write(tx, reason === 'partner_refused' ? 'partner_refused' : 'cancelled', row, {
      cancelledAt: now,
      memberReturned: memberPromotionReturned,
    });
    if (paid)
      await messages.write(tx, 'refund_owed', row, {
        discriminator: `payment-${paid.paymentId}`,
        amount: paid.amount,
        cancelledAt: now,
      });
    return { refundAmount, memberPromotionReturned, creditReturned };
  };
}

export type SettleCancellation = ReturnType<typeof createCancellationSettler>;

/** Ticket statuses a cancellation may start from: the trip has not begun, ended or been cancelled. */
const CANCELLABLE_STATUSES = [TICKET_STATUS.pending];

/**
 * `books`: the payments, business and accounts modules' (what a cancellation gives back); `messages`: the outbox
 * writer: a cancellation's messages are written in its transaction.
 */
export function createCancelRepository(db: Db, books: CancellationBooks, messages: MessageWriter = NO_MESSAGES) {
  const { refunds } = books;
  const settleCancellation = createCancellationSettler(books, messages);

  /**
   * In `tx`: the passenger's cancellation (by the passenger, or by the operator desk on their behalf: `by` names the
   * member and their reason for the history) with what it owes and its messages. Null when the ticket may not be
   * cancelled (it moved meanwhile, began, departed, or is cancelled).
   */
  async function cancelIn(tx: Tx, ticketId: number, now: Date, by?: CancelledBy): Promise<CancelOutcome | null> {
    // The trip state it leaves, for the history (the UPDATE below still checks it has not moved meanwhile).
    const [before] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for('update');
    if (!before) return null;
    const fromState = tripStateOf(before);
    if (!statesBefore('cancelled', 'passenger').includes(fromState)) return null;
    const [row] = await tx
      .update(tickets)
      .set({
        tripState: 'cancelled',
        status: TICKET_STATUS.cancelled,
        transactionStatusId: TRANSACTION_STATUS.cancel,
        cancelledAt: now,
        updatedAt: now,
        nightStatus: sql`case when ${tickets.nightStatus} in ('pending', 'contacting') then 'cancelled' else ${tickets.nightStatus} end`,
      })
      .where(
        and(
          eq(tickets.id, ticketId),
          sql`${tickets.transactionStatusId} <> ${TRANSACTION_STATUS.cancel}`,
          inArray(tickets.status, CANCELLABLE_STATUSES),
          gt(tickets.departAt, now),
          eq(tickets.tripState, before.tripState),
        ),
      )
      .returning();
    if (!row) return null;
    await tx.insert(tripEvents).values({
      ticketId,
      fromState,
      toState: 'cancelled',
      actor: by?.actor ?? 'passenger',
      actorId: by ? by.actorId : row.userId,
      reason: by?.reason ?? '',
      at: now,
    });
    const settled = await settleCancellation(tx, row, now, 'passenger_cancel');
    return { row, ...settled };
  }

  return {
    async insertToken(values: { ticketId: number; tokenHash: string; expiresAt: Date; createdAt: Date }): Promise<void> {
      await db.insert(cancelTokens).values(values);
    },

    /** The ticket a live token was given for, or null (unknown, expired, or for another ticket). */
    async liveToken(tokenHash: string, ticketId: number, now: Date): Promise<{ id: number } | null> {
      const [row] = await db
        .select({ id: cancelTokens.id })
        .from(cancelTokens)
        .where(and(eq(cancelTokens.tokenHash, tokenHash), eq(cancelTokens.ticketId, ticketId), gt(cancelTokens.expiresAt, now)))
        .limit(1);
      return row ?? null;
    },

    /** The amount of the ticket's successful online payment, 0 when none. */
    paidAmount: (ticketId: number) => refunds.paidAmount(ticketId),

    /**
     * One transaction: the conditional UPDATE (only a ticket that is not cancelled, has not begun and departs after
     * `now` changes, so of two racing calls one wins), then the refund of a paid online payment and the return of
     * the member balance the ticket used, and the messages that tell it. Null when the UPDATE changed nothing.
     */
    async cancel(ticketId: number, now: Date, tokenId: number): Promise<CancelOutcome | null> {
      const outcome = await db.transaction(async (tx) => {
        const cancelled = await cancelIn(tx, ticketId, now);
        if (cancelled) await tx.update(cancelTokens).set({ usedAt: now }).where(eq(cancelTokens.id, tokenId));
        return cancelled;
      });
      if (outcome) messages.wake();
      return outcome;
    },

    cancelIn,

    async activeReasons() {
      return db
        .select({ id: cancelReasons.id, textVi: cancelReasons.textVi, textEn: cancelReasons.textEn })
        .from(cancelReasons)
        .where(eq(cancelReasons.active, true))
        .orderBy(asc(cancelReasons.sort), asc(cancelReasons.id));
    },

    /** One answer per ticket: a second one replaces the first. */
    async saveFeedback(values: { ticketId: number; reasonId: number; note: string; at: Date }): Promise<void> {
      await db
        .insert(cancelFeedback)
        .values({
          ticketId: values.ticketId,
          reasonId: values.reasonId,
          note: values.note,
          createdAt: values.at,
          updatedAt: values.at,
        })
        .onConflictDoUpdate({
          target: cancelFeedback.ticketId,
          set: { reasonId: values.reasonId, note: values.note, updatedAt: values.at },
        });
    },
  };
}

export type CancelRepository = ReturnType<typeof createCancelRepository>;
