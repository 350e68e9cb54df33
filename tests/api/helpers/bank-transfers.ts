// The bank-transfer (VietQR) tests' shared parts: the receiving account put in the settings, and the bank's signed
// statement webhook (SePay's body) that reports an incoming transfer.
import { sql as raw } from 'drizzle-orm';
import type { createApp } from '../../../src/server/app';
import { signBankWebhook } from '../../../src/server/adapters/payments/bank-webhook';
import { settings } from '../../../src/server/db/schema';
import { SETTING_GROUPS } from '../../../src/server/db/seed';
import { PAYMENT_PATHS } from '../../../src/shared/contract/payments';
import type { TestDatabase } from './test-db';

export const BANK_WEBHOOK_SECRET = 'test-bank-webhook-secret';
export const VIETQR_ACCOUNT = {
  vietqr_bank_bin: '970436',
  vietqr_account_number: '0011001234567',
  vietqr_account_name: 'CONG TY VIVU',
};

/** Writes system settings (the receiving account), replacing what is there. */
export async function setSystemSettings(db: TestDatabase, values: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(values))
    await db.database.db
      .insert(settings)
      .values({ key, grp: SETTING_GROUPS.system, value: raw`${JSON.stringify(value)}::jsonb` })
      .onConflictDoUpdate({ target: settings.key, set: { value: raw`excluded.value` } });
}

/** A SePay notification of the incoming transfer `id` into the receiving account, as its raw body. */
export function sepayBody(id: number, amount: number, content: string): string {
  return JSON.stringify({
    id,
    gateway: 'Vietcombank',
    transactionDate: '2026-11-25 10:00:00',
    accountNumber: VIETQR_ACCOUNT.vietqr_account_number,
    content,
    transferType: 'in',
    transferAmount: amount,
    referenceCode: `FT26${id}`,
    description: `MBVCB.${id}.${content}.CT tu 0123456789`,
  });
}

/** Posts a statement body to the webhook, signed with the test secret (or with `signature`, or unsigned for null). */
export function postBankWebhook(
  app: ReturnType<typeof createApp>,
  body: string,
  signature: string | null = signBankWebhook(body, BANK_WEBHOOK_SECRET),
) {
  return app.request(PAYMENT_PATHS.bankWebhook, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-signature': signature }) },
    body,
  });
}
