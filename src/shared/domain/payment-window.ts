// How long a ticket may await its payment before it times out (spec 4, 9): a card's window, or a bank transfer's
// longer one (a transfer is made from another app, and some banks take minutes to report it).
import { VIETQR_PAY_METHOD } from '../contract/booking';
import { SYSTEM_CONFIG_DEFAULTS, type SystemConfig } from './system-config';

/** The transfer window an operator may set, in minutes (kept here, not in the home page's first load). */
const TRANSFER_WINDOW_BOUNDS = [1, 1440] as const;

export type PaymentWindows = { card: number; transfer: number };

/** Both windows from the settings (a transfer window out of bounds reads as its default). */
export function paymentWindowsOf(
  system: Pick<SystemConfig, 'payment_window_minutes' | 'transfer_window_minutes'>,
): PaymentWindows {
  const transfer = system.transfer_window_minutes;
  const [min, max] = TRANSFER_WINDOW_BOUNDS;
  const valid = Number.isInteger(transfer) && transfer >= min && transfer <= max;
  return { card: system.payment_window_minutes, transfer: valid ? transfer : SYSTEM_CONFIG_DEFAULTS.transfer_window_minutes };
}

/** The window of a ticket paid by `payMethodId` (as sent), in minutes. */
export function windowOfMethod(windows: PaymentWindows, payMethodId: number): number {
  return payMethodId === VIETQR_PAY_METHOD ? windows.transfer : windows.card;
}
