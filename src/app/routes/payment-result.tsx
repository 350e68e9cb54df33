// payment-result: where the payment gateway sends the passenger back. Paid: the booking is finished and on to its
// success page; not paid (declined, abandoned, expired, the gateway unreachable): at once, with pay again, pay another
// way and cancel (features/payments/use-payment-check.ts). The proof is this device's pending booking of the ticket.
import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SITE_KEY_DEFAULTS } from '../../shared/domain/system-config';
import {
  dropPendingBooking,
  keepPaymentAttempt,
  pendingBookingOf,
  useFinishBooking,
  type PendingBooking,
} from '../features/booking/pending-booking';
import { PaymentResult } from '../features/payments/components/payment-result';
import { usePaymentCheck } from '../features/payments/use-payment-check';
import { cancelCalls } from '../features/tickets/api';
import { configQueries } from '../lib/config-queries';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLang } from '../lib/use-lang';
import { useRouteSearch } from '../lib/use-route-search';

function PaymentResultScreen({ code }: { code: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { data: keys = SITE_KEY_DEFAULTS } = useQuery(configQueries.siteKeys());
  const result = usePaymentCheck({
    code,
    query: window.location.search,
    lang,
    proofOf: pendingBookingOf,
    keepAttempt: keepPaymentAttempt,
    onDone: useFinishBooking(),
    cancel: async (pending: PendingBooking) => {
      const token = await cancelCalls.generateToken(pending.code, pending.entry.contact, null, lang);
      await cancelCalls.cancel(pending.code, token.data.cancel_token, lang);
      dropPendingBooking();
    },
  });
  useDocumentTitle(t('payments.result.document_title'));
  return (
    <PaymentResult
      code={code}
      ticketKey={pendingBookingOf(code)?.key}
      state={result.state}
      hotline={keys.hotline_display}
      onPayAgain={() => void result.payAgain()}
      onSwitch={(method) => void result.switchTo(method)}
      onCancel={() => void result.cancelTicket()}
    />
  );
}

export function PaymentResultRoute() {
  const lang = useLang();
  const { search, leaving } = useRouteSearch('payment-result');
  const code = typeof search.code === 'string' ? search.code : '';
  if (leaving) return null;
  if (!code) return <Navigate to="/$lang/home" params={{ lang }} replace />;
  return <PaymentResultScreen code={code} />;
}
