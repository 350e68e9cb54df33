// The demo transport partners, each joined as a real one does: its application through the lead form's service call
// (the contract's checks), approved by the partners module's onboarding service (the partner, its owner login and a
// one-time set-password link, in one transaction), and the owner's password set through that link as the
// set-password page does (the contract's password rules), without the console session the page opens. The link
// reaches the seed instead of an SMS: nobody is told (no demo phone is ever texted), and the link is used at once.
// Only the operator's own flag on a partner (highlighted in the price lists) is written directly afterwards: it is
// Vivu's choice, not the partner's. Owners' phones 0900000001… in order, password PARTNER_DEMO_PASSWORD or 'doitac123'.
// Idempotent like seed(): a demo partner whose slug or name is already a partner is left as it is.
import { eq, inArray, or } from 'drizzle-orm';
import { leadContactSchema } from '../../shared/contract/leads';
import { setPasswordSchema } from '../../shared/contract/partner-join';
import { createLeadsRepository } from '../modules/leads/repository';
import { createLeadsService } from '../modules/leads/service';
import { partnerApplications } from '../modules/leads/module';
import { createOnboardingService } from '../modules/partners/onboarding-service';
import { createStaffRepository } from '../modules/partners/staff-repository';
import { usePasswordLink } from '../modules/partners/staff-service';
import { createTransportPartner } from '../modules/pricing/partner-records';
import { NO_MESSAGES, type MessageWriter } from '../outbox/writer';
import type { Db } from './client';
import { transportPartners } from './schema';
import { partnerDemoPassword, partnerDemoPhone } from './seed-trips';

export interface DemoPartner {
  slug: string;
  name: string;
  provinces?: string[] | null;
  highlighted?: boolean;
  /** The cars the application says it has (the demo fleet's). */
  fleetSize: number;
}

/** The address a demo application gives (an example.com one: nobody receives it). */
export const partnerDemoEmail = (n: number): string => `nha-xe-${n}@example.com`;

export async function seedPartners(db: Db, demo: readonly DemoPartner[]): Promise<void> {
  const existing = await db
    .select({ slug: transportPartners.slug, name: transportPartners.name })
    .from(transportPartners)
    .where(
      or(
        inArray(
          transportPartners.slug,
          demo.map((partner) => partner.slug),
        ),
        inArray(
          transportPartners.name,
          demo.map((partner) => partner.name),
        ),
      ),
    );
  const have = new Set(existing.flatMap((row) => [row.slug, row.name]));
  const missing = demo
    .map((partner, index) => ({ partner, phone: partnerDemoPhone(index + 1), n: index + 1 }))
    .filter(({ partner }) => !have.has(partner.slug) && !have.has(partner.name));
  if (!missing.length) return;

  const leads = createLeadsService({
    repository: createLeadsRepository(db),
    now: () => new Date(),
    business: {
      register: () => Promise.reject(new Error('the demo seed applies as transport partners only')),
    },
  });
  // The approval's messages come here, not to the outbox: the owner's link is handed to the seed, which uses it.
  const links = new Map<string, string>();
  const messages: MessageWriter = {
    ...NO_MESSAGES,
    account: async (_tx, _event, message) => {
      if (message.payload.token) links.set(message.phone, message.payload.token);
      return 0;
    },
  };
  const staff = createStaffRepository(db);
  const onboarding = createOnboardingService({
    staff,
    applications: partnerApplications,
    createPartner: createTransportPartner,
    messages,
    now: () => new Date(),
  });
  const password = partnerDemoPassword();

  for (const { partner, phone, n } of missing) {
    const application = leadContactSchema.validateSync({
      type: 'transport',
      fullname: `Chủ ${partner.name}`,
      phone,
      email: partnerDemoEmail(n),
      company_name: partner.name,
      tax_code: `01000000${String(n).padStart(2, '0')}`,
      fleet_size: partner.fleetSize,
      provinces: partner.provinces ?? [],
      lang: 'vi',
    });
    const lead = await leads.lead(application, '');
    const approved = await onboarding.approve(lead.id);
    if (!approved.ok) throw new Error(`demo partner ${partner.name}: ${approved.message}`);
    const [made] = await db
      .select({ slug: transportPartners.slug })
      .from(transportPartners)
      .where(eq(transportPartners.id, approved.data.partner_id));
    // The demo's other rows find their partner by slug: the approval's slug rule must give the one declared.
    if (made?.slug !== partner.slug) throw new Error(`demo partner ${partner.name}: slug ${made?.slug}, not ${partner.slug}`);
    const token = links.get(phone);
    if (!token) throw new Error(`demo partner ${partner.name}: no set-password link`);
    const input = setPasswordSchema.validateSync({ token, password, re_password: password, lang: 'vi' });
    const set = await usePasswordLink(staff, input, new Date());
    if (!set.ok) throw new Error(`demo owner ${phone}: ${set.message}`);
    if (partner.highlighted)
      await db.update(transportPartners).set({ highlighted: true }).where(eq(transportPartners.id, approved.data.partner_id));
  }
}
