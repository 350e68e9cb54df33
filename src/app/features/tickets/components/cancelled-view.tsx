// The cancelled-ticket page (spec 2): a clear notice that the ticket was cancelled, when, the refund if
// any, the ticket details, the hotline and a link to book again.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isOnlinePayMethod, VIETQR_PAY_METHOD } from '../../../../shared/contract/booking';
import type { CancelResult } from '../../../../shared/contract/tickets';
import { formatVnd } from '../../../../shared/domain/money';
import { SITE_KEY_DEFAULTS } from '../../../../shared/domain/system-config';
import { formatVnDateTime } from '../../../../shared/domain/vn-time';
import { RouteLink } from '../../../components/ui/route-link';
import { TicketDetails } from './ticket-details';
import { configQueries } from '../../../lib/config-queries';
import { type TicketInfo } from '../../../../shared/contract/tickets';

interface Props {
  ticket: TicketInfo;
  /** The cancellation made on this page (null when the ticket was already cancelled when opened). */
  result: CancelResult | null;
  /** True once the cancel popups have closed: the notice then takes the focus for keyboard and screen reader users. */
  focusNotice?: boolean;
  /** The reasons were sent: thank the passenger. */
  feedbackSent?: boolean;
}

/**
 * Where the money of a cancelled ticket paid online goes back (the general line, when no cancellation result names the
 * refunded amount): to the card, or, for a bank transfer, to the account it came from. Null for cash.
 */
export function refundNoteOf(payMethodId: number): 'cancel.refund_transfer' | 'cancel.refund_general' | null {
  if (!isOnlinePayMethod(payMethodId)) return null;
  return payMethodId === VIETQR_PAY_METHOD ? 'cancel.refund_transfer' : 'cancel.refund_general';
}

export function CancelledView({ ticket, result, focusNotice = false, feedbackSent = false }: Props) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusNotice) return;
    // After the popup has closed (the page behind a modal popup cannot take the focus, and closing restores it).
    const timer = window.setTimeout(() => headingRef.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [focusNotice]);
  const { data: keys = SITE_KEY_DEFAULTS } = useQuery(configQueries.siteKeys());
  const cancelledText = result?.cancelled_at ?? ticket.cancelled_at;
  const cancelledAt = cancelledText ? new Date(cancelledText) : null;
  const refund = result?.refund_amount ?? 0;
  const refundNote = result ? null : refundNoteOf(ticket.pay_method_id);
  const notice = (
    <section className="notice notice-warn cancelled-notice" aria-labelledby="cancelled-heading">
      <h3 id="cancelled-heading" ref={headingRef} tabIndex={-1}>
        {t('cancel.cancelled_title')}
      </h3>
      {cancelledAt && !Number.isNaN(cancelledAt.getTime()) && (
        <p>{t('cancel.cancelled_at', { time: formatVnDateTime(cancelledAt) })}</p>
      )}
      {refund > 0 && <p>{t('cancel.refunded', { amount: formatVnd(refund) })}</p>}
      {refundNote && <p>{t(refundNote)}</p>}
      {feedbackSent && <p role="status">{t('cancel.messages.feedback_saved')}</p>}
      {result && result.member_promotion_returned > 0 && (
        <p>{t('cancel.balance_returned', { amount: formatVnd(result.member_promotion_returned) })}</p>
      )}
    </section>
  );
  const actions = (
    <div className="cancelled-actions">
      <p>
        {t('cancel.hotline_text')}{' '}
        <a href={`tel:${keys.hotline}`} className="cancelled-hotline">
          {keys.hotline_display}
        </a>
      </p>
      <RouteLink name="home" className="button button-primary button-block">
        {t('cancel.book_again')}
      </RouteLink>
    </div>
  );
  return <TicketDetails ticket={ticket} notice={notice} actions={actions} />;
}
