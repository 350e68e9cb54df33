// Demo partner staff: one owner per seeded transport partner, in partner id order, phones 0900000001, 0900000002, …,
// password PARTNER_DEMO_PASSWORD or 'doitac123'. Made as an approval makes a real partner's owner (the login with a
// one-time set-password link, partners module's createOwnerLogin) and given its password as the set-password page
// does (the same link, the contract's password rules), only the console session is left out: nobody signs in.
// Idempotent like seed(): an existing staff member is never changed.
import { asc, inArray } from 'drizzle-orm';
import { setPasswordSchema } from '../../shared/contract/partner-join';
import { createOwnerLogin } from '../modules/partners/onboarding-service';
import { createStaffRepository } from '../modules/partners/staff-repository';
import { usePasswordLink } from '../modules/partners/staff-service';
import type { Db } from './client';
import { partnerStaff, transportPartners } from './schema';
import { SEED_PARTNERS } from './seed-pricing';

export const partnerDemoPassword = (env: NodeJS.ProcessEnv = process.env): string =>
  env.PARTNER_DEMO_PASSWORD?.trim() || 'doitac123';

/** The demo owner's phone of the n-th partner (1-based, by partner id). */
export const partnerDemoPhone = (n: number): string => `09${String(n).padStart(8, '0')}`;

export async function seedTrips(db: Db): Promise<void> {
  // Only the seeded demo partners: a partner that joined gets its owner from its approval, never a demo login.
  const partners = await db
    .select({ id: transportPartners.id, name: transportPartners.name })
    .from(transportPartners)
    .where(
      inArray(
        transportPartners.slug,
        SEED_PARTNERS.map((p) => p.partner.slug),
      ),
    )
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
  const staff = createStaffRepository(db);
  const password = partnerDemoPassword();
  for (const { partner, phone } of missing) {
    const at = new Date();
    const { token } = await db.transaction((tx) =>
      createOwnerLogin(staff, tx, { partnerId: partner.id, phone, fullname: `Chủ ${partner.name}`, at }),
    );
    const input = setPasswordSchema.validateSync({ token, password, re_password: password, lang: 'vi' });
    const set = await usePasswordLink(staff, input, at);
    if (!set.ok) throw new Error(`demo owner ${phone}: ${set.message}`);
  }
}
