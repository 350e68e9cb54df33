// A service's "no" to a request: the HTTP status and the error key (with its params) the route answers with. One
// declaration for every module; a module narrows the statuses it can give with the type argument.
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type Refusal<S extends ContentfulStatusCode = ContentfulStatusCode> = {
  ok: false;
  status: S;
  message: string;
  params?: Record<string, unknown>;
  /** The request field the refusal is about (answered as a field error). */
  field?: string;
  /** Data the answer carries beside the error (e.g. the user id to verify). */
  data?: Record<string, unknown>;
};

/** A service's answer: the data, or a refusal with one of the statuses S. */
export type Result<T, S extends ContentfulStatusCode = ContentfulStatusCode> = { ok: true; data: T } | Refusal<S>;

export function refuse<S extends ContentfulStatusCode>(
  status: S,
  message: string,
  extra?: Omit<Refusal, 'ok' | 'status' | 'message'>,
): Refusal<S> {
  return extra ? { ok: false, status, message, ...extra } : { ok: false, status, message };
}
