// Demo booking data: promotion codes (spec 5 percent vs money, an expired one, a single-use one, a pay-method
// one), the partners' night-booking answers (spec 4 night flow) and the booking settings (night window, anti-fraud
// thresholds). Idempotent like seed(): rows are matched on their natural keys and never updated.
import { inArray } from 'drizzle-orm';
import type { Db } from './client';
import { partnerNightPolicies, promotions, settings, transportPartners } from './schema';
import { SEED_PARTNERS } from './seed-pricing';

export const BOOKING_SETTING_GROUP = 'booking';

/**
 * Booking settings (minutes of the day in Vietnam time; counts per window). A booking made inside the night
 * window is a night booking: nobody is at the desk, so the partner must confirm it (spec 4 night flow).
 */
export const BOOKING_SETTING_DEFAULTS = {
  night_booking_start: '22:00',
  night_booking_end: '06:00',
  /** Anti-fraud pre-check (spec 7 vanguard): at most this many tickets per window from one phone, IP, session. */
  vanguard_window_minutes: 60,
  vanguard_max_per_phone: 5,
  vanguard_max_per_ip: 20,
  vanguard_max_per_session: 5,
} as const;

export type BookingSettings = {
  -readonly [K in keyof typeof BOOKING_SETTING_DEFAULTS]: (typeof BOOKING_SETTING_DEFAULTS)[K] extends string ? string : number;
};

export const SEED_PROMOTIONS: (typeof promotions.$inferInsert)[] = [
  { code: 'VIVU10', value: 10 },
  { code: 'GIAM50K', value: 50_000, minOrder: 200_000 },
  {
    code: 'TET2025',
    value: 20,
    validFrom: new Date('2025-01-20T00:00:00+07:00'),
    validTo: new Date('2025-02-10T00:00:00+07:00'),
  },
  { code: 'CHAOBAN', value: 30_000, singleUsePerPhone: true },
  /** Online payment only (8 card, 4 PayPal-style). */
  { code: 'ONLINE15', value: 15, payMethodIds: [8, 4], hourly: false },
  { code: 'FLASH100K', value: 100_000, maxUses: 100 },
];

/** Most partners accept a night booking 20 s after being contacted; Taxi Thủ Đô refuses, to show the refusal flow. */
const REFUSING_PARTNER = 'taxi-thu-do';
const ACCEPT_AFTER_SECONDS = 20;

export async function seedBooking(db: Db): Promise<void> {
  const partnerSlugs = SEED_PARTNERS.map((seed) => seed.partner.slug);
  await db
    .insert(settings)
    .values(Object.entries(BOOKING_SETTING_DEFAULTS).map(([key, value]) => ({ key, grp: BOOKING_SETTING_GROUP, value })))
    .onConflictDoNothing({ target: settings.key });
  await db.insert(promotions).values(SEED_PROMOTIONS).onConflictDoNothing({ target: promotions.code });
  const partners = await db
    .select({ id: transportPartners.id, slug: transportPartners.slug })
    .from(transportPartners)
    .where(inArray(transportPartners.slug, partnerSlugs));
  if (partners.length === 0) return;
  await db
    .insert(partnerNightPolicies)
    .values(
      partners.map((partner) => ({
        partnerId: partner.id,
        mode: partner.slug === REFUSING_PARTNER ? 'refuse' : 'auto_accept',
        acceptAfterSeconds: partner.slug === REFUSING_PARTNER ? 10 : ACCEPT_AFTER_SECONDS,
      })),
    )
    .onConflictDoNothing({ target: partnerNightPolicies.partnerId });
}
