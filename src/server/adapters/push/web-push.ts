// Web Push through the web-push package: the payload is encrypted for the browser (aes128gcm, RFC 8291) and signed
// with the server's VAPID key (RFC 8292). 404 and 410 mean the subscription is gone for good; anything else that
// is not a 2xx is a failure worth retrying at the next event.
import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { PushPayload } from '../../../shared/contract/push';
import type { PushOutcome, PushSender, PushTarget, VapidDetails } from './types';

/** A message older than a day is not worth showing (RFC 8030 TTL). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

export interface WebPushOptions {
  vapid: () => Promise<VapidDetails>;
  /**
   * The HTTPS agent for the push services (tests pass one that trusts their local endpoint's certificate);
   * by default Node's, with its usual certificate checks.
   */
  httpsAgent?: Agent;
  timeoutMs?: number;
  /** Told about each failure (not about 'gone'). */
  onError?: (error: unknown, endpoint: string) => void;
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

export function createWebPushSender({ vapid, httpsAgent, timeoutMs = 10_000, onError }: WebPushOptions): PushSender {
  return {
    async send(subscription: PushTarget, payload: PushPayload): Promise<PushOutcome> {
      try {
        const details = await vapid();
        await webpush.sendNotification(subscription, JSON.stringify(payload), {
          vapidDetails: details,
          TTL: PUSH_TTL_SECONDS,
          urgency: 'high',
          contentEncoding: 'aes128gcm',
          timeout: timeoutMs,
          ...(httpsAgent ? { agent: httpsAgent } : {}),
        });
        return 'sent';
      } catch (error) {
        const status = statusOf(error);
        if (status === 404 || status === 410) return 'gone';
        onError?.(error, subscription.endpoint);
        return 'failed';
      }
    },
  };
}
