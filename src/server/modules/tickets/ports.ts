// What the tickets module needs of the modules around a ticket, declared here and handed in by the composition root
// (app.ts): the tickets module reads only its own tables. The lookup shows the driver (partners) and whether a
// business credit paid the ticket (business); a cancellation gives back the member balance (accounts) and the
// credit (business) in its own transaction; a rating writes the partner's score (pricing) in its own, and the home
// page's ratings show the partner's name (pricing).
import type { AssignedDriver } from '../../../shared/contract/partners';
import type { Db } from '../../db/client';

/** A transaction of the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The partners module's: the driver and car on each of some tickets (absent: none), in one read. */
export type AssignedDrivers = (ticketIds: readonly number[]) => Promise<Map<number, AssignedDriver>>;

/** The partners module's: the latest position the driver of a ticket shared (absent: none kept). */
export type DriverPositionOf = (ticketId: number) => Promise<{ lat: number; lng: number; recordedAt: Date } | undefined>;

/**
 * The partners module's: in the transaction that cancels a ticket, deletes the position its driver shared, so that
 * nothing of the driver's whereabouts outlives the trip.
 */
export type ForgetDriverPosition = (tx: Tx, ticketId: number) => Promise<void>;

/** The business module's credit a ticket was paid from. */
export interface TicketCreditBook {
  /** The tickets among `ticketIds` a business credit paid and kept (not given back), in one read. */
  keptOnCredit(ticketIds: readonly number[]): Promise<Set<number>>;
  /** In the cancelling transaction: gives back the credit the ticket was paid from, once; the amount returned. */
  giveBack(tx: Tx, ticketId: number, now: Date, reason: string): Promise<number>;
}

/** The accounts module's: in the cancelling transaction, adds `amount` back to the member's promotion balance. */
export type ReturnMemberPromotion = (tx: Tx, userId: number, amount: number) => Promise<boolean>;

/** A partner's score as the ratings compute it: the mean stars (numeric, as text) and their number. */
export interface PartnerScore {
  rating: string;
  ratingCount: number;
}

/** The pricing module's partners, as the ratings need them. */
export interface PartnerBook {
  /** Every partner's name by id. */
  names(): Promise<Map<number, string>>;
  /** Writes the scores in `tx` (one partner's, or with no `partnerId` every partner's); the written ones. */
  setScores(
    tx: Pick<Db, 'update'>,
    scores: ReadonlyMap<number, PartnerScore>,
    partnerId?: number,
  ): Promise<{ rating: number; ratingCount: number }[]>;
}
