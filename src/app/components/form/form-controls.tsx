// Fields of the account dialogs: a password field with show/hide and clear buttons (spec 2), the username field (spec
// 3: a phone, with its country code while what is typed is a number, or an e-mail), the busy submit button and the
// error block.
import { useFormikContext, type FormikProps } from 'formik';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ClearButton, describedBy, FieldFrame, TextField, useField } from './fields';
import { CountryCodePicker } from '../ui/country-code-picker';
import { ActionButton } from '../ui/dialog-actions';
import { isPhoneLike } from '../../../shared/domain/username';
import { mustClearRePassword } from './form-errors';

interface PasswordFieldProps {
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
  /** The hint gives way to the error (not both at once). */
  hintUntilError?: boolean;
  maxLength?: number;
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      width={22}
      height={22}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M3 3l18 18" />}
    </svg>
  );
}

export function PasswordField({ name, label, autoComplete, hint, hintUntilError, maxLength }: PasswordFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const { form, value, error } = useField(name);
  const [shown, setShown] = useState(false);
  const text = typeof value === 'string' ? value : '';
  const shownHint = hintUntilError && error ? undefined : hint;
  return (
    <FieldFrame id={id} label={label} hint={shownHint} error={error}>
      <input
        id={id}
        name={name}
        className="field-input"
        type={shown ? 'text' : 'password'}
        autoComplete={autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        value={text}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, shownHint)}
        onBlur={() => void form.setFieldTouched(name, true)}
        onChange={(event) => void form.setFieldValue(name, event.target.value)}
      />
      {text && <ClearButton label={label} onClear={() => void form.setFieldValue(name, '')} />}
      <button
        type="button"
        className="icon-button field-action"
        aria-label={t('auth.show_password', { field: label })}
        aria-pressed={shown}
        aria-controls={id}
        onClick={() => setShown((value) => !value)}
      >
        <EyeIcon crossed={shown} />
      </button>
    </FieldFrame>
  );
}

export interface PhoneValues {
  phone_iso: string;
  phone_code: string;
  phone_number: string;
}

/**
 * spec 3, 5: the username, a phone or an e-mail, in one text field (the e-mail keyboard has the '@' and the digits;
 * the browser offers saved usernames). The country code picker shows while what is typed is a number: it means
 * nothing for an e-mail.
 */
export function UsernameField({ label }: { label: string }) {
  const form = useFormikContext<PhoneValues>();
  return (
    <TextField
      name="phone_number"
      label={label}
      inputMode="email"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      prefix={
        // The picker's own dialog closes with a `close` event that bubbles through React; Dialog ignores a close
        // that is not its own.
        isPhoneLike(form.values.phone_number) && (
          <span className="phone-code-wrap">
            <CountryCodePicker
              iso={form.values.phone_iso}
              dial={form.values.phone_code}
              label={label}
              onChange={({ iso, dial }) => {
                void form.setFieldValue('phone_iso', iso);
                void form.setFieldValue('phone_code', dial, form.submitCount > 0);
              }}
            />
          </span>
        )
      }
    />
  );
}

/** A submit button that shows it is busy; disabled while the call runs, so a second press sends nothing. */
export function SubmitButton({ busy, disabled, children }: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ActionButton submit tone="primary" block disabled={disabled} busy={busy} busyLabel={t('auth.busy')}>
      {children}
    </ActionButton>
  );
}

/** Submits a form unless a submission is already running, so a second press sends nothing. */
export function submitOnce<V>(form: FormikProps<V>, event: FormEvent<HTMLFormElement>) {
  if (form.isSubmitting) {
    event.preventDefault();
    return;
  }
  form.handleSubmit(event);
}

/**
 * Submits a form with a password and its re-entry; a re-entry that does not match is cleared first and the
 * form shows why (spec 5), without calling the server.
 */
export function submitWithPasswordCheck<V extends { password: string; re_password: string }>(
  form: FormikProps<V>,
  event: FormEvent<HTMLFormElement>,
) {
  event.preventDefault();
  if (!form.isSubmitting && mustClearRePassword(form.values)) {
    const touched = Object.fromEntries(Object.keys(form.values).map((key) => [key, true]));
    void form.setTouched(touched as never, false);
    void form.setFieldValue('re_password', '', true);
    const field = event.currentTarget.querySelector<HTMLInputElement>('input[name="re_password"]');
    field?.focus();
    return;
  }
  submitOnce(form, event);
}

/** The failure of the last attempt, announced (role=alert). */
export function FormAlert({ message, children }: { message: string | null; children?: ReactNode }) {
  if (!message) return null;
  return (
    <div className="notice notice-error auth-alert" role="alert">
      <p>{message}</p>
      {children}
    </div>
  );
}

/**
 * Focus on the first field when a dialog (or a step of one) opens. The native dialog focuses its first control
 * (the close button) when it opens, so the field is marked autofocus before and focused again after that.
 */
export function useFocusFirst(ref: RefObject<HTMLElement | null>, key: unknown = null) {
  useEffect(() => {
    const field = ref.current?.querySelector<HTMLElement>('input:not([type=hidden]):not([disabled])');
    if (!field) return;
    field.setAttribute('autofocus', '');
    const frame = requestAnimationFrame(() => field.focus());
    return () => cancelAnimationFrame(frame);
  }, [ref, key]);
}

/**
 * After a refused submit, the first field with a message takes the focus (its message is read with it): once per
 * submit, so typing afterwards, which validates again, never moves it.
 */
export function FocusFirstError({ formRef }: { formRef: RefObject<HTMLFormElement | null> }) {
  const { submitCount, isValidating, isSubmitting } = useFormikContext();
  const handled = useRef(0);
  useEffect(() => {
    if (submitCount === handled.current || isValidating || isSubmitting) return;
    handled.current = submitCount;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .radio-group.invalid input')?.focus();
  }, [submitCount, isValidating, isSubmitting, formRef]);
  return null;
}

/** A ref for a form: useFocusFirst's container. */
export function useFormRef() {
  return useRef<HTMLFormElement>(null);
}
