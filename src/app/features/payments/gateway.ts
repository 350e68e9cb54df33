// The trip to the payment gateway and back. The gateway sends the browser back to the payment-result route with the
// ticket's code; before the page leaves, the attempt is kept on the device (by the caller, with the ticket's pending
// booking) and this tab is marked as gone to the gateway, so that its Back from there (the page restored or loaded
// again) tells the server the attempt was left.
import { pathFor, type Lang } from '../../../shared/domain/route-table';
import { flushStore } from '../../lib/store';

/** The gateway's way back to the app: the payment-result route with the ticket's code. */
export function paymentReturnPath(lang: Lang, code: string, extra: Record<string, string> = {}): string {
  return `${pathFor('payment-result', lang)}?${new URLSearchParams({ code, ...extra }).toString()}`;
}

/**
 * This tab left for the payment gateway with this ticket. The browser's Back from the gateway may reload
 * the billing page (no back-forward cache): the mark, kept for the tab only (sessionStorage, the ticket code and
 * nothing else), sends it on to the payment result instead of a form that looks like nothing was booked.
 */
const GATEWAY_LEFT_KEY = 'vivu:gateway-left';

function markGatewayLeft(code: string): void {
  try {
    sessionStorage.setItem(GATEWAY_LEFT_KEY, code);
  } catch {
    // Storage refused (private mode quota): Back then shows the billing page's "waiting for its payment" notice.
  }
}

/** The ticket this tab left for the gateway with, still marked (the payment-result page takes the mark). */
export function peekGatewayLeft(): string | null {
  try {
    return sessionStorage.getItem(GATEWAY_LEFT_KEY);
  } catch {
    return null;
  }
}

/** The ticket this tab left for the gateway with, once: reading the mark removes it. */
export function takeGatewayLeft(): string | null {
  try {
    const code = sessionStorage.getItem(GATEWAY_LEFT_KEY);
    sessionStorage.removeItem(GATEWAY_LEFT_KEY);
    return code;
  } catch {
    return null;
  }
}

/**
 * The browser goes to the gateway for the attempt `started` of ticket `code`: `keepAttempt` keeps its reference with
 * the pending booking (the encrypted store), the store is on disk and the tab marked before the page leaves.
 */
export async function leaveForGateway(
  code: string,
  started: { attempt_ref: string; payment_url: string },
  keepAttempt: (code: string, ref: string) => void,
): Promise<void> {
  keepAttempt(code, started.attempt_ref);
  await flushStore();
  markGatewayLeft(code);
  window.location.assign(started.payment_url);
}
