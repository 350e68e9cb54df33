// payment-result: where the payment gateway sends the passenger back. Paid: on to the booking's success
// page; not paid (declined, abandoned, expired, the gateway unreachable): at once, with pay again, pay another way and
// cancel (features/booking/use-payment-result.ts).
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ticketResultLink } from '../../shared/domain/ticket-result-link';
import { SITE_KEY_DEFAULTS } from '../../shared/domain/system-config';
import { rememberPassenger } from '../features/booking/billing';
import { PaymentResult } from '../features/booking/components/payment-result';
import { clearPartnerChoice } from '../features/booking/booking-draft';
import { usePaymentResult } from '../features/booking/use-payment-result';
import { configQueries } from '../lib/config-queries';
import { cancelCalls } from '../features/tickets/cancel-api';
import { BILLING_DRAFT_KEY, removeEntry } from '../lib/store-keys';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLang } from '../lib/use-lang';
import { useRouteSearch } from '../lib/use-route-search';
import { routerLink } from '../lib/route-paths';

function PaymentResultScreen({ code }: { code: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { data: keys = SITE_KEY_DEFAULTS } = useQuery(configQueries.siteKeys());
  const result = usePaymentResult({
    code,
    query: window.location.search,
    lang,
    onDone: (entry, kind) => {
      // As after a booking paid on the billing page: the choice and what was typed are done with.
      clearPartnerChoice();
      rememberPassenger();
      removeEntry(BILLING_DRAFT_KEY);
      const route = kind === 'hourly' ? 'hourly-booking-success' : 'booking-success';
      void navigate({
        ...routerLink(ticketResultLink(route, lang, { code: entry.code, contact: entry.contact })),
        replace: true,
      });
    },
    cancel: async (ticketCode, contact) => {
      const token = await cancelCalls.generateToken(ticketCode, contact, null, lang);
      await cancelCalls.cancel(ticketCode, token.data.cancel_token, lang);
    },
  });
  useDocumentTitle(t('payments.result.document_title'));
  return (
    <PaymentResult
      code={code}
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
