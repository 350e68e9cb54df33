// What billing-detail and hourly-booking-info share: the booking flow with its status popups, the return
// from the payment gateway, a retry with a fresh idempotency key, and the way back to the price list.
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyBookingPayload } from '../../../shared/contract/booking';
import type { RouteLink } from '../../../shared/domain/route-search';
import { ticketResultLink } from '../../../shared/domain/ticket-result-link';
import { SITE_KEY_DEFAULTS } from '../../../shared/domain/system-config';
import { lazyDialog } from '../../components/ui/load-error';
import { withMessages } from '../../lib/i18n';
import { clearPartnerChoice } from './booking-draft';
import { readPendingBooking, type SubmitMeta } from './pending-booking';
import { useBookingFlow } from './use-booking-flow';
import { paymentReturnPath, peekGatewayLeft, takeGatewayLeft } from '../payments';
import { normalizePhone } from '../../../shared/domain/phone';
import { configQueries } from '../../lib/config-queries';
import { useDepartTimeWatch } from './use-depart-time-watch';
import { newTicketSession, sessionId } from '../../lib/session-id';
import { getStoredUser } from '../../lib/session';
import type { PayloadContext } from './billing';
import { useLang } from '../../lib/use-lang';
import { useRouteSearch } from '../../lib/use-route-search';
import { routerLink } from '../../lib/route-paths';

// The status popups appear only once the passenger books: a chunk of their own (precached by the service worker, so
// offline too), loaded then. Meanwhile the form's button already says it is busy; a chunk that does not load shows
// the load error in a small dialog, whose closing resets the flow as the popup's would (components/ui/load-error.tsx).
const StatusDialog = lazyDialog(
  withMessages(() => import('./components/status-dialog').then((module) => ({ default: module.StatusDialog }))),
);

export function useBillingFlow({
  successRoute,
  listLink,
  departTime,
  pageRef,
}: {
  successRoute: 'booking-success' | 'hourly-booking-success';
  listLink: RouteLink | null;
  /** The booking draft's departure ("HH:mm d/M/yyyy"), watched while the form is open; '' without a ticket. */
  departTime: string;
  /** The page around the billing form: a move in it is when the departure is checked. */
  pageRef: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { search } = useRouteSearch(successRoute === 'booking-success' ? 'billing-detail' : 'hourly-booking-info');
  const { data: keys = SITE_KEY_DEFAULTS } = useQuery(configQueries.siteKeys());
  const [ticketSession, setTicketSession] = useState(newTicketSession);
  const last = useRef<{ payload: AnyBookingPayload; meta: SubmitMeta } | null>(null);

  const flow = useBookingFlow({
    // The ticket waits for a payment that could not start: the result page says so and offers the ways on.
    onPaymentNotStarted: (code) =>
      void navigate(routerLink(ticketResultLink('payment-result', lang, { code, gateway: 'unreachable' }))),
    onBackFromGateway: (code) =>
      void navigate({ ...routerLink(ticketResultLink('payment-result', lang, { code })), replace: true }),
  });
  // A booking of this browser still waits for its payment (Back from the gateway reloaded the page, or the
  // passenger came back later): the way to it, before anything is booked twice.
  const [waiting] = useState(() => {
    const pending = readPendingBooking();
    return pending?.meta.online && pending.key ? pending.code : null;
  });
  // Back from the gateway in this tab (the page reloaded): straight on to that ticket's payment result, which takes the
  // tab's mark and tells the server the attempt was left.
  useEffect(() => {
    const left = peekGatewayLeft();
    if (left && left === waiting)
      void navigate({ ...routerLink(ticketResultLink('payment-result', lang, { code: left })), replace: true });
    else if (left) takeGatewayLeft();
  }, [waiting, lang, navigate]);

  // A return from the payment gateway addressed to this page (`?paid=…&code=…`, as older versions asked): the payment
  // is checked where every return is, on the payment-result page, whatever the gateway said in the URL.
  const paid = search.paid !== undefined && search.paid !== '' && search.paid !== '0';
  const code = typeof search.code === 'string' ? search.code : '';
  useEffect(() => {
    if (paid && code) void navigate({ ...routerLink(ticketResultLink('payment-result', lang, { code })), replace: true });
  }, [paid, code, lang, navigate]);

  // spec 2, 4: a departure that passes while the passenger fills the form is told on their next move (the session
  // time-out, which offers a new booking), not only when they press "Book".
  const { departPassed } = flow;
  useDepartTimeWatch(departTime, pageRef, departPassed);

  const submit = (payload: AnyBookingPayload, meta: SubmitMeta) => {
    last.current = { payload, meta };
    void flow.submit(payload, meta);
  };

  const dialog = (
    <>
      {waiting && flow.state.status === 'idle' && (
        <p className="notice notice-warn" role="status">
          {t('billing.pending.waiting', { code: waiting })}{' '}
          <a className="link-button" href={paymentReturnPath(lang, waiting)}>
            {t('billing.pending.open', { code: waiting })}
          </a>
        </p>
      )}
      {flow.state.status !== 'idle' && (
        <Suspense fallback={null}>
          <StatusDialog
            state={flow.state}
            hotlineDisplay={keys.hotline_display}
            onClose={flow.reset}
            onRetry={() => {
              // A new attempt is a new ticket: a fresh idempotency key.
              const fresh = newTicketSession();
              setTicketSession(fresh);
              // The passenger knowingly books the same trip again (spec 7 ignore_duplicate_warning).
              // After the trip to the gateway the page was reloaded: the attempt waits in the store.
              const previous = last.current ?? readPendingBooking();
              if (previous) submit({ ...previous.payload, ticket_session: fresh, ignore_duplicate_warning: true }, previous.meta);
              else flow.reset();
            }}
            onChooseAnother={() => {
              flow.reset();
              clearPartnerChoice();
              void navigate(listLink ? routerLink(listLink) : { to: '/$lang/home', params: { lang } });
            }}
            onQuitNight={flow.quitNight}
            onContinuePending={() => {
              const state = flow.state;
              if (state.status !== 'pendingTicket') return;
              // This browser booked it: its result page offers to pay, pay in cash or cancel. Another device opens the
              // ticket page with the phone the passenger just typed.
              if (flow.continuePending()) {
                flow.reset();
                void navigate(routerLink(ticketResultLink('payment-result', lang, { code: state.code })));
                return;
              }
              const phone = String(last.current?.payload.phone ?? '');
              const code = String(last.current?.payload.phone_code ?? '84');
              flow.reset();
              void navigate({
                to: '/$lang/ticket-detail/$code/$phone',
                params: { lang, code: state.code, phone: normalizePhone(code, phone) },
              });
            }}
            onNewBooking={() => {
              flow.reset();
              void navigate({ to: '/$lang/home', params: { lang } });
            }}
          />
        </Suspense>
      )}
    </>
  );

  const busy = flow.state.status !== 'idle' && flow.state.status !== 'error' && flow.state.status !== 'pendingTicket';
  /** What every booking payload carries besides the form: language, session, idempotency key, token, promotion. */
  const payloadContext = (promotion: { code: string; memberCost: number }): PayloadContext => ({
    lang,
    sessionId: sessionId(),
    ticketSession,
    token: getStoredUser()?.token,
    promotionCode: promotion.code,
    memberPromotionCost: promotion.memberCost,
  });

  return {
    ticketSession,
    payloadContext,
    submit,
    dialog,
    busy,
    lang,
  };
}
