// How long a ticket may await its payment before it times out (spec 4, 9): a card's window, or a bank transfer's
// longer one (issue 23: a transfer is made from another app, and some banks take minutes to report it).
import { VIETQR_PAY_METHOD } from '../contract/booking';
import { systemValue, type SystemConfig } from './system-config';

export type PaymentWindows = { card: number; transfer: number };

/** Both windows from the settings (a transfer window out of bounds reads as its default). */
export function paymentWindowsOf(
  system: Pick<SystemConfig, 'payment_window_minutes' | 'transfer_window_minutes'>,
): PaymentWindows {
  return { card: system.payment_window_minutes, transfer: systemValue(system, 'transfer_window_minutes') };
}

/** The window of a ticket paid by `payMethodId` (as sent), in minutes. */
export function windowOfMethod(windows: PaymentWindows, payMethodId: number): number {
  return payMethodId === VIETQR_PAY_METHOD ? windows.transfer : windows.card;
}
