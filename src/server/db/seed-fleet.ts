// Demo fleet: three drivers per seeded demo partner (photos in public/drivers) and one car per vehicle type the
// partner offers (partner_fares, airport zones and hourly packages), with plates of its home province. Created through
// the fleet service a partner's owner uses (the same checks: phone, plate, licence, seats of the class). Idempotent
// like seed(): a phone already on the partner's drivers or a plate already registered is left as it is.
import { asc, inArray } from 'drizzle-orm';
import { carSaveRequestSchema, driverSaveRequestSchema } from '../../shared/contract/partner-fleet';
import { createFleetRepository } from '../modules/partners/fleet-repository';
import { createFleetService } from '../modules/partners/fleet-service';
import type { Db } from './client';
import { airportZones, hourlyPackages, partnerFares, transportPartners, vehicleTypes } from './schema';
import { SEED_PARTNERS } from './seed-pricing';

const DRIVER_NAMES = [
  'Nguyễn Văn Hùng',
  'Trần Minh Tuấn',
  'Lê Quốc Bảo',
  'Phạm Thị Lan',
  'Hoàng Đức Anh',
  'Vũ Thành Long',
  'Đặng Văn Nam',
  'Bùi Thị Hạnh',
  'Đỗ Minh Khoa',
  'Ngô Văn Phúc',
  'Dương Quang Huy',
  'Lý Thị Mai',
  'Phan Văn Tài',
  'Trịnh Hữu Thắng',
  'Huỳnh Thị Thu',
  'Mai Xuân Trường',
  'Võ Văn Lộc',
  'Tạ Minh Đức',
] as const;
/** public/drivers/driver-1.svg … driver-6.svg. */
export const DRIVER_PHOTO_COUNT = 6;
const CAR_NAMES: Record<number, string> = {
  17: 'Toyota Vios',
  1: 'Toyota Corolla Cross',
  2: 'Toyota Innova',
  33: 'Ford Transit Limousine',
  24: 'Ford Transit',
};
/** Province plate codes of each partner's home (slug prefix). */
const PLATE_CODES: Array<[string, string]> = [
  ['vivu', '30'],
  ['taxi-thu-do', '29'],
  ['sai-gon', '51'],
  ['song-han', '43'],
  ['xuyen-viet', '30'],
  ['ha-long', '14'],
];

/** The n-th demo driver's phone (1-based): 0912 and 6 digits. */
export const driverDemoPhone = (n: number): string => `0912${String(n).padStart(6, '0')}`;

/** The n-th demo driver's licence number: 12 digits, as on the card. */
export const driverDemoLicence = (n: number): string => `79${String(n).padStart(10, '0')}`;

const plateFor = (slug: string, partnerIndex: number, carIndex: number): string => {
  const code = PLATE_CODES.find(([prefix]) => slug.startsWith(prefix))?.[1] ?? '30';
  const serial = String(100 + partnerIndex * 17 + carIndex * 3).padStart(3, '0');
  return `${code}A-${serial}.${String(10 + carIndex * 11 + partnerIndex).padStart(2, '0')}`;
};

export async function seedFleet(db: Db): Promise<void> {
  const partners = await db
    .select({ id: transportPartners.id, slug: transportPartners.slug })
    .from(transportPartners)
    // Only the seeded demo partners: a partner that joined runs its own fleet.
    .where(
      inArray(
        transportPartners.slug,
        SEED_PARTNERS.map((p) => p.partner.slug),
      ),
    )
    .orderBy(asc(transportPartners.id));
  if (!partners.length) return;
  const offers = [
    ...(await db
      .selectDistinct({ partnerId: partnerFares.partnerId, vehicleTypeId: partnerFares.vehicleTypeId })
      .from(partnerFares)),
    ...(await db
      .selectDistinct({ partnerId: airportZones.partnerId, vehicleTypeId: airportZones.vehicleTypeId })
      .from(airportZones)),
    ...(await db
      .selectDistinct({ partnerId: hourlyPackages.partnerId, vehicleTypeId: hourlyPackages.vehicleTypeId })
      .from(hourlyPackages)),
  ];
  const classes = new Map(
    (await db.select().from(vehicleTypes)).map((row) => [row.id, { vi: row.nameVi, en: row.nameEn, seats: row.seats }]),
  );
  const fleet = createFleetService({ repository: createFleetRepository(db), vehicleClasses: async () => classes });
  for (const [p, partner] of partners.entries()) {
    for (let d = 0; d < 3; d += 1) {
      const n = p * 3 + d + 1;
      const saved = await fleet.saveDriver(
        partner.id,
        driverSaveRequestSchema.validateSync({
          fullname: DRIVER_NAMES[(n - 1) % DRIVER_NAMES.length] ?? '',
          phone: driverDemoPhone(n),
          photo_url: `/drivers/driver-${((n - 1) % DRIVER_PHOTO_COUNT) + 1}.svg`,
          licence_number: driverDemoLicence(n),
          licence_expires_on: `${2030 + (n % 5)}-${String((n % 12) + 1).padStart(2, '0')}-15`,
        }),
      );
      if (!saved.ok && saved.status !== 409) throw new Error(`demo driver ${n}: ${saved.message}`);
    }
    const types = [...new Set(offers.filter((o) => o.partnerId === partner.id).map((o) => o.vehicleTypeId))].sort(
      (a, b) => a - b,
    );
    for (const [c, vehicleTypeId] of types.entries()) {
      const saved = await fleet.saveCar(
        partner.id,
        carSaveRequestSchema.validateSync({
          plate: plateFor(partner.slug, p, c),
          name: CAR_NAMES[vehicleTypeId] ?? classes.get(vehicleTypeId)?.vi ?? '',
          vehicle_id: vehicleTypeId,
          seats: classes.get(vehicleTypeId)?.seats ?? 0,
          year: 2018 + ((p + c) % 7),
        }),
        'vi',
      );
      if (!saved.ok && saved.status !== 409) throw new Error(`demo car ${plateFor(partner.slug, p, c)}: ${saved.message}`);
    }
  }
}
