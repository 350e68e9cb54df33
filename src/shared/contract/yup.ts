// yup with the project's messages: every default message is an i18n key with its params
// ({ key: 'validation.max', params: { max: 30 } }), which the client renders in the user's language and the
// server sends as is. Contract files import yup from here so that the messages are set before any schema, and so
// that every string schema refuses NUL and lone surrogates (./yup-text.ts).
import * as yup from './yup-text';

export interface MessageRef {
  key: string;
  params?: Record<string, unknown>;
}

const ref =
  (key: string, ...names: string[]) =>
  (values: object): MessageRef => {
    const all = values as Record<string, unknown>;
    const params = Object.fromEntries(names.filter((name) => all[name] !== undefined).map((name) => [name, all[name]]));
    return Object.keys(params).length ? { key, params } : { key };
  };

yup.setLocale({
  mixed: {
    default: ref('validation.invalid'),
    required: ref('validation.required'),
    defined: ref('validation.required'),
    notNull: ref('validation.required'),
    oneOf: ref('validation.one_of'),
    notOneOf: ref('validation.invalid'),
    notType: ref('validation.type', 'type'),
  },
  string: {
    length: ref('validation.length', 'length'),
    min: ref('validation.min_length', 'min'),
    max: ref('validation.max_length', 'max'),
    matches: ref('validation.format'),
    email: ref('validation.email'),
    url: ref('validation.url'),
    trim: ref('validation.format'),
  },
  number: {
    min: ref('validation.min', 'min'),
    max: ref('validation.max', 'max'),
    integer: ref('validation.integer'),
    positive: ref('validation.min', 'min'),
  },
  array: {
    min: ref('validation.min_items', 'min'),
    max: ref('validation.max_items', 'max'),
  },
  object: { noUnknown: ref('validation.unknown_field') },
});

/** A message as the contract writes it: a key, or a key with params. */
export function toMessageRef(message: unknown): MessageRef {
  if (typeof message === 'string') return { key: message };
  if (message && typeof message === 'object' && typeof (message as MessageRef).key === 'string') return message as MessageRef;
  return { key: 'validation.invalid' };
}

export { yup };
