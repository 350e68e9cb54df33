// Picks the messaging adapters from the environment: SMS_API_URL (+ SMS_API_KEY, SMS_SENDER_ID) selects the HTTP SMS
// provider, SMTP_URL (+ MAIL_FROM) selects SMTP e-mail; whatever is not configured goes to the outbox.
import type { Logger } from '../../http/errors';
import { createHttpSmsSender } from './http-sms';
import { createOutbox } from './outbox';
import { createSmtpMailer } from './smtp';
import type { Messaging } from './types';

export function messagingFromEnv(env: NodeJS.ProcessEnv, dataDir: string | (() => string), log: Logger): Messaging {
  const outbox = createOutbox({ dataDir, log: env.NODE_ENV === 'production' ? undefined : log });
  return { sms: smsFromEnv(env) ?? outbox.sms, mailer: mailerFromEnv(env) ?? outbox.mailer };
}

function smsFromEnv(env: NodeJS.ProcessEnv) {
  const url = env.SMS_API_URL?.trim();
  if (!url) return null;
  const apiKey = env.SMS_API_KEY?.trim();
  if (!apiKey) throw new Error('SMS_API_URL needs SMS_API_KEY');
  return createHttpSmsSender({ url, apiKey, sender: env.SMS_SENDER_ID?.trim() || 'VIVU' });
}

function mailerFromEnv(env: NodeJS.ProcessEnv) {
  const url = env.SMTP_URL?.trim();
  if (!url) return null;
  if (!/^smtps?:\/\//.test(url)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  const from = env.MAIL_FROM?.trim();
  if (!from) throw new Error('SMTP_URL needs MAIL_FROM');
  return createSmtpMailer({ url, from, allowSelfSigned: env.SMTP_ALLOW_SELF_SIGNED === '1' });
}
