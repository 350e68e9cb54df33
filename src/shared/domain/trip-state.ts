// spec 4 ticket states: the rule the server's trip state (modules/trips/trip-state.ts) and the app's reading of a
// saved ticket (features/tickets/components/trip-progress.tsx) share for a ticket that no driver is sought for yet.
import { TRANSACTION_STATUS } from './transaction-status';

/** An online ticket whose payment has not arrived awaits it; any other is waiting for a driver. */
export function awaitsPayment(online: boolean, transactionStatusId: number): boolean {
  return online && transactionStatusId !== TRANSACTION_STATUS.success;
}
