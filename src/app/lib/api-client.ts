// The only module that calls fetch: it speaks the envelope of spec 7 and turns failures into ApiError,
// whose `message` is an i18n key (the server sends keys; a network failure becomes errors.network).
import type { Schema } from 'yup';
import type { FieldError } from '../../shared/contract/envelope';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly errors: FieldError[] = [],
    /** The failure envelope's data, when the server sent some (login of an unverified account: {user_id}). */
    readonly data?: unknown,
  ) {
    super(key);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | undefined | null>;

/**
 * The answer's schema, or a loader of it: modules of the home route's first load pass a loader (a dynamic import of
 * the contract), so yup and the schemas load beside the request instead of before the first render.
 */
export type SchemaSource<T> = Schema<T> | (() => Promise<Schema<T>>);

interface RequestOptions<T> {
  query?: Query;
  body?: unknown;
  schema?: SchemaSource<T>;
  signal?: AbortSignal;
  /** Extra request headers (the partner console's `Authorization: Bearer`). */
  headers?: Record<string, string>;
}

/** The path with its query string (values left out when undefined or null). */
export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

// Whether the server can be reached. navigator.onLine says only that a network is attached: a captive portal's Wi-Fi,
// or a page the service worker served while offline, can say "online" with no way out (seen in Chromium: after an
// offline navigation answered by the worker, navigator.onLine is true and every fetch fails). So a request that
// cannot reach the server marks it unreachable, and only a probe of /api/health that gets through (never cached by
// the worker) marks it reachable again: tried 1 s after a failure, then 2, 4, 8 and every 15 s, and at once when the
// browser says it is back online (a request that fails just after a reconnect is thus retried within a second or two).
const HEALTH_PATH = '/api/health';
/** The probes after a failure: 1 s, then twice as long each time, at most every 15 s. */
const FIRST_PROBE_MS = 1000;
const PROBE_EVERY_MS = 15_000;
let probeDelayMs = FIRST_PROBE_MS;
let unreachable = false;
let probeTimer: ReturnType<typeof setTimeout> | null = null;
const reachabilityListeners = new Set<() => void>();

function setUnreachable(value: boolean): void {
  if (!value) probeDelayMs = FIRST_PROBE_MS;
  if (unreachable === value) return;
  unreachable = value;
  for (const listener of reachabilityListeners) listener();
}

/** False once a request could not reach the server, until a probe gets through. */
export const isServerReachable = (): boolean => !unreachable;

export function subscribeReachability(listener: () => void): () => void {
  reachabilityListeners.add(listener);
  return () => reachabilityListeners.delete(listener);
}

/** Asks /api/health now; the answer decides reachability (a failure schedules the next try). */
export async function probeServer(): Promise<boolean> {
  if (probeTimer !== null) clearTimeout(probeTimer);
  probeTimer = null;
  try {
    const response = await fetch(HEALTH_PATH, { cache: 'no-store', credentials: 'same-origin' });
    // Read to its end: an answer left unread keeps its request open (through the service worker, until the page
    // goes), so the page never counts as loaded.
    await response.arrayBuffer().catch(() => undefined);
    setUnreachable(false);
    return response.ok;
  } catch {
    markUnreachable();
    return false;
  }
}

/** After the browser says the network is back: the quick tries before the usual 15 s cadence. */
const RECONNECT_TRIES_MS = [0, 1000, 2000, 4000];
let reconnectRun = 0;

/**
 * The browser says it is back online: the server is asked at once and, while that fails, again after 1, 2 and 4 s. A
 * network that has just come back often takes a moment to carry requests (a phone's radio, or Chromium's own
 * emulation in tests), and one failed probe at that instant would otherwise leave the app "offline" for 15 s.
 */
export async function probeAfterReconnect(): Promise<boolean> {
  const run = (reconnectRun += 1);
  for (const wait of RECONNECT_TRIES_MS) {
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // A newer reconnect took over, or the browser went offline again, or another request got through meanwhile.
    if (run !== reconnectRun || (typeof navigator !== 'undefined' && navigator.onLine === false)) return false;
    if (!unreachable && wait > 0) return true;
    if (await probeServer()) return true;
  }
  return false;
}

/** Whether a file of this site can be fetched now (a chunk that failed to load, before it is imported again). */
export function canFetch(url: string): Promise<boolean> {
  return fetch(url, { credentials: 'same-origin' }).then(
    (response) => response.ok,
    () => false,
  );
}

function markUnreachable(): void {
  setUnreachable(true);
  if (probeTimer === null && typeof window !== 'undefined') {
    probeTimer = setTimeout(() => {
      probeTimer = null;
      void probeServer();
    }, probeDelayMs);
    probeDelayMs = Math.min(probeDelayMs * 2, PROBE_EVERY_MS);
  }
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;
/** Where the calls go: the browser's fetch; the server's renderer (src/app/entry-server.tsx) answers them in-process. */
let transport: Transport = (url, init) => fetch(url, init);

/** The server's renderer only: its calls go to the server's own handler, never over the network. */
export function setApiTransport(next: Transport): void {
  transport = next;
}

async function request<T>(method: 'GET' | 'POST', path: string, options: RequestOptions<T>): Promise<T> {
  // A loader starts at once, so the schema's chunk downloads while the request is on its way.
  const schema = typeof options.schema === 'function' ? options.schema() : options.schema;
  // Awaited below; until then its failure must not count as unhandled.
  if (schema instanceof Promise) schema.catch(() => {});
  let response: Response;
  // A file (a photo) is sent as itself, with its own type; anything else as JSON.
  const file = typeof Blob !== 'undefined' && options.body instanceof Blob ? options.body : null;
  try {
    response = await transport(withQuery(path, options.query), {
      method,
      headers: {
        ...options.headers,
        accept: 'application/json',
        ...(options.body === undefined
          ? {}
          : { 'content-type': file ? file.type || 'application/octet-stream' : 'application/json' }),
      },
      body: options.body === undefined ? undefined : (file ?? JSON.stringify(options.body)),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    markUnreachable();
    throw new ApiError(0, 'errors.network');
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiError(response.status, response.ok ? 'errors.bad_response' : 'errors.server_busy');
  }
  const envelope = json as { code?: unknown; message?: unknown; errors?: FieldError[]; data?: unknown };
  if (!response.ok || envelope.code !== 'success') {
    const key = typeof envelope.message === 'string' && envelope.message ? envelope.message : 'errors.server_busy';
    throw new ApiError(
      response.status,
      key,
      Array.isArray(envelope.errors) ? envelope.errors : [],
      envelope.data === null ? undefined : envelope.data,
    );
  }
  if (!schema) return json as T;
  let validator: Schema<T>;
  try {
    validator = await schema;
  } catch {
    // The schema's chunk could not load (offline before the service worker cached it): as a network failure.
    throw new ApiError(0, 'errors.network');
  }
  try {
    return await validator.validate(json, { stripUnknown: false });
  } catch {
    throw new ApiError(response.status, 'errors.bad_response');
  }
}

export function apiGet<T>(path: string, options: Omit<RequestOptions<T>, 'body'> = {}): Promise<T> {
  return request('GET', path, options);
}

export function apiPost<T>(path: string, body: unknown, options: Omit<RequestOptions<T>, 'body'> = {}): Promise<T> {
  return request('POST', path, { ...options, body });
}

/**
 * A stream of Server-Sent Events (a live ticket), read with fetch so that it can carry headers (the ticket's
 * key: EventSource cannot send one). Calls `onEvent` with each event's name and data as they come; settles when the
 * stream ends (the server closes it after a while), rejects with an ApiError when it could not be opened.
 */
export async function apiEvents(
  path: string,
  options: { query?: Query; headers?: Record<string, string>; signal?: AbortSignal; onEvent(name: string, data: string): void },
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      headers: { ...options.headers, accept: 'text/event-stream' },
      signal: options.signal,
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // A stream that a proxy cuts says nothing of the rest of the API: /api/health decides whether the app is offline.
    void probeServer();
    throw new ApiError(0, 'errors.network');
  }
  if (!response.ok || !response.body) {
    const envelope = (await response.json().catch(() => ({}))) as { message?: unknown };
    throw new ApiError(response.status, typeof envelope.message === 'string' ? envelope.message : 'errors.server_busy');
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) return;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length) options.onEvent(name, data.join('\n'));
      end = buffer.indexOf('\n\n');
    }
  }
}
