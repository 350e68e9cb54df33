// "Get notified when your booking changes": shown on the success page and on a live ticket, never
// on a first visit. Permission is asked only when the passenger presses the button. States: unsupported (hidden;
// on iOS Safari a note that the installed app is needed), blocked in the browser's settings, offline, turning on,
// on (with "Turn off"), and a failure message (headless chromium, for one, has no push service).
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../components/form/form-errors';
import { useOnline } from '../../lib/use-online';
import { useLang } from '../../lib/use-lang';
import type { TicketInfo } from '../../../shared/contract/tickets';
import { canFollowTicket, currentPushEnvironment, pushSupport } from './push-support';
import { PushBrowserError, followTicket, followedEndpoint, stillFollowing, unfollowTicket } from './push-subscription';
import './push.css';

type Step = 'idle' | 'subscribing' | 'subscribed' | 'unsubscribing' | 'denied';

function initialStep(code: string): Step {
  if (typeof Notification === 'undefined') return 'idle';
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' && followedEndpoint(code) ? 'subscribed' : 'idle';
}

/** The offer on a ticket's page: only while the ticket still has news to come (push-support.ts). */
export function TicketPushOptIn({
  ticket,
  code,
  contact,
}: {
  ticket: Pick<TicketInfo, 'status' | 'transaction_status_id'>;
  code: string;
  contact: string;
}) {
  return canFollowTicket(ticket) ? <PushOptIn code={code} contact={contact} /> : null;
}

function PushOptIn({ code, contact }: { code: string; contact: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const online = useOnline();
  const titleId = useId();
  const [support] = useState(() => pushSupport(currentPushEnvironment()));
  const [step, setStep] = useState<Step>(() => (support === 'supported' ? initialStep(code) : 'idle'));
  const [error, setError] = useState<string | null>(null);

  // A remembered ticket whose subscription is gone (browser reset, another ticket followed) shows as off again.
  useEffect(() => {
    if (support !== 'supported' || step !== 'subscribed') return;
    let live = true;
    void stillFollowing(code).then((following) => {
      if (live && !following) setStep('idle');
    });
    return () => {
      live = false;
    };
    // Checked once per ticket, not after each change of step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code, support]);

  if (support === 'unsupported') return null;

  const failed = (cause: unknown) => setError(cause instanceof PushBrowserError ? t('push.failed_browser') : errorText(cause, t));

  const turnOn = async () => {
    setError(null);
    setStep('subscribing');
    try {
      const outcome = await followTicket(code, contact, lang);
      setStep(outcome === 'subscribed' ? 'subscribed' : outcome === 'denied' ? 'denied' : 'idle');
    } catch (cause) {
      failed(cause);
      setStep('idle');
    }
  };

  const turnOff = async () => {
    setError(null);
    setStep('unsubscribing');
    try {
      await unfollowTicket(code);
      setStep('idle');
    } catch (cause) {
      failed(cause);
      setStep('subscribed');
    }
  };

  const busy = step === 'subscribing' || step === 'unsubscribing';
  const on = step === 'subscribed' || step === 'unsubscribing';
  const text =
    support === 'ios-install'
      ? t('push.ios_install')
      : step === 'denied'
        ? t('push.denied')
        : on
          ? t('push.on', { code })
          : !online
            ? t('push.offline')
            : t('push.text');

  return (
    <section className="push-opt-in" aria-labelledby={titleId} data-testid="push-opt-in">
      <h2 id={titleId}>{t('push.title')}</h2>
      <p role="status">{text}</p>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {support === 'supported' && step !== 'denied' && (
        <button
          type="button"
          className={on ? 'button' : 'button button-primary'}
          disabled={busy || !online}
          aria-busy={busy}
          onClick={() => void (on ? turnOff() : turnOn())}
        >
          {step === 'subscribing'
            ? t('push.turning_on')
            : step === 'unsubscribing'
              ? t('push.turning_off')
              : on
                ? t('push.turn_off')
                : t('push.turn_on')}
        </button>
      )}
    </section>
  );
}
