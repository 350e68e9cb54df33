// The operator desk's rules for tickets: the search and a ticket's timeline (its states, its payments and refunds from
// the payments module, its messages from the messages module, its driver from the partners module, the desk's own
// audit entries), and the desk's actions, each in one transaction with its audit entry (who, when, before, after and
// the reason): a refund marked paid, the passenger's cancellation made for them, a move to another partner serving
// the trip, and the booking messages sent again (at most once in DESK_RESEND_MINUTES).
import {
  DESK_REFUND_ROLES,
  DESK_RESEND_MINUTES,
  DESK_TICKETS_ERROR_KEYS as K,
  DESK_TICKETS_PAGE_SIZE,
  type DeskPartnerRef,
  type DeskRefundPaidInput,
  type DeskTicketMoveInput,
  type DeskTicketPage,
  type DeskTicketReasonInput,
  type DeskTicketRow,
  type DeskTicketSearch,
  type DeskTimeline,
  type TimelineEntry,
} from '../../../shared/contract/desk-tickets';
import { TICKET_STATUS, TRANSACTION_STATUS } from '../../../shared/contract/booking';
import type { TripState } from '../../../shared/contract/tickets';
import type { Db } from '../../db/client';
import type { TicketRow } from '../../db/schema';
import { refuse, type Refusal, type Result } from '../../http/refusal';
import type { MessageWriter } from '../../outbox/writer';
import { audit, auditCountSince, auditOfSubject, type DeskActor } from '../desk/service';
import type { CancelRepository } from './cancel-repository';
import { cancelBlock } from './cancel-service';
import type { DeskTicketsRepository } from './desk-repository';
import type { AssignedDrivers, Tx } from './ports';
import { tripStateOf } from './trip-state';

/** A refund owed and what the desk paid of it (the payments module's RefundState). */
interface RefundState {
  owed: number;
  paidOut: number;
  status: 'due' | 'refunded';
}

/** What the desk's tickets need of the other modules (app.ts hands them in). */
export interface TicketsDeskPorts {
  /** The payments module's refund desk (payments/refunds.ts createRefundDesk). */
  refunds: {
    history(ticketId: number): Promise<{
      payments: { gateway: string; amount: number; status: string; createdAt: Date; paidAt: Date | null }[];
      refunds: { amount: number; reason: string; status: string; createdAt: Date }[];
      payouts: { amount: number; method: string; reference: string; staffId: number | null; at: Date }[];
    }>;
    state(ticketId: number): Promise<RefundState | null>;
    markPaid(
      tx: Tx,
      payout: { ticketId: number; amount: number; method: string; reference: string; staffId: number | null; at: Date },
    ): Promise<{ before: RefundState; after: RefundState } | 'none' | { over: number }>;
  };
  /** The messages module's: the ticket's outbox rows (no payload). */
  ticketMessages(
    ticketId: number,
  ): Promise<{ event: string; channel: string; status: string; createdAt: Date; sentAt: Date | null }[]>;
  /** The partners module's: the driver and car on the ticket. */
  assignedDrivers: AssignedDrivers;
  /** The partners module's: in the move's transaction, the old partner's driver and car leave the ticket. */
  endAssignment(tx: Tx, ticketId: number): Promise<{ driverId: number } | null>;
  /** The pricing module's: every partner's name by id. */
  partnerNames(): Promise<Map<number, string>>;
  /** The pricing module's: the partners that serve a booked trip. */
  servingPartners(trip: {
    kind: string;
    vehicleId: number;
    dimensionId: number;
    pickProvince: string;
    dropProvince: string;
    departAt: Date;
  }): Promise<{ id: number; name: string }[]>;
}

export interface TicketsDeskDeps extends TicketsDeskPorts {
  db: Db;
  repository: DeskTicketsRepository;
  /** The passenger's cancellation, run in the desk's transaction (cancel-repository.ts). */
  cancelIn: CancelRepository['cancelIn'];
  messages: MessageWriter;
  now: () => Date;
}

export type TicketsDeskRefusal = Refusal<404 | 409 | 429>;
type DeskResult<T> = Result<T, TicketsDeskRefusal['status']>;

/** A ticket given to another partner is one no partner has begun: the new partner answers it again. */
const MOVABLE: Partial<Record<TripState, TripState>> = {
  awaiting_payment: 'awaiting_payment',
  driver_pending: 'driver_pending',
  not_started: 'driver_pending',
};

const mayRefund = (actor: DeskActor) => actor.role === 'admin' || (DESK_REFUND_ROLES as readonly string[]).includes(actor.role);
const isCancelled = (row: TicketRow) =>
  row.transactionStatusId === TRANSACTION_STATUS.cancel || row.status === TICKET_STATUS.cancelled;
const provinceOf = (component: unknown): string => {
  const code = (component as { province_code?: unknown } | null)?.province_code;
  return typeof code === 'string' ? code : '';
};
const entry = (at: Date, kind: TimelineEntry['kind'], name: string, rest: Partial<TimelineEntry> = {}): TimelineEntry => ({
  at: at.toISOString(),
  kind,
  name,
  from: null,
  by: null,
  amount: null,
  channel: null,
  status: null,
  note: null,
  ...rest,
});

export function createTicketsDeskService(deps: TicketsDeskDeps) {
  const { db, repository, messages, now } = deps;

  const rowOf = (row: TicketRow, names: Map<number, string>): DeskTicketRow => ({
    code: row.code,
    fullname: row.fullname,
    phone: row.phone,
    email: row.email,
    depart_time: row.departTime,
    depart_at: row.departAt.toISOString(),
    pick_address: row.pickAddress,
    drop_address: row.dropAddress,
    partner: { id: row.partnerId, name: names.get(row.partnerId) ?? '' },
    trip_state: tripStateOf(row),
    status: row.status,
    transaction_status_id: row.transactionStatusId,
    pay_method_id: row.payMethodId,
    total_cost: row.totalCost,
    created_at: row.createdAt.toISOString(),
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
  });

  /** The partners other than the ticket's own that serve its trip. */
  async function moveTargets(row: TicketRow): Promise<DeskPartnerRef[]> {
    const serving = await deps.servingPartners({
      kind: row.kind,
      vehicleId: row.vehicleId,
      dimensionId: row.dimensionId,
      pickProvince: provinceOf(row.pickComponent),
      dropProvince: provinceOf(row.dropComponent),
      departAt: row.departAt,
    });
    return serving.filter((partner) => partner.id !== row.partnerId);
  }

  const movable = (row: TicketRow, at: Date) => MOVABLE[tripStateOf(row)] !== undefined && row.departAt > at && !isCancelled(row);

  /** The ticket as it is after an action. */
  async function answer(row: TicketRow): Promise<DeskResult<DeskTicketRow>> {
    return { ok: true, data: rowOf(row, await deps.partnerNames()) };
  }

  return {
    async search(query: DeskTicketSearch): Promise<DeskTicketPage> {
      const [found, names] = await Promise.all([repository.search(query, DESK_TICKETS_PAGE_SIZE), deps.partnerNames()]);
      return { items: found.rows.map((row) => rowOf(row, names)), page: query.page ?? 1, more: found.more };
    },

    async partners(): Promise<{ items: DeskPartnerRef[] }> {
      const names = await deps.partnerNames();
      return { items: [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)) };
    },

    async timeline(actor: DeskActor, code: string): Promise<DeskResult<DeskTimeline>> {
      const row = await repository.byCode(code);
      if (!row) return refuse(404, K.notFound);
      const [names, states, money, sent, drivers, desk, refund, targets] = await Promise.all([
        deps.partnerNames(),
        repository.tripHistory(row.id),
        deps.refunds.history(row.id),
        deps.ticketMessages(row.id),
        deps.assignedDrivers([row.id]),
        auditOfSubject(db, row.code),
        deps.refunds.state(row.id),
        moveTargets(row),
      ]);
      const emails = new Map(
        desk.flatMap((item) => (item.staff_id === null ? [] : [[item.staff_id, item.staff_email] as const])),
      );
      const reasonOf = (side: unknown) => {
        const reason = (side as { reason?: unknown } | null)?.reason;
        return typeof reason === 'string' ? reason : null;
      };
      const driver = drivers.get(row.id);
      const entries: TimelineEntry[] = [
        entry(row.createdAt, 'booked', 'booked', { amount: row.totalCost }),
        ...states.map((event) =>
          entry(event.at, 'state', event.toState, { from: event.fromState, by: event.actor, note: event.reason || null }),
        ),
        ...money.payments.map((payment) =>
          entry(payment.paidAt ?? payment.createdAt, 'payment', payment.status, {
            amount: payment.amount,
            channel: payment.gateway,
          }),
        ),
        ...money.refunds.map((owed) => entry(owed.createdAt, 'refund', owed.status, { amount: owed.amount, note: owed.reason })),
        ...money.payouts.map((payout) =>
          entry(payout.at, 'payout', payout.method, {
            amount: payout.amount,
            note: payout.reference,
            by: payout.staffId === null ? null : (emails.get(payout.staffId) ?? null),
          }),
        ),
        ...sent.map((message) =>
          // A message stands with the change that wrote it; its status says whether it went.
          entry(message.createdAt, 'message', message.event, {
            channel: message.channel,
            status: message.status,
          }),
        ),
        ...(driver ? [entry(new Date(driver.assigned_at), 'assignment', driver.fullname, { note: driver.plate })] : []),
        ...desk.map((item) =>
          entry(new Date(item.at), 'desk', item.action, { by: item.staff_email, note: reasonOf(item.after) }),
        ),
      ];
      // Oldest first; one moment's entries keep the order above (the booking before what it caused).
      entries.sort((a, b) => a.at.localeCompare(b.at));
      const at = now();
      const remaining = refund ? refund.owed - refund.paidOut : 0;
      return {
        ok: true,
        data: {
          ticket: rowOf(row, names),
          entries,
          refund: refund ? { owed: refund.owed, paid_out: refund.paidOut, remaining } : null,
          may: {
            refund: mayRefund(actor) && isCancelled(row) && remaining > 0,
            cancel: cancelBlock(row, at) === null,
            move: movable(row, at) && targets.length > 0,
            resend: !isCancelled(row),
          },
          move_to: targets,
        },
      };
    },

    /** A payout of the refund a cancelled ticket owes, at most what is left of it (finance and admin). */
    async markRefundPaid(actor: DeskActor, input: DeskRefundPaidInput): Promise<DeskResult<DeskTicketRow>> {
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const row = await repository.lockByCode(tx, input.code);
        if (!row) return 'not_found' as const;
        if (!isCancelled(row)) return 'none' as const;
        const paid = await deps.refunds.markPaid(tx, {
          ticketId: row.id,
          amount: input.amount,
          method: input.method,
          reference: input.reference,
          staffId: actor.id,
          at,
        });
        if (paid === 'none' || 'over' in paid) return paid;
        await audit(tx, {
          staff: actor,
          action: 'ticket_refund_paid',
          subject: row.code,
          before: { owed: paid.before.owed, paid_out: paid.before.paidOut, status: paid.before.status },
          after: {
            owed: paid.after.owed,
            paid_out: paid.after.paidOut,
            status: paid.after.status,
            amount: input.amount,
            method: input.method,
            reference: input.reference,
            reason: input.reason,
          },
          at,
        });
        return row;
      });
      if (outcome === 'not_found') return refuse(404, K.notFound);
      if (outcome === 'none') return refuse(409, K.noRefund);
      if ('over' in outcome) return refuse(409, K.overRefund, { field: 'amount', params: { remaining: outcome.over } });
      return answer(outcome);
    },

    /** The passenger's cancellation (its rules, what it owes, its messages), made by the desk for them. */
    async cancel(actor: DeskActor, input: DeskTicketReasonInput): Promise<DeskResult<DeskTicketRow>> {
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const row = await repository.lockByCode(tx, input.code);
        if (!row) return 'not_found' as const;
        if (cancelBlock(row, at)) return 'blocked' as const;
        const cancelled = await deps.cancelIn(tx, row.id, at, { actor: 'desk', actorId: actor.id, reason: input.reason });
        if (!cancelled) return 'blocked' as const;
        await audit(tx, {
          staff: actor,
          action: 'ticket_cancelled',
          subject: row.code,
          before: { trip_state: tripStateOf(row), transaction_status_id: row.transactionStatusId },
          after: {
            trip_state: tripStateOf(cancelled.row),
            transaction_status_id: cancelled.row.transactionStatusId,
            refund_owed: cancelled.refundAmount,
            reason: input.reason,
          },
          at,
        });
        return cancelled.row;
      });
      if (outcome === 'not_found') return refuse(404, K.notFound);
      if (outcome === 'blocked') return refuse(409, K.notCancellable);
      messages.wake();
      return answer(outcome);
    },

    /**
     * The ticket given to another partner that serves its trip: the old partner's driver and car leave it, and it
     * waits for the new partner's answer in the new partner's console (a ticket the old partner had accepted goes
     * back to driver_pending there). A ticket begun, cancelled or past its pick-up stays where it is.
     */
    async move(actor: DeskActor, input: DeskTicketMoveInput): Promise<DeskResult<DeskTicketRow>> {
      const at = now();
      const found = await repository.byCode(input.code);
      if (!found) return refuse(404, K.notFound);
      const targets = await moveTargets(found);
      if (!targets.some((partner) => partner.id === input.partner_id))
        return refuse(409, K.partnerNotServing, { field: 'partner_id' });
      const names = await deps.partnerNames();
      const outcome = await db.transaction(async (tx) => {
        const row = await repository.lockByCode(tx, input.code);
        if (!row) return 'not_found' as const;
        // Read again under the lock: the ticket may have moved or begun since the targets were found.
        if (row.partnerId !== found.partnerId || !movable(row, at)) return 'blocked' as const;
        const fromState = tripStateOf(row);
        const toState = MOVABLE[fromState]!;
        const ended = await deps.endAssignment(tx, row.id);
        const moved = await repository.moveTo(tx, row, {
          partnerId: input.partner_id,
          fromState,
          toState,
          staffId: actor.id,
          reason: input.reason,
          at,
        });
        await audit(tx, {
          staff: actor,
          action: 'ticket_moved',
          subject: row.code,
          before: {
            partner_id: row.partnerId,
            partner: names.get(row.partnerId) ?? '',
            trip_state: fromState,
            driver_id: ended?.driverId ?? null,
          },
          after: {
            partner_id: moved.partnerId,
            partner: names.get(moved.partnerId) ?? '',
            trip_state: toState,
            reason: input.reason,
          },
          at,
        });
        return moved;
      });
      if (outcome === 'not_found') return refuse(404, K.notFound);
      if (outcome === 'blocked') return refuse(409, K.notMovable);
      return answer(outcome);
    },

    /**
     * The passenger's booking message (SMS, and e-mail when the ticket has one) written again through the outbox; at
     * most once in DESK_RESEND_MINUTES per ticket, counted with the ticket locked (two clicks at once send once).
     */
    async resend(actor: DeskActor, input: DeskTicketReasonInput): Promise<DeskResult<DeskTicketRow>> {
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const row = await repository.lockByCode(tx, input.code);
        if (!row) return 'not_found' as const;
        if (isCancelled(row)) return 'cancelled' as const;
        const since = new Date(at.getTime() - DESK_RESEND_MINUTES * 60_000);
        if ((await auditCountSince(tx, row.code, 'ticket_messages_resent', since)) > 0) return 'limited' as const;
        const written = await messages.write(tx, 'booking_received', row, { discriminator: `desk-${at.getTime()}` });
        await audit(tx, {
          staff: actor,
          action: 'ticket_messages_resent',
          subject: row.code,
          after: { event: 'booking_received', messages: written, reason: input.reason },
          at,
        });
        return row;
      });
      if (outcome === 'not_found') return refuse(404, K.notFound);
      if (outcome === 'cancelled') return refuse(409, K.notResendable);
      if (outcome === 'limited') return refuse(429, K.resendLimit, { params: { minutes: DESK_RESEND_MINUTES } });
      messages.wake();
      return answer(outcome);
    },
  };
}

export type TicketsDeskService = ReturnType<typeof createTicketsDeskService>;
