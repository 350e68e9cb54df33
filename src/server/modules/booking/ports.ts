// What booking needs of the tickets module, declared here and handed in by the composition root (app.ts): booking
// never imports the tickets module. The writer creates a ticket inside the booking's own transaction (which also
// claims the promotion and debits a balance); the states are the night flow's reads and compare-and-set changes; the
// counts are the live booking count's.
import type { Db } from '../../db/client';
import type { NewTicket, TicketRow } from '../../db/schema';
import type { MessageEvent } from '../../outbox/events';

/** A statement's executor: the database, or the booking's transaction. */
export type Executor = Pick<Db, '_' | 'select'>;

/** The passenger's own pending ticket for the same trip, which a second booking of it is offered to continue. */
export interface PendingTwin {
  id: number;
  code: string;
  sessionId: string;
  /** The signed-in owner, if any: their token proves the ticket. */
  userId: number | null;
  payMethodId: number;
  transactionStatusId: number;
}

/** What makes two bookings the same trip (spec 7 vanguard duplicate): phone, addresses and departure. */
export interface DuplicateKey {
  phone: string;
  pick: string;
  drop: string;
  depart: string;
  /** The attempt's own key: a resubmission is never its own duplicate. */
  ticketSession: string;
}

/** An attempt's anti-fraud subjects: its phone, IP and browser session, since a moment, other than itself. */
export interface RecentOf {
  phone: string;
  ip: string;
  sessionId: string;
  ticketSession: string;
  since: Date;
}

export interface RecentCounts {
  phone: number;
  ip: number;
  session: number;
  twin: PendingTwin | null;
}

/** How booking creates a ticket: the tickets module's SQL of the tickets table, run in booking's transaction. */
export interface TicketWriter {
  /** The ticket an attempt (its ticket_session) already made, or null. */
  findBySession(ticketSession: string): Promise<TicketRow | null>;
  /** The row inserted in `tx`; none when its ticket_session exists. */
  insert(tx: Executor, values: NewTicket): Promise<TicketRow[]>;
  bySessionIn(tx: Executor, ticketSession: string): Promise<TicketRow | null>;
  /** The identical pending ticket of another attempt (same phone, pickup, drop and departure). */
  pendingTwinIn(tx: Executor, key: DuplicateKey): Promise<PendingTwin | null>;
  /** Tickets since `since` per phone, IP and session; with `twinOf`, the identical pending ticket in one statement. */
  countsIn(tx: Executor, input: RecentOf, twinOf: DuplicateKey | null): Promise<RecentCounts>;
  recentCounts(input: RecentOf): Promise<RecentCounts>;
  findDuplicate(key: DuplicateKey): Promise<Pick<PendingTwin, 'sessionId' | 'userId'> | null>;
  findByCode(code: string): Promise<TicketRow | null>;
  /** The partner's live (not cancelled) tickets departing in [from, to), read in `tx`. */
  dayCountIn(tx: Executor, partnerId: number, from: Date, to: Date): Promise<number>;
}

/** The state a compare-and-set expects, and what it writes. */
export interface TicketState {
  status: number;
  transactionStatusId: number;
  nightStatus: string;
}

/** The night flow's reads and changes of a ticket. */
export interface TicketStates {
  findByIdAndCode(id: number, code: string): Promise<TicketRow | null>;
  /** Changes the ticket only if it is still in `expected`; with an `event`, its messages in the same transaction. */
  transition(id: number, expected: TicketState, set: Partial<NewTicket>, event?: MessageEvent): Promise<TicketRow | null>;
  /** Whether one of the partner's staff was online since `since`. */
  staffOnline(partnerId: number, since: Date): Promise<boolean>;
}

/** The live booking count's reads of the tickets table: a primary-key range count over today's tickets. */
export interface TicketCounts {
  /** The highest ticket id created before `before` (0 when none): the start of the count's id range. */
  lastTicketIdBefore(before: Date): Promise<number>;
  /** Tickets after id `afterId` created since each instant. */
  countTicketsSince(afterId: number, since: { today: Date; lastHour: Date }): Promise<{ today: number; lastHour: number }>;
}
