// The one free-text box of the forms and dialogs: a label, a three-row textarea (cut at its maximum length when it
// has one), an optional count line under it and an optional error line, each tied to the box by aria-describedby.
// The Formik forms reach it through TextField's `multiline`.
import type { ReactNode } from 'react';

interface TextAreaFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  max?: number;
  name?: string;
  placeholder?: string;
  disabled?: boolean;
  count?: ReactNode;
  error?: ReactNode;
  onBlur?: () => void;
}

export function TextAreaField({
  id,
  label,
  value,
  onChange,
  max,
  name,
  placeholder,
  disabled,
  count,
  error,
  onBlur,
}: TextAreaFieldProps) {
  const described = [count !== undefined && `${id}-count`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={`form-field${error ? ' invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        className="field-input"
        rows={3}
        maxLength={max}
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(max === undefined ? event.target.value : event.target.value.slice(0, max))}
        onBlur={onBlur}
      />
      {count !== undefined && (
        <p id={`${id}-count`} className="field-hint">
          {count}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
