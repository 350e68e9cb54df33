// The ticket history badge (spec 3 status styles cancel, not_start, not_rating, done, pending) from a ticket's user
// status and transaction status (spec 4). A pure function so the mapping is tested on its own.
import { PAY_METHOD, TICKET_STATUS, TRANSACTION_STATUS } from '../../../shared/contract/booking';

export const HISTORY_STYLES = ['cancel', 'not_start', 'not_rating', 'done', 'pending'] as const;
export type HistoryStyle = (typeof HISTORY_STYLES)[number];

export interface HistoryBadge {
  /** The spec 3 style, used as the class `history-status <style>`. */
  style: HistoryStyle;
  /** The i18n key of the badge text. */
  labelKey: string;
}

interface TicketState {
  status: number;
  transaction_status_id: number;
  pay_method_id: number;
}

export function historyBadge({
  status,
  transaction_status_id: transaction,
  pay_method_id: payMethod,
}: TicketState): HistoryBadge {
  if (status === TICKET_STATUS.cancelled || transaction === TRANSACTION_STATUS.cancel) {
    return { style: 'cancel', labelKey: 'history.statuses.cancel' };
  }
  if (status === TICKET_STATUS.finished) return { style: 'done', labelKey: 'history.statuses.done' };
  if (status === TICKET_STATUS.notRated) return { style: 'not_rating', labelKey: 'history.statuses.not_rating' };
  // The trip has begun: not finished yet, so it keeps the "not started" style with its own text.
  if (status === TICKET_STATUS.inProgress) return { style: 'not_start', labelKey: 'history.statuses.in_progress' };
  // Pending (1): the payment (or the night partner) decides.
  if (transaction === TRANSACTION_STATUS.error) return { style: 'cancel', labelKey: 'history.statuses.payment_failed' };
  if (transaction === TRANSACTION_STATUS.timeout) return { style: 'cancel', labelKey: 'history.statuses.payment_timeout' };
  if (transaction === TRANSACTION_STATUS.success || payMethod === PAY_METHOD.postpaid) {
    return { style: 'not_start', labelKey: 'history.statuses.not_start' };
  }
  return { style: 'pending', labelKey: 'history.statuses.pending' };
}
