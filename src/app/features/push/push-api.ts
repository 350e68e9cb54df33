// The push calls of the passenger app, checked with the contract's schemas: the server's VAPID key,
// subscribing this browser to one ticket's news (proven by the contact it was booked with, or the account token)
// and unsubscribing it.
import {
  PUSH_PATHS,
  pushSubscribeResponseSchema,
  pushUnsubscribeResponseSchema,
  vapidPublicKeyResponseSchema,
  type PushSubscribeRequest,
} from '../../../shared/contract/push';
import type { Lang } from '../../../shared/domain/route-table';
import { apiGet, apiPost } from '../../lib/api-client';

/** A base64url string (the VAPID key) as the bytes PushManager.subscribe wants for applicationServerKey. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The browser's subscription as the contract's `subscription` (endpoint and keys), or null when keys are missing. */
export function subscriptionInput(subscription: PushSubscriptionJSON): PushSubscribeRequest['subscription'] | null {
  const { endpoint, keys } = subscription;
  if (!endpoint || !keys?.p256dh || !keys.auth) return null;
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

export interface SubscribeInput {
  subscription: PushSubscribeRequest['subscription'];
  code: string;
  contact: string;
  /** The signed-in passenger's token: proves ownership of a ticket booked from the account. */
  token?: string;
  lang: Lang;
}

export const pushCalls = {
  vapidKey: async (): Promise<string> =>
    (await apiGet(PUSH_PATHS.vapidPublicKey, { schema: vapidPublicKeyResponseSchema })).data.public_key,
  subscribe: ({ subscription, code, contact, token, lang }: SubscribeInput) => {
    const body: PushSubscribeRequest = {
      subscription,
      ticket_code: code,
      ...(contact ? { contact } : {}),
      ...(token ? { token } : {}),
      lang,
    };
    return apiPost(PUSH_PATHS.subscribe, body, { schema: pushSubscribeResponseSchema });
  },
  unsubscribe: (endpoint: string) => apiPost(PUSH_PATHS.unsubscribe, { endpoint }, { schema: pushUnsubscribeResponseSchema }),
};
