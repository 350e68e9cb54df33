// The console's pure rules: the filter tabs and the trip states each shows, how a move is offered (its label, whether
// it asks for a confirmation or a reason, whether it needs a driver), the night countdown's text, the order of the
// cars offered for a ticket and how a ticket's payment is told. The legal moves themselves come from the server
// (next_states), never from here.
import type { StaffPayment, StaffTicket, FleetCar } from '../../../shared/contract/partners';
import type { TripState } from '../../../shared/contract/tickets';

export const CONSOLE_TABS = ['incoming', 'serving', 'done', 'all'] as const;
export type ConsoleTab = (typeof CONSOLE_TABS)[number];

/** The states of each tab; null: every state. */
export const TAB_STATES: Readonly<Record<ConsoleTab, readonly TripState[] | null>> = {
  incoming: ['driver_pending'],
  serving: ['not_started', 'trip_started', 'arrived_at_pickup', 'passenger_picked_up'],
  done: ['trip_completed', 'completed', 'pickup_failed', 'cancelled'],
  all: null,
};

/**
 * The states the server filters a tab's list by (comma-separated, as the tickets call takes them); undefined for
 * every state. tabFilter still keeps the tab's states on the client, since a ticket the server stores as
 * driver_pending may read as awaiting_payment.
 */
export function serverState(tab: ConsoleTab): string | undefined {
  const states = TAB_STATES[tab];
  return states ? states.join(',') : undefined;
}

export function tabFilter(tab: ConsoleTab): (ticket: Pick<StaffTicket, 'trip_state'>) => boolean {
  const states = TAB_STATES[tab];
  return (ticket) => states === null || states.includes(ticket.trip_state);
}

export type MoveKind = 'direct' | 'confirm' | 'reason';

export interface MoveOffer {
  to: TripState;
  kind: MoveKind;
  /** Danger styling: the move ends the trip without serving it. */
  danger: boolean;
  /** The move is refused by the server until a driver is assigned. */
  needsDriver: boolean;
}

/** How each move a partner may make is offered; refusing asks for a confirmation, a failed pickup for its reason. */
export function moveOffer(ticket: Pick<StaffTicket, 'trip_state'>, to: TripState): MoveOffer {
  const ending = to === 'cancelled' || to === 'pickup_failed';
  return {
    to,
    kind: to === 'cancelled' ? 'confirm' : to === 'pickup_failed' ? 'reason' : 'direct',
    danger: ending,
    needsDriver: to === 'trip_started' && ticket.trip_state === 'not_started',
  };
}

/** The moves to offer, forward moves first and the ending ones last. */
export function moveOffers(ticket: Pick<StaffTicket, 'trip_state' | 'next_states'>): MoveOffer[] {
  const offers = ticket.next_states.map((to) => moveOffer(ticket, to));
  return [...offers.filter((offer) => !offer.danger), ...offers.filter((offer) => offer.danger)];
}

/** A driver is assigned after accepting and before the driver arrives (the server's rule). */
export const canAssign = (ticket: Pick<StaffTicket, 'trip_state'>): boolean => ticket.trip_state === 'not_started';

/** Seconds as m:ss, never below 0:00. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The step screen readers hear the countdown in: the seconds left rounded up to `step` (0 at the end). */
export function spokenCountdown(seconds: number, step = 30): number {
  const whole = Math.max(0, Math.ceil(seconds));
  return whole === 0 ? 0 : Math.ceil(whole / step) * step;
}

/** The cars of the ticket's vehicle type first, then the others, each group by plate. */
export function carsForTicket(cars: readonly FleetCar[], vehicleId: number): { matching: FleetCar[]; others: FleetCar[] } {
  const byPlate = (a: FleetCar, b: FleetCar) => a.plate.localeCompare(b.plate);
  return {
    matching: cars.filter((car) => car.vehicle_id === vehicleId).sort(byPlate),
    others: cars.filter((car) => car.vehicle_id !== vehicleId).sort(byPlate),
  };
}

/** The style of a ticket's payment line: paid (online or from credit), unpaid yet (cash, awaiting), not paid. */
export type PaymentTone = 'paid' | 'unpaid' | 'not-paid';

export function paymentTone(payment: StaffPayment): PaymentTone {
  if (payment.state === 'paid' || payment.state === 'credit') return 'paid';
  return payment.state === 'not_paid' ? 'not-paid' : 'unpaid';
}

/** The message key of a ticket's payment line; a payment not made says why when the server knows. */
export function paymentKey(payment: StaffPayment): string {
  if (payment.state === 'not_paid' && payment.reason) return `partner.payment.not_paid_${payment.reason}`;
  return `partner.payment.${payment.state}`;
}
