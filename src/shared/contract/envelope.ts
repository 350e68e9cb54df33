// Every response of the main API and the hub service is this envelope (spec 7): code, message, data,
// plus the extra top-level fields the spec names for a call. `message` is an i18n key (see docs/decisions.md).
import { yup } from './yup';

export const API_BASE = '/api';
export const HUB_BASE = '/hub';

export const ERROR_KEYS = {
  validation: 'errors.validation',
  notFound: 'errors.not_found',
  serverBusy: 'errors.server_busy',
  methodNotAllowed: 'errors.method_not_allowed',
  badJson: 'errors.bad_json',
  tooLarge: 'errors.too_large',
  /** The recaptcha check of a booking or a sign-up failed. */
  recaptcha: 'errors.recaptcha',
} as const;

export interface FieldError {
  /** The request field, dotted for nested fields (e.g. `company.mst`). */
  field: string;
  /** An i18n message key, e.g. `validation.required`. */
  message: string;
  params?: Record<string, unknown>;
}

export interface ApiSuccess<T> {
  code: 'success';
  message: string;
  data: T;
}

export interface ApiFailure {
  code: 'error';
  message: string;
  data: null;
  errors?: FieldError[];
}

export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

export const fieldErrorSchema = yup.object({
  field: yup.string().defined(),
  message: yup.string().required(),
  params: yup.object().optional(),
});

export const failureSchema = yup.object({
  code: yup
    .string()
    .oneOf(['error'] as const)
    .required(),
  message: yup.string().required(),
  data: yup.mixed().nullable().defined(),
  errors: yup.array(fieldErrorSchema).optional(),
});

/** The envelope schema for a success response whose data matches `data`. */
export function successSchema<T extends yup.Schema>(data: T) {
  return yup.object({
    code: yup
      .string()
      .oneOf(['success'] as const)
      .required(),
    message: yup.string().defined(),
    data,
  });
}
