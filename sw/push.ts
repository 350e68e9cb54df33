/// <reference lib="webworker" />
// Web Push in the service worker: a push carries a ticket's news (pushPayloadSchema, the schema the
// server sends with); a valid one shows a notification in the ticket's language, one per ticket (a newer news
// replaces the older), and tells the open pages so a ticket on screen refreshes. A click opens or focuses that
// ticket's page. A payload that does not validate, or whose url is not a path of this origin, shows nothing.
// The pure helpers (parsePushPayload, sameOriginUrl, chooseClient) are unit tested in sw/push.test.ts.
import { pushPayloadSchema, type PushPayload } from '../src/shared/contract/push';

/** The message the pages receive (src/app/features/tickets/use-live-ticket.ts). */
export const TICKET_UPDATED = 'TICKET_UPDATED';

/** The manifest's icons (public/icons); a separate monochrome badge would be nicer on Android's status bar. */
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/icon-192.png';

/** What a notification keeps for its click: the absolute same-origin url and the ticket. */
export interface NotificationData {
  url: string;
  ticket_code: string;
}

/**
 * The absolute url of `path` when it is a path of `origin` ("/…", never "//host" or "/\host"); null otherwise, so a
 * payload can never send the passenger to another site.
 */
export function sameOriginUrl(path: unknown, origin: string): string | null {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  try {
    const url = new URL(path, origin);
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The path of a payload's url when it is an absolute address on this worker's origin (the server sends the ticket
 * page's absolute address); anything else is returned as it came, for sameOriginUrl to judge.
 */
export function pathOfUrl(url: string, origin: string): string {
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) return url;
  const parsed = new URL(url);
  return parsed.origin === origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : url;
}

/** The push message's payload if it is valid JSON matching the contract with a same-origin url; else null. */
export function parsePushPayload(text: string | null | undefined, origin: string): PushPayload | null {
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  try {
    const payload = pushPayloadSchema.validateSync(json, { stripUnknown: true });
    const url = sameOriginUrl(pathOfUrl(payload.url, origin), origin);
    return url ? { ...payload, url } : null;
  } catch {
    return null;
  }
}

/** The notification's options for a valid payload (tag per ticket: a newer news replaces the older one). */
export function notificationOptions(payload: PushPayload): NotificationOptions & { renotify: boolean } {
  const data: NotificationData = { url: payload.url, ticket_code: payload.ticket_code };
  return {
    body: payload.body,
    tag: `ticket-${payload.ticket_code}`,
    // The replacement still alerts: each is a new event of the trip.
    renotify: true,
    data,
    icon: ICON,
    badge: BADGE,
    lang: payload.lang,
  };
}

/** The notification's data if it is ours (a same-origin url and a ticket code). */
export function notificationData(data: unknown, origin: string): NotificationData | null {
  if (typeof data !== 'object' || data === null) return null;
  const { url, ticket_code: code } = data as { url?: unknown; ticket_code?: unknown };
  if (typeof url !== 'string' || typeof code !== 'string') return null;
  const checked = sameOriginUrl(url.startsWith(origin) ? url.slice(origin.length) || '/' : url, origin);
  return checked ? { url: checked, ticket_code: code } : null;
}

function samePage(a: string, b: string): boolean {
  try {
    const [left, right] = [new URL(a), new URL(b)];
    return (
      left.origin === right.origin &&
      decodeURIComponent(left.pathname) === decodeURIComponent(right.pathname) &&
      left.search === right.search
    );
  } catch {
    return false;
  }
}

export type ClientChoice<T> = { action: 'focus'; client: T } | { action: 'navigate'; client: T } | { action: 'open' };

/**
 * Which window to use for a click on a notification for `url`: one already showing it (focus), else an open window
 * of the app, the focused one first (navigate there, then focus), else a new window.
 */
export function chooseClient<T extends { url: string; focused?: boolean }>(clients: readonly T[], url: string): ClientChoice<T> {
  const showing = clients.find((client) => samePage(client.url, url));
  if (showing) return { action: 'focus', client: showing };
  const any = clients.find((client) => client.focused) ?? clients[0];
  return any ? { action: 'navigate', client: any } : { action: 'open' };
}

async function focusQuietly(client: WindowClient): Promise<void> {
  // Allowed only in the moments after a real click; a page that cannot be focused still got the ticket.
  await client.focus().catch(() => undefined);
}

async function openTicket(scope: ServiceWorkerGlobalScope, url: string): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const choice = chooseClient(windows, url);
  if (choice.action === 'focus') return focusQuietly(choice.client);
  if (choice.action === 'navigate') {
    await focusQuietly(choice.client);
    // navigate() works on the pages this worker controls (all of them after clientsClaim); else a new window.
    const navigated = await choice.client.navigate(url).catch(() => null);
    if (navigated) return;
  }
  await scope.clients.openWindow(url);
}

async function showTicketNews(scope: ServiceWorkerGlobalScope, payload: PushPayload): Promise<void> {
  await scope.registration.showNotification(payload.title, notificationOptions(payload));
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage({ type: TICKET_UPDATED, ticket_code: payload.ticket_code });
}

/** Adds the push and notificationclick handlers to the worker (sw/sw.ts). */
export function installPushHandlers(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('push', (event: PushEvent) => {
    let text: string | null = null;
    try {
      text = event.data?.text() ?? null;
    } catch {
      text = null;
    }
    const payload = parsePushPayload(text, scope.location.origin);
    // An invalid message is dropped without a trace of its content (it may carry a phone number in its url).
    if (!payload) return;
    event.waitUntil(showTicketNews(scope, payload));
  });

  scope.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    const data = notificationData(event.notification.data, scope.location.origin);
    if (!data) return;
    event.waitUntil(openTicket(scope, data.url));
  });
}
