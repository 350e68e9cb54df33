// Demo account data: one verified passenger (phone 0912345678, password DEMO_PASSWORD or 'vivu123', a 50,000đ
// member balance) and the OTP secret. Idempotent like seed(): an existing user or secret is never changed.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../security/crypto';
import { ACCOUNTS_SETTING_GROUP, OTP_SECRET_KEY } from '../modules/accounts/repository';
import type { Db } from './client';
import { settings, users } from './schema';

export const DEMO_USER = {
  phone: '0912345678',
  fullname: 'Khách Vivu',
  email: 'demo@vivu.vn',
  referralCode: 'VIVUDEMO',
  promotionCost: 50_000,
} as const;

export const demoPassword = (env: NodeJS.ProcessEnv = process.env): string => env.DEMO_PASSWORD?.trim() || 'vivu123';

export async function seedAccounts(db: Db): Promise<void> {
  await db
    .insert(settings)
    .values({ key: OTP_SECRET_KEY, grp: ACCOUNTS_SETTING_GROUP, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing({ target: settings.key });
  // Hashing costs ~100 ms: only when the demo user is missing.
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO_USER.phone)).limit(1);
  if (existing.length) return;
  await db
    .insert(users)
    .values({ ...DEMO_USER, passwordHash: await hashPassword(demoPassword()), verifiedPhone: true })
    .onConflictDoNothing();
}
