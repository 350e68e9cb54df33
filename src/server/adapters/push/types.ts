// The outside service that carries Web Push messages to browsers: one send per subscription,
// answering whether the push service accepted it, refused it for good (the subscription is gone), or failed.
import type { PushPayload } from '../../../shared/contract/push';

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushSender {
  send(subscription: PushTarget, payload: PushPayload): Promise<PushOutcome>;
}

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}
