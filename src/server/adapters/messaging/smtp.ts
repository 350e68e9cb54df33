// Real e-mail over SMTP (nodemailer), chosen when SMTP_URL is set, e.g. smtps://user:pass@smtp.example.com:465 or
// smtp://relay.internal:25. Messages are plain UTF-8 text from MAIL_FROM.
import { createTransport } from 'nodemailer';
import type { Mailer } from './types';

export interface SmtpOptions {
  /** smtp:// (STARTTLS when offered) or smtps:// (TLS from the start), credentials in the URL when needed. */
  url: string;
  from: string;
  timeoutMs?: number;
  /** Accept a self-signed certificate (a local relay or a test server); never set in production. */
  allowSelfSigned?: boolean;
}

export class MailSendError extends Error {}

export function createSmtpMailer({ url, from, timeoutMs = 15_000, allowSelfSigned = false }: SmtpOptions): Mailer {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  const transport = createTransport({
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    tls: allowSelfSigned ? { rejectUnauthorized: false } : undefined,
  });
  return {
    async send(to, subject, text) {
      try {
        const info = await transport.sendMail({ from, to, subject, text });
        if (info.rejected.length > 0) throw new MailSendError(`SMTP server rejected ${info.rejected.length} recipient(s)`);
      } catch (error) {
        if (error instanceof MailSendError) throw error;
        throw new MailSendError(`SMTP send failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}
