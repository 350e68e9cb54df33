// The tickets as the partner console works on them (the partners module reaches them here, handed in by app.ts): a
// partner's tickets and one of them by code, the one conditional UPDATE that moves a ticket's trip state together with
// the trip_events row that records it (and, for a refusal, what a cancelled ticket owes), and the ticket's lock and
// touch inside the console's assignment transaction.
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { TripActor, TripState } from '../../../shared/contract/tickets';
import type { Db } from '../../db/client';
import { tickets, tripEvents, type TicketRow } from '../../db/schema';
import type { MessageEvent } from '../../outbox/events';
import { NO_MESSAGES, type MessageWriter } from '../../outbox/writer';
import type { SettleCancellation } from './cancel-repository';
import type { Tx } from './ports';

export interface TripMove {
  ticketId: number;
  partnerId: number | null;
  /** trip_state as read (the UPDATE changes the ticket only if it still holds it). */
  storedFrom: string;
  /** The state the machine moved from (tripStateOf), recorded in the history. */
  from: TripState;
  to: TripState;
  status: number;
  /** null keeps the transaction status. */
  transactionStatusId: number | null;
  actor: TripActor;
  actorId: number | null;
  reason: string;
  at: Date;
  /** Other columns the move sets (the night flow's answer, the cancellation time). */
  extra?: Partial<typeof tickets.$inferInsert>;
  /** A refusal settles what the ticket owes (refund, member balance), as a cancellation does, and tells it. */
  settle?: 'partner_refused';
  /** What the move tells the passenger, written with it; a settled refusal tells its own. */
  message?: MessageEvent;
}

/**
 * `settleCancellation`: what a refused ticket owes (its refund, balances and messages); `messages`: the outbox
 * writer: each move's messages are written in its transaction.
 */
export function createPartnerDesk(db: Db, settleCancellation: SettleCancellation, messages: MessageWriter = NO_MESSAGES) {
  return {
    /** One page of the partner's tickets, newest first, and whether another page follows. */
    async partnerTickets(partnerId: number, page: number, size: number, states: TripState[] = []) {
      const where: SQL[] = [eq(tickets.partnerId, partnerId)];
      if (states.length) where.push(inArray(tickets.tripState, states));
      const rows = await db
        .select()
        .from(tickets)
        .where(and(...where))
        .orderBy(desc(tickets.createdAt), desc(tickets.id))
        .limit(size + 1)
        .offset((page - 1) * size);
      return { rows: rows.slice(0, size), more: rows.length > size };
    },

    /** The partner's ticket by code; another partner's ticket is not found, like an unknown code. */
    async partnerTicket(partnerId: number, code: string): Promise<TicketRow | undefined> {
      const [row] = await db
        .select()
        .from(tickets)
        .where(and(eq(tickets.code, code), eq(tickets.partnerId, partnerId)))
        .limit(1);
      return row;
    },

    /** A ticket by id, of the partner given (the driver's trip link knows its ticket by id). */
    async partnerTicketById(partnerId: number, ticketId: number): Promise<TicketRow | undefined> {
      const [row] = await db
        .select()
        .from(tickets)
        .where(and(eq(tickets.id, ticketId), eq(tickets.partnerId, partnerId)))
        .limit(1);
      return row;
    },

    /**
     * The conditional UPDATE (only a ticket still in `from`, of this partner when one is given, changes: of two
     * racing calls one wins) and its trip_events row, in one transaction. Null when the UPDATE changed nothing.
     */
    async move(write: TripMove): Promise<TicketRow | null> {
      const moved = await db.transaction(async (tx) => {
        const where: SQL[] = [eq(tickets.id, write.ticketId), eq(tickets.tripState, write.storedFrom)];
        if (write.partnerId !== null) where.push(eq(tickets.partnerId, write.partnerId));
        const [row] = await tx
          .update(tickets)
          .set({
            tripState: write.to,
            status: write.status,
            ...(write.transactionStatusId !== null ? { transactionStatusId: write.transactionStatusId } : {}),
            ...write.extra,
            updatedAt: write.at,
          })
          .where(and(...where))
          .returning();
        if (!row) return null;
        await tx.insert(tripEvents).values({
          ticketId: write.ticketId,
          fromState: write.from,
          toState: write.to,
          actor: write.actor,
          actorId: write.actorId,
          reason: write.reason,
          at: write.at,
        });
        if (write.settle) await settleCancellation(tx, row, write.at, write.settle);
        else if (write.message) await messages.write(tx, write.message, row, { cancelledAt: row.cancelledAt ?? undefined });
        return row;
      });
      if (moved) messages.wake();
      return moved;
    },

    /**
     * In the console's transaction: locks the ticket if it is still the partner's and in `state` (a move racing the
     * assignment is then seen); undefined otherwise.
     */
    async lockIn(tx: Tx, ticket: { ticketId: number; partnerId: number; state: string }): Promise<{ id: number } | undefined> {
      const [row] = await tx
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.id, ticket.ticketId), eq(tickets.partnerId, ticket.partnerId), eq(tickets.tripState, ticket.state)))
        .for('update');
      return row;
    },

    /** In the console's transaction: marks the ticket changed (its live page hears of it). */
    async touchIn(tx: Tx, ticketId: number, at: Date): Promise<void> {
      await tx.update(tickets).set({ updatedAt: at }).where(eq(tickets.id, ticketId));
    },
  };
}

export type PartnerDesk = ReturnType<typeof createPartnerDesk>;
