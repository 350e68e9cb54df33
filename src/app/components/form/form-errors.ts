// Failures and form validation of the account UI in the user's language (spec 8: the server message is shown on
// login, sign-up, forgot password and OTP failures). A server failure is the ApiError key with the params the
// server sent beside it (a 429 carries {seconds}); the field errors of a 400 are keyed by form field for Formik; and
// Formik validation uses the contract schemas (docs: the request schemas are the forms' schemas).
import type { TFunction } from 'i18next';
import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';
import { ACCOUNT_ERROR_KEYS } from '../../../shared/contract/accounts';
import { toMessageRef } from '../../../shared/contract/yup';
import { ApiError } from '../../lib/api-client';

export interface ErrorRef {
  key: string;
  params?: Record<string, unknown>;
}

export interface ErrorOptions {
  /**
   * A validation failure shows its first field's message, it says more (for forms that do not put the server's
   * field errors on their fields).
   */
  fieldMessage?: boolean;
}

/** The message key and params of a failed call: the envelope's message with the params its errors carry, else busy. */
export function errorRef(error: unknown, { fieldMessage = false }: ErrorOptions = {}): ErrorRef {
  if (!(error instanceof ApiError)) return { key: 'errors.server_busy' };
  const first = error.errors[0];
  if (fieldMessage && error.key === 'errors.validation' && first) {
    return { key: first.message, params: first.params ?? {} };
  }
  const match =
    error.errors.find((item) => item.params && item.message === error.key) ??
    error.errors.find((item) => item.params && !item.field) ??
    error.errors.find((item) => item.params);
  return match?.params ? { key: error.key, params: match.params } : { key: error.key };
}

const isErrorRef = (value: unknown): value is ErrorRef =>
  typeof value === 'object' && value !== null && !(value instanceof Error) && typeof (value as ErrorRef).key === 'string';

/**
 * The text of a failure (an ApiError, or an ErrorRef already taken from one), falling back to the busy message for a
 * key the locale files do not have.
 */
export function errorText(error: unknown, t: TFunction, options?: ErrorOptions): string {
  const { key, params } = isErrorRef(error) ? error : errorRef(error, options);
  return t(key, { ...params, defaultValue: t('errors.server_busy') });
}

export function isApiErrorKey(error: unknown, key: string): boolean {
  return error instanceof ApiError && error.key === key;
}

/** Login of an unverified account (403, data {user_id}): the id the verification needs, else null. */
export function notVerifiedUserId(error: unknown): number | null {
  if (!isApiErrorKey(error, ACCOUNT_ERROR_KEYS.notVerified)) return null;
  const data = (error as ApiError).data as { user_id?: unknown } | undefined;
  return data && typeof data.user_id === 'number' ? data.user_id : null;
}

/** Formik errors for the fields a form shows, from a 400's field list (other fields are left out). */
export function fieldErrors(error: unknown, fields: readonly string[], t: TFunction): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const result: Record<string, string> = {};
  for (const field of error.errors) {
    if (fields.includes(field.field) && !(field.field in result)) result[field.field] = t(field.message, field.params ?? {});
  }
  return result;
}

/**
 * The failure's text for the form's notice, or null when a field already announces it (one alert, not two).
 * `fieldMessages` are the form's field errors of that failure (fieldErrors).
 */
export function noticeText(error: unknown, fieldMessages: Record<string, string>, t: TFunction): string | null {
  const text = errorText(error, t);
  return Object.values(fieldMessages).includes(text) ? null : text;
}

/**
 * Formik `validate` with a contract schema: the first message of each field, translated; with `fields`, only the
 * fields the form shows.
 */
export async function validateWith(
  schema: ObjectSchema<AnyObject>,
  values: Record<string, unknown>,
  t: TFunction,
  fields?: readonly string[],
): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Record<string, string> = {};
    for (const leaf of error.inner.length ? error.inner : [error]) {
      const path = leaf.path ?? '';
      if ((fields && !fields.includes(path)) || path in errors) continue;
      const { key, params } = toMessageRef(leaf.errors[0]);
      errors[path] = t(key, params ?? {});
    }
    return errors;
  }
}

/** spec 5: a re-entry that does not match the password is cleared (then shows the mismatch message). */
export function mustClearRePassword(values: { password: string; re_password: string }): boolean {
  return values.re_password !== '' && values.re_password !== values.password;
}
