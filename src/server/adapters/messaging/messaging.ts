// Picks the messaging adapters from the environment: SMS_API_URL (+ SMS_API_KEY, SMS_SENDER_ID) selects the HTTP SMS
// provider, otherwise the outbox. E-mail always goes to the outbox (no SMTP client is installed).
import type { Logger } from '../../http/errors';
import { createHttpSmsSender } from './http-sms';
import { createOutbox } from './outbox';
import type { Messaging } from './types';

export function messagingFromEnv(env: NodeJS.ProcessEnv, dataDir: string | (() => string), log: Logger): Messaging {
  const outbox = createOutbox({ dataDir, log: env.NODE_ENV === 'production' ? undefined : log });
  const url = env.SMS_API_URL?.trim();
  if (!url) return outbox;
  const apiKey = env.SMS_API_KEY?.trim();
  if (!apiKey) throw new Error('SMS_API_URL needs SMS_API_KEY');
  return { sms: createHttpSmsSender({ url, apiKey, sender: env.SMS_SENDER_ID?.trim() || 'VIVU' }), mailer: outbox.mailer };
}
