// Reads what the e2e server "sent" by SMS and by mail: the built-in outbox appends one JSON line per message to
// DATA_DIR/outbox/sms.jsonl and mail.jsonl (playwright.config.ts gives the server its DATA_DIR in VIVU_E2E_DATA_DIR;
// a spec on a server of its own passes that server's DATA_DIR as `dir`).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

interface OutboxLine {
  at: string;
  to: string;
  text: string;
}

async function readOutbox<T = OutboxLine>(file: 'sms.jsonl' | 'mail.jsonl', dir = process.env.VIVU_E2E_DATA_DIR): Promise<T[]> {
  if (!dir) throw new Error('VIVU_E2E_DATA_DIR is not set (see playwright.config.ts)');
  try {
    const text = await readFile(join(dir, 'outbox', file), 'utf8');
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as T);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

const readSms = (dir?: string) => readOutbox('sms.jsonl', dir);
const readMail = (dir?: string) => readOutbox<OutboxLine & { subject: string }>('mail.jsonl', dir);

/** The texts of the SMS (and Zalo messages sent as SMS) to `phone` that contain `needle`, oldest first. */
export async function smsTexts(phone: string, needle: string): Promise<string[]> {
  return (await readSms()).filter((line) => line.to === phone && line.text.includes(needle)).map((line) => line.text);
}

/** The texts of the e-mails to `to` that contain `needle`, oldest first. */
export async function mailTexts(to: string, needle: string): Promise<string[]> {
  return (await readMail()).filter((line) => line.to === to && line.text.includes(needle)).map((line) => line.text);
}

/** The texts of the e-mails to `to` that contain `needle` in the outbox of the server whose DATA_DIR is `dir`. */
export async function mailTextsIn(dir: string, to: string, needle: string): Promise<string[]> {
  return (await readMail(dir)).filter((line) => line.to === to && line.text.includes(needle)).map((line) => line.text);
}

/** The newest SMS text to `phone` matching `pattern`, waiting up to 10 s for one (in `dir`'s outbox when given). */
export async function waitForSms(phone: string, pattern: RegExp, dir?: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = (await readSms(dir)).findLast((line) => line.to === phone && pattern.test(line.text));
    if (found) return found.text;
    if (Date.now() > deadline) throw new Error(`no SMS to ${phone} matching ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How many messages a phone has been sent so far (to wait for the next one). */
export async function smsCount(phone: string): Promise<number> {
  return (await readSms()).filter((line) => line.to === phone).length;
}

/** A verification code SMS (accounts/otp.ts), not a booking's message, whose dates hold 4-digit years. */
const OTP_TEXT = /(?:verification code is|của bạn là) (\d{4})\b/;

/** The 4-digit code of the newest code SMS to `phone` after the first `after` messages, waiting up to 10 s for it. */
export async function waitForOtp(phone: string, after: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const messages = (await readSms()).filter((line) => line.to === phone);
    const fresh = messages.slice(after).filter((line) => OTP_TEXT.test(line.text));
    const code = OTP_TEXT.exec(fresh.at(-1)?.text ?? '')?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no new SMS to ${phone} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** How many e-mails an address has been sent so far (to wait for the next one). */
export async function mailCount(to: string): Promise<number> {
  return (await readMail()).filter((line) => line.to === to).length;
}

/** A verification code e-mail (accounts/locales: its subject ends with the code). */
const OTP_SUBJECT = /(?:Mã xác thực Vivu|Your Vivu verification code): (\d{4})$/;

/** The 4-digit code of the newest code e-mail to `to` after the first `after` e-mails, waiting up to 10 s for it. */
export async function waitForMailedOtp(to: string, after: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const fresh = (await readMail()).filter((line) => line.to === to).slice(after);
    const code = OTP_SUBJECT.exec(fresh.findLast((line) => OTP_SUBJECT.test(line.subject))?.subject ?? '')?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no new code e-mail to ${to} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
