// Demo partner staff: one owner per seeded transport partner, in partner id order, phones 0900000001, 0900000002, …,
// password PARTNER_DEMO_PASSWORD or 'doitac123'. Idempotent like seed(): an existing staff member is never changed.
import { asc, inArray } from 'drizzle-orm';
import { hashPassword } from '../security/crypto';
import type { Db } from './client';
import { partnerStaff, transportPartners } from './schema';

export const partnerDemoPassword = (env: NodeJS.ProcessEnv = process.env): string =>
  env.PARTNER_DEMO_PASSWORD?.trim() || 'doitac123';

/** The demo owner's phone of the n-th partner (1-based, by partner id). */
export const partnerDemoPhone = (n: number): string => `09${String(n).padStart(8, '0')}`;

export async function seedTrips(db: Db): Promise<void> {
  const partners = await db
    .select({ id: transportPartners.id, name: transportPartners.name })
    .from(transportPartners)
    .orderBy(asc(transportPartners.id));
  const wanted = partners.map((partner, index) => ({ partner, phone: partnerDemoPhone(index + 1) }));
  if (!wanted.length) return;
  const existing = await db
    .select({ phone: partnerStaff.phone })
    .from(partnerStaff)
    .where(
      inArray(
        partnerStaff.phone,
        wanted.map((entry) => entry.phone),
      ),
    );
  const have = new Set(existing.map((row) => row.phone));
  const missing = wanted.filter((entry) => !have.has(entry.phone));
  if (!missing.length) return;
  // Hashing costs ~100 ms: once, for all the missing owners.
  const passwordHash = await hashPassword(partnerDemoPassword());
  await db
    .insert(partnerStaff)
    .values(
      missing.map(({ partner, phone }) => ({
        partnerId: partner.id,
        phone,
        fullname: `Chủ ${partner.name}`,
        passwordHash,
        role: 'owner',
      })),
    )
    .onConflictDoNothing({ target: partnerStaff.phone });
}
