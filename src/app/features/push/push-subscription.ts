// The browser side of following a ticket by push: permission (asked only from the passenger's click), the
// PushManager subscription with the server's VAPID key, the server call, and what the device remembers
// ('push:<code>' in the encrypted store). The server keeps one row per browser endpoint, so a browser follows one
// ticket at a time: following another moves the subscription, and the older ticket's mark is dropped here too.
import type { Lang } from '../../../shared/domain/route-table';
import { getStoredUser } from '../../lib/session';
import { listEntries, readEntry, removeEntry, writeEntry } from '../../lib/store-keys';
import { base64UrlToBytes, pushCalls, subscriptionInput } from './push-api';

// The local store's keys this file owns, in the registry of lib/store-keys.ts.
declare module '../../lib/store-keys' {
  interface StorePrefixes {
    'push:': Followed;
  }
}

const PREFIX = 'push:';
/** How long the device remembers a followed ticket (the trip is long over by then). */
const FOLLOW_MS = 60 * 24 * 60 * 60 * 1000;
/** How long to wait for the service worker to be ready (it registers after the page's load). */
const READY_TIMEOUT_MS = 10_000;

interface Followed {
  endpoint: string;
}

/** The browser could not subscribe (no worker, no push service: e.g. headless chromium). */
export class PushBrowserError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'PushBrowserError';
  }
}

export type SubscribeOutcome = 'subscribed' | 'denied' | 'dismissed';

export const followedKey = (code: string): `push:${string}` => `${PREFIX}${code.toUpperCase()}`;

export function followedEndpoint(code: string): string | null {
  return readEntry(followedKey(code))?.endpoint ?? null;
}

function remember(code: string, endpoint: string): void {
  for (const { key, value } of listEntries(PREFIX)) {
    if (value.endpoint === endpoint) removeEntry(`${PREFIX}${key}`);
  }
  writeEntry(followedKey(code), { endpoint } satisfies Followed, FOLLOW_MS);
}

async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), READY_TIMEOUT_MS);
  });
  const registration = await Promise.race([navigator.serviceWorker.ready, timeout]);
  clearTimeout(timer);
  if (!registration) throw new PushBrowserError('no service worker');
  return registration;
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
}

/** The browser's subscription for the server's key: the existing one, or a new one (an old key's is replaced). */
async function browserSubscription(registration: ServiceWorkerRegistration, key: Uint8Array<ArrayBuffer>) {
  try {
    const existing = await registration.pushManager.getSubscription();
    if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
    await existing?.unsubscribe();
    return await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (error) {
    throw new PushBrowserError(error instanceof Error ? error.name : 'subscribe failed');
  }
}

/** Asks for permission (call only from the passenger's click), subscribes and tells the server. */
export async function followTicket(code: string, contact: string, lang: Lang): Promise<SubscribeOutcome> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'dismissed';
  const registration = await readyRegistration();
  const key = base64UrlToBytes(await pushCalls.vapidKey());
  const subscription = subscriptionInput((await browserSubscription(registration, key)).toJSON());
  if (!subscription) throw new PushBrowserError('subscription without keys');
  const token = getStoredUser()?.token;
  await pushCalls.subscribe({ subscription, code, contact, lang, ...(token ? { token } : {}) });
  remember(code, subscription.endpoint);
  return 'subscribed';
}

/** Stops the ticket's notifications: on the server, then in the browser, then on the device. */
export async function unfollowTicket(code: string): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  const endpoint = subscription?.endpoint ?? followedEndpoint(code);
  if (endpoint) await pushCalls.unsubscribe(endpoint);
  await subscription?.unsubscribe().catch(() => false);
  removeEntry(followedKey(code));
}

/**
 * Whether this browser still follows the ticket (the remembered endpoint is still its subscription); a stale mark
 * (the browser or another ticket took the subscription) is dropped.
 */
export async function stillFollowing(code: string): Promise<boolean> {
  const endpoint = followedEndpoint(code);
  if (!endpoint) return false;
  const registration = await navigator.serviceWorker.getRegistration();
  const current = await registration?.pushManager.getSubscription().catch(() => null);
  if (current?.endpoint === endpoint) return true;
  removeEntry(followedKey(code));
  return false;
}
