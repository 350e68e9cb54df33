// A labelled field of the desk's content forms, with its message tied to the input for screen readers, and the
// shapes of the side-by-side texts as the forms hold them.
import { useId, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../../../shared/domain/route-table';
import { ApiError } from '../../../lib/api-client';

export type LangText = { title: string; summary: string; body: string };
export type Form = Record<Lang, LangText>;
export const LANGS: Lang[] = ['vi', 'en'];

/** A date-time as the desk shows it: short, in Vietnam time. */
export const savedAtText = (iso: string, lang: Lang) =>
  new Date(iso).toLocaleString(lang === 'vi' ? 'vi-VN' : 'en-GB', {
    timeZone: 'Asia/Ho_Chi_Minh',
    dateStyle: 'short',
    timeStyle: 'short',
  });

export function Field({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
  children: (id: string, described: string | undefined) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={`form-field${error ? ' invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children(id, error ? `${id}-error` : undefined)}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The server's refusal as one message per field (the first of each), in the member's language. */
export function fieldMessages(error: unknown, t: TFunction): Record<string, string> {
  const byField: Record<string, string> = {};
  if (error instanceof ApiError) for (const field of error.errors) byField[field.field] ??= t(field.message, field.params ?? {});
  return byField;
}
