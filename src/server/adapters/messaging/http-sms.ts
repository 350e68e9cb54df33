// A real SMS provider over HTTP: a JSON POST { to, text, sender } to SMS_API_URL with SMS_API_KEY as a bearer token.
// Most Vietnamese SMS gateways (brandname SMS) take this shape or are put behind a small relay that does.
import type { SmsSender } from './types';

export interface HttpSmsOptions {
  url: string;
  apiKey: string;
  /** The brandname / sender id shown to the passenger. */
  sender: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class SmsSendError extends Error {}

/** spec 5: the provider gets the number in international form (84 + 9 digits). */
export function toInternational(phone: string): string {
  return phone.startsWith('0') ? `84${phone.slice(1)}` : phone.replace(/^\+/, '');
}

export function createHttpSmsSender({
  url,
  apiKey,
  sender,
  timeoutMs = 10_000,
  fetch: fetchImpl = fetch,
}: HttpSmsOptions): SmsSender {
  return {
    async send(phone, text) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ to: toInternational(phone), text, sender }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The body is read either way so that the connection is released.
      const body = await response.text();
      if (!response.ok) throw new SmsSendError(`SMS provider answered ${response.status}: ${body.slice(0, 200)}`);
    },
  };
}
