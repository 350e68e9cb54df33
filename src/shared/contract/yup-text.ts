// yup as the contract uses it, with one change: every string schema refuses text that no database or wire format
// keeps as sent: a NUL character (PostgreSQL's text cannot hold it) and a lone UTF-16 surrogate (UTF-8
// cannot encode it; it would be stored as U+FFFD, silently changed). Imported as a namespace by ./yup.ts.
import * as base from 'yup';
import type { StringSchema } from 'yup';

export * from 'yup';

/** The message of a text with a NUL or a lone surrogate. */
export const TEXT_KEY = 'validation.text';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True for text every layer stores as sent: no NUL, no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** yup.string(), refusing NUL and lone surrogates before any other test (the transforms keep them). */
export function string(): StringSchema<string | undefined> {
  return base.string().test('storable-text', { key: TEXT_KEY }, (value) => value == null || isStorableText(value));
}
