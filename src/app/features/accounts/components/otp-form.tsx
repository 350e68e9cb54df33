// The OTP step of sign-up confirmation, account verification and forgot password (spec 4, 5): 4 one-digit boxes
// that submit on their own once all are filled, a countdown from the code's validity, then a resend button.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_ERROR_KEYS, OTP_LENGTH } from '../../../../shared/contract/accounts';
import { isEmailLike } from '../../../../shared/domain/username';
import { errorText, isApiErrorKey } from '../../../components/form/form-errors';
import {
  backspace,
  codeOf,
  countdownAnnouncement,
  emptyDigits,
  enterText,
  formatCountdown,
  isComplete,
  moveFocus,
  secondsLeft,
  type OtpChange,
} from '../otp-input';
import { FormAlert, SubmitButton } from '../../../components/form/form-controls';
import { ActionButton } from '../../../components/ui/dialog-actions';
import { formatPhone } from '../../../../shared/domain/phone';

interface Props {
  /** Where the code went, shown to the passenger: a phone, or an e-mail (spec 3 username). */
  phone: string;
  /** Seconds the code stays valid (spec 9: 179). */
  expiresIn: number;
  /** Checks the code; throws the ApiError of a refusal. */
  submit(code: string): Promise<void>;
  /** Sends a new code; answers its validity in seconds. */
  resend(): Promise<number>;
  submitLabel: string;
}

/** Seconds left, and the value last told to screen readers (only at the steps countdownAnnouncement picks). */
function useCountdown(expiresIn: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + expiresIn * 1000);
  const [state, setState] = useState({ left: expiresIn, spoken: expiresIn });
  useEffect(() => {
    const tick = () =>
      setState((previous) => {
        const left = secondsLeft(deadline, Date.now());
        if (left === previous.left) return previous;
        return { left, spoken: countdownAnnouncement(left) ?? previous.spoken };
      });
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  const restart = useCallback((seconds: number) => {
    setDeadline(Date.now() + seconds * 1000);
    setState({ left: seconds, spoken: seconds });
  }, []);
  return { ...state, restart };
}

export function OtpForm({ phone, expiresIn, submit, resend, submitLabel }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [digits, setDigits] = useState(() => emptyDigits());
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { left, spoken, restart } = useCountdown(expiresIn);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const inFlight = useRef(false);
  const refocusFirst = useRef(false);

  const focusBox = (index: number) => {
    const box = boxes.current[index];
    box?.focus();
    box?.select();
  };

  useEffect(() => {
    const first = boxes.current[0];
    if (!first) return;
    first.setAttribute('autofocus', '');
    const frame = requestAnimationFrame(() => first.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  useEffect(() => {
    if (busy || resending || !refocusFirst.current) return;
    refocusFirst.current = false;
    boxes.current[0]?.focus();
  }, [busy, resending, digits]);

  const send = async (code: string) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await submit(code);
    } catch (failure) {
      setError(errorText(failure, t, { fieldMessage: true }));
      // A wrong code: clear the boxes and start again from the first (spec 5 'Verify code incorrect').
      if (isApiErrorKey(failure, ACCOUNT_ERROR_KEYS.otpInvalid)) {
        setDigits(emptyDigits());
        refocusFirst.current = true;
      }
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const apply = (change: OtpChange) => {
    if (inFlight.current) return;
    setDigits(change.digits);
    focusBox(change.focus);
    if (isComplete(change.digits) && codeOf(change.digits) !== codeOf(digits)) void send(codeOf(change.digits));
  };

  const onResend = async () => {
    if (resending) return;
    setResending(true);
    setError(null);
    try {
      const seconds = await resend();
      restart(seconds);
      setDigits(emptyDigits());
      setNotice(t('accounts.messages.otp_sent'));
      refocusFirst.current = true;
    } catch (failure) {
      setError(errorText(failure, t, { fieldMessage: true }));
    } finally {
      setResending(false);
    }
  };

  const complete = isComplete(digits);
  return (
    <form
      className="booking-form auth-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (complete) void send(codeOf(digits));
      }}
    >
      <p id={`${id}-text`}>
        {isEmailLike(phone)
          ? t('auth.otp_sent_to_email', { email: phone, length: OTP_LENGTH })
          : t('auth.otp_sent_to', { phone: formatPhone(phone), length: OTP_LENGTH })}
      </p>
      <fieldset className="otp-group" aria-describedby={`${id}-text`}>
        <legend className="field-label">{t('auth.otp_label')}</legend>
        <div className="otp-boxes">
          {digits.map((digit, index) => (
            <input
              key={index}
              ref={(element) => {
                boxes.current[index] = element;
              }}
              className="field-input otp-box"
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              readOnly={busy}
              aria-label={t('auth.otp_digit', { index: index + 1, total: OTP_LENGTH })}
              aria-invalid={error ? true : undefined}
              value={digit}
              onFocus={(event) => event.target.select()}
              onChange={(event) => {
                const text = event.target.value;
                // A digit typed beside the one in the box replaces it (the box is selected on focus, a caret may not be).
                const typed = digit && text.length === 2 ? (text.startsWith(digit) ? text.slice(1) : text.slice(0, 1)) : text;
                apply(enterText(digits, index, typed));
              }}
              onPaste={(event) => {
                event.preventDefault();
                apply(enterText(digits, index, event.clipboardData.getData('text')));
              }}
              onKeyDown={(event) => {
                if (event.key === 'Backspace') {
                  event.preventDefault();
                  apply(backspace(digits, index));
                  return;
                }
                const target = moveFocus(event.key, index);
                if (target !== null) {
                  event.preventDefault();
                  focusBox(target);
                }
              }}
            />
          ))}
        </div>
      </fieldset>
      <FormAlert message={error} />
      {notice && (
        <p className="notice notice-ok" role="status">
          {notice}
        </p>
      )}
      <SubmitButton busy={busy} disabled={!complete}>
        {submitLabel}
      </SubmitButton>
      <div className="otp-countdown">
        {left > 0 ? (
          <p aria-hidden="true">
            {t('auth.otp_expires_in')} <span className="countdown">{formatCountdown(left)}</span>
          </p>
        ) : (
          <ActionButton tone="link" busy={resending} busyLabel={t('auth.busy')} onClick={() => void onResend()}>
            {t('auth.resend')}
          </ActionButton>
        )}
        <p className="visually-hidden" aria-live="polite" aria-atomic="true">
          {spoken > 0 ? t('auth.otp_time_left', { time: formatCountdown(spoken) }) : t('auth.otp_expired')}
        </p>
      </div>
    </form>
  );
}
