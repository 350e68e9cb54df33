// What the partner console needs of the modules around a ticket, declared here and handed in by the composition root
// (app.ts): the partners module reads only its own tables. The tickets themselves come through the tickets module's
// desk (tickets/service.ts PartnerDesk); a ticket's payment line through the payments module's attempts and the
// business module's credit; the quick bookings through the booking module's.
import type { LatestAttempt } from '../../../shared/domain/payment-attempt';
import type { PaymentWindows } from '../../../shared/domain/payment-window';

/** The payments module's: the latest attempt (null before any) and whether the window is over, of each ticket listed. */
export type PaymentAttempts = (
  list: readonly { id: number; createdAt: Date; payMethodId: number }[],
  windows: PaymentWindows,
) => Promise<Map<number, { latest: LatestAttempt | null; expired: boolean }>>;

/** The business module's: the tickets among `ticketIds` a business credit paid and kept (not given back). */
export type KeptOnCredit = (ticketIds: readonly number[]) => Promise<Set<number>>;
