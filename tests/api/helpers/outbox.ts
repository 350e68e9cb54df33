// What a test app "sent": the built-in outbox appends one JSON line per SMS or e-mail to DATA_DIR/outbox.
import { readFileSync } from 'node:fs';
import { outboxPaths } from '../../../src/server/adapters/messaging/outbox';

function lines<T>(file: string): T[] {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);
}

/** The SMS texts the outbox holds for a phone, oldest first. */
export function smsTo(dataDir: string, phone: string): string[] {
  return lines<{ to: string; text: string }>(outboxPaths(dataDir).sms)
    .filter((entry) => entry.to === phone)
    .map((entry) => entry.text);
}

/** The e-mails the outbox holds for an address, oldest first. */
export function mailTo(dataDir: string, to: string): { subject: string; text: string }[] {
  return lines<{ to: string; subject: string; text: string }>(outboxPaths(dataDir).mail)
    .filter((entry) => entry.to === to)
    .map(({ subject, text }) => ({ subject, text }));
}

/** A verification code SMS (accounts/otp.ts), not a ticket's message, whose dates hold 4-digit years. */
const OTP_TEXT = /(?:verification code is|của bạn là) (\d{4})\b/;

/** The 4-digit code of the newest code SMS to a phone. */
export function lastCode(dataDir: string, phone: string): string {
  const code = OTP_TEXT.exec(smsTo(dataDir, phone).findLast((text) => OTP_TEXT.test(text)) ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

/** The first e-mail to `to`, waiting for it (mail is sent after the answer, so it may take a moment to appear). */
export async function waitForMail(dataDir: string, to: string): Promise<{ subject: string; text: string }> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const found = lines<{ to: string; subject: string; text: string }>(outboxPaths(dataDir).mail).find(
      (entry) => entry.to === to,
    );
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no e-mail to ${to}`);
}
