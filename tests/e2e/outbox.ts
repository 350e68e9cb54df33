// Reads what the e2e server "sent" by SMS: the built-in outbox appends one JSON line per message to
// DATA_DIR/outbox/sms.jsonl (playwright.config.ts gives the server its DATA_DIR in VIVU_E2E_DATA_DIR).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

interface OutboxLine {
  at: string;
  to: string;
  text: string;
}

async function readSms(): Promise<OutboxLine[]> {
  const dir = process.env.VIVU_E2E_DATA_DIR;
  if (!dir) throw new Error('VIVU_E2E_DATA_DIR is not set (see playwright.config.ts)');
  try {
    const text = await readFile(join(dir, 'outbox', 'sms.jsonl'), 'utf8');
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as OutboxLine);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** How many messages a phone has been sent so far (to wait for the next one). */
export async function smsCount(phone: string): Promise<number> {
  return (await readSms()).filter((line) => line.to === phone).length;
}

/** A verification code SMS (accounts/otp.ts), not a booking's message (issue 19), whose dates hold 4-digit years. */
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
