// Form fields bound to Formik: a label, the control, a clear button for text (spec 2), and the error in the
// user's language linked to the control (aria-describedby), shown once the field was touched or submitted.
import { getIn, useFormikContext } from 'formik';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PHONE_CODE } from '../../../shared/domain/phone';
import { CloseIcon } from '../ui/icons';
import { TextAreaField } from './text-area-field';

/** A Formik field's value and its error, once the field was touched or the form submitted. */
export function useField(name: string) {
  const form = useFormikContext<Record<string, unknown>>();
  const value = getIn(form.values, name) as unknown;
  const error = getIn(form.errors, name) as string | undefined;
  const touched = Boolean(getIn(form.touched, name)) || form.submitCount > 0;
  return { form, value, error: touched && typeof error === 'string' ? error : undefined };
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {error}
    </p>
  );
}

/** The aria-describedby of a control: its error and its hint, when shown (FieldNotes gives them these ids). */
export function describedBy(id: string, error: string | undefined, hint: string | undefined): string | undefined {
  return [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
}

/**
 * The frame of a text control: its label, the row with the control and its buttons, then its hint and its error
 * (with the ids describedBy links), the field marked invalid while it has an error.
 */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint: string | undefined;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={`form-field${error ? ' invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="address-row">{children}</div>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** The clear button of a filled text control (spec 2), named after the field. */
export function ClearButton({ label, onClear }: { label: string; onClear(): void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="icon-button field-clear" aria-label={t('places.clear', { field: label })} onClick={onClear}>
      <CloseIcon />
    </button>
  );
}

interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  placeholder?: string;
  /** A free-text box (TextAreaField): the hint shows as its count line; prefix, type and the like do not apply. */
  multiline?: boolean;
  /** Keeps only digits as the passenger types (spec 5: the phone input accepts digits only). */
  digitsOnly?: boolean;
  /** Off for names and addresses that must keep what was typed (an e-mail's first letter is not capitalised). */
  autoCapitalize?: 'none' | 'sentences' | 'characters';
  spellCheck?: boolean;
  prefix?: ReactNode;
  hint?: string;
}

export function TextField({
  name,
  label,
  type = 'text',
  autoComplete,
  inputMode,
  placeholder,
  multiline,
  digitsOnly,
  prefix,
  hint,
  autoCapitalize,
  spellCheck,
}: TextFieldProps) {
  const id = useId();
  const { form, value, error } = useField(name);
  const text = typeof value === 'string' ? value : '';
  if (multiline) {
    return (
      <TextAreaField
        id={id}
        name={name}
        label={label}
        value={text}
        placeholder={placeholder}
        count={hint}
        error={error}
        onChange={(next) => void form.setFieldValue(name, next)}
        onBlur={() => void form.setFieldTouched(name, true)}
      />
    );
  }
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {prefix}
      <input
        id={id}
        name={name}
        className="field-input"
        value={text}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onBlur={() => void form.setFieldTouched(name, true)}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoCapitalize={autoCapitalize}
        spellCheck={spellCheck}
        onChange={(event) =>
          void form.setFieldValue(name, digitsOnly ? event.target.value.replace(/\D/g, '') : event.target.value)
        }
      />
      {text && <ClearButton label={label} onClear={() => void form.setFieldValue(name, '')} />}
    </FieldFrame>
  );
}

/** spec 5: a Vietnamese phone number typed without its country code, which stands before it; digits only. */
export function NationalPhoneField({ name, label }: { name: string; label: string }) {
  return (
    <TextField
      name={name}
      label={label}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      digitsOnly
      prefix={<span className="phone-prefix">+{DEFAULT_PHONE_CODE}</span>}
    />
  );
}

export function CheckboxField({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const id = useId();
  const { form, value } = useField(name);
  return (
    <div className="check-field">
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        onChange={(event) => void form.setFieldValue(name, event.target.checked)}
      />
      <label htmlFor={id}>
        {label}
        {hint && <span className="field-hint"> {hint}</span>}
      </label>
    </div>
  );
}

export function RadioGroup({
  name,
  legend,
  options,
}: {
  name: string;
  legend: string;
  options: { value: number | string; label: ReactNode }[];
}) {
  const id = useId();
  const { form, value, error } = useField(name);
  return (
    <fieldset className={`radio-group${error ? ' invalid' : ''}`} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field-label">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="radio-option">
          <input
            type="radio"
            name={`${id}-${name}`}
            checked={value === option.value}
            onChange={() => {
              void form.setFieldValue(name, option.value);
              void form.setFieldTouched(name, true, false);
            }}
          />
          <span>{option.label}</span>
        </label>
      ))}
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/** A date, time or number control bound to Formik, with its label and error (the browser's own picker on phones). */
export function NativeField({
  name,
  type,
  label,
  min,
  max,
}: {
  name: string;
  type: 'date' | 'time' | 'number';
  label: string;
  min?: number | string;
  max?: number | string;
}) {
  const id = useId();
  const { form, value, error } = useField(name);
  return (
    <div className={`form-field${error ? ' invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        className="field-input"
        inputMode={type === 'number' ? 'numeric' : undefined}
        min={min}
        max={max}
        value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => void form.setFieldValue(name, event.target.value)}
        onBlur={() => void form.setFieldTouched(name, true)}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
