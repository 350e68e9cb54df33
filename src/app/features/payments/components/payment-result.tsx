// The payment-result screen: checking, then paid (on to the success page) or "not paid" at once with the ways
// on (pay again, pay another way, cancel), in the page's language; a phone-first page with one primary action.
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAY_METHOD, payMethodName, VIETQR_PAY_METHOD } from '../../../../shared/contract/booking';
import { SYSTEM_CONFIG_DEFAULTS } from '../../../../shared/domain/system-config';
import { vietQrAccountOf } from '../../../../shared/domain/vietqr';
import { configQueries } from '../../../lib/config-queries';
import { formatVnd } from '../../../../shared/domain/money';
import { DetailsList } from '../../../components/ui/details-list';
import { Dialog } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { lazyPart } from '../../../components/ui/load-error';
import { RouteLink } from '../../../components/ui/route-link';
import { useOnline } from '../../../lib/use-online';
import { paymentQueries } from '../api';
import { chosenMethod, OFFLINE_ACTION, type PaymentResultState } from '../use-payment-check';
import './payment-result.css';

/** The bank transfer's code and account: loaded only for a payment by transfer, with its retry if it fails to load. */
const VietQrTransfer = lazyPart(() => import('./vietqr-transfer').then((module) => ({ default: module.VietQrTransfer })));

interface Props {
  code: string;
  /** This device's key of the ticket (its pending booking): what arrived by transfer is read with it. */
  ticketKey?: string;
  state: PaymentResultState;
  hotline: string;
  onPayAgain(): void;
  onSwitch(method: number): void;
  onCancel(): void;
}

/** spec 2, 4: the time left of the payment window ("4:58 left to complete the payment"), ticking each second. */
function Countdown({ until }: { until: string | null }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!until) return null;
  const seconds = Math.max(0, Math.ceil((new Date(until).getTime() - now) / 1000));
  const time = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <p className="countdown" aria-live="off">
      {t('booking.status.time_left', { time })}
    </p>
  );
}

export function PaymentResult({ code, ticketKey, state, hotline, onPayAgain, onSwitch, onCancel }: Props) {
  const { t, i18n } = useTranslation();
  const methods = useQuery(paymentQueries.payMethods());
  const { data: system = SYSTEM_CONFIG_DEFAULTS } = useQuery(configQueries.system());
  const [confirmCancel, setConfirmCancel] = useState(false);
  const online = useOnline();

  if (state.status === 'checking' || state.status === 'done')
    return (
      <div className="page payment-result">
        <h1>{t('payments.result.checking_title')}</h1>
        <p className="status-busy" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          {t('payments.result.checking', { code })}
        </p>
      </div>
    );

  if (state.status === 'noProof')
    return (
      <div className="page payment-result">
        <h1>{t('payments.result.no_proof_title')}</h1>
        <p className="notice" role="status">
          {t('payments.result.no_proof', { code, hotline })}
        </p>
        <RouteLink name="home" className="button button-primary">
          {t('success.home')}
        </RouteLink>
      </div>
    );

  if (state.status === 'cancelled')
    return (
      <div className="page payment-result">
        <h1>{t('payments.result.cancelled_title')}</h1>
        <p className="notice notice-ok" role="status">
          {t('payments.result.cancelled', { code })}
        </p>
        <RouteLink name="home" className="button button-primary">
          {t('payments.result.new_booking')}
        </RouteLink>
      </div>
    );

  const waiting = state.status === 'waiting';
  const payment = state.payment;
  const current = chosenMethod(payment?.pay_method_id ?? PAY_METHOD.online);
  const offered = methods.data ?? [];
  const name = (id: number) => payMethodName(id, i18n.language);
  const others = offered.filter((method) => method.id !== current);
  // PayPal itself (it charges in USD) declined, not a bank.
  const paypalDeclined =
    !waiting && state.reason === 'declined' && offered.some((method) => method.id === current && method.vnd_per_usd);
  const reasonKey = paypalDeclined ? 'declined_paypal' : waiting ? '' : state.reason;
  const busy = state.busy !== undefined;
  // An action that got no answer says so while offline, and the line goes once the connection is back.
  const error = state.error === OFFLINE_ACTION && online ? undefined : state.error;
  // A ticket paid by bank transfer waits here, with the code to scan and the account to copy.
  const transferAccount = current === VIETQR_PAY_METHOD ? vietQrAccountOf(system) : null;
  return (
    <div className="page payment-result">
      {waiting ? (
        <>
          {/* A transfer waits on the passenger, who has to send it: said so, not "checking". */}
          <h1>{t(transferAccount ? 'payments.vietqr.page_title' : 'booking.status.checking_title')}</h1>
          <p className="status-busy" role="status" aria-live="polite">
            <span className="spinner" aria-hidden="true" />
            {transferAccount ? t('payments.vietqr.waiting', { code }) : t('booking.status.checking')}
          </p>
          <Countdown until={state.payment.expires_at} />
          {transferAccount && (
            <Suspense fallback={null}>
              <VietQrTransfer
                account={transferAccount}
                amount={state.payment.total_cost}
                code={code}
                proof={{ key: ticketKey }}
              />
            </Suspense>
          )}
          {/* The check goes on without a connection; the answer after reconnecting decides (not the countdown). */}
          {!online && (
            <p className="notice payment-offline" role="status">
              {t('offline.payment_waiting')}
            </p>
          )}
          {error && (
            <p className="notice notice-error" role="alert">
              {t(error, { hotline, defaultValue: t('errors.server_busy') })}
            </p>
          )}
        </>
      ) : (
        <>
          <h1>{t('payments.result.not_paid_title')}</h1>
          <div className="notice notice-error" role="alert">
            <p>{t(`payments.result.reason.${reasonKey}`, { hotline })}</p>
            {error && <p>{t(error, { hotline, defaultValue: t('errors.server_busy') })}</p>}
          </div>
        </>
      )}
      <DetailsList
        rows={[
          [t('payments.result.ticket'), code],
          ...(payment ? ([[t('payments.result.method'), name(current)]] as [string, string][]) : []),
        ]}
        total={payment ? [t('payments.result.total'), formatVnd(payment.total_cost)] : undefined}
      />
      <p>{t(waiting ? 'payments.result.waiting_ways' : 'payments.result.kept')}</p>
      <div className="button-stack">
        {current !== PAY_METHOD.postpaid && !waiting && (
          <button type="button" className="button button-primary" disabled={busy} onClick={onPayAgain}>
            {state.busy === 'pay' ? t('payments.result.working') : t('payments.result.pay_again')}
          </button>
        )}
        {others.map((method) => (
          <button key={method.id} type="button" className="button" disabled={busy} onClick={() => onSwitch(method.id)}>
            {method.id === PAY_METHOD.postpaid
              ? t('payments.result.pay_cash')
              : method.fee_percent > 0
                ? t('payments.result.pay_with_fee', { method: name(method.id), fee: method.fee_percent })
                : t('payments.result.pay_with', { method: name(method.id) })}
          </button>
        ))}
        <button type="button" className="link-button danger" disabled={busy} onClick={() => setConfirmCancel(true)}>
          {t('payments.result.cancel')}
        </button>
      </div>
      <Dialog
        open={confirmCancel}
        title={t('payments.result.cancel_title', { code })}
        role="alertdialog"
        onClose={() => setConfirmCancel(false)}
        footer={
          <DialogActions
            cancel={{ label: t('payments.result.keep'), onClick: () => setConfirmCancel(false) }}
            confirm={{
              label: t('payments.result.cancel_confirm'),
              tone: 'danger',
              onClick: () => {
                setConfirmCancel(false);
                onCancel();
              },
            }}
          />
        }
      >
        <p>{t('payments.result.cancel_text')}</p>
      </Dialog>
    </div>
  );
}
