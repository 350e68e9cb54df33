// Demo fleet: three drivers per seeded transport partner (photos in public/drivers) and one car per vehicle type the
// partner offers (partner_fares, airport zones and hourly packages), with plates of its home province. Idempotent
// like seed(): keyed by partner and phone (drivers) and by plate (cars); an existing row is never changed.
import { asc } from 'drizzle-orm';
import type { Db } from './client';
import { airportZones, drivers, hourlyPackages, partnerCars, partnerFares, transportPartners } from './schema';

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

const plateFor = (slug: string, partnerIndex: number, carIndex: number): string => {
  const code = PLATE_CODES.find(([prefix]) => slug.startsWith(prefix))?.[1] ?? '30';
  const serial = String(100 + partnerIndex * 17 + carIndex * 3).padStart(3, '0');
  return `${code}A-${serial}.${String(10 + carIndex * 11 + partnerIndex).padStart(2, '0')}`;
};

export async function seedFleet(db: Db): Promise<void> {
  const partners = await db
    .select({ id: transportPartners.id, slug: transportPartners.slug })
    .from(transportPartners)
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
  const driverRows: Array<typeof drivers.$inferInsert> = [];
  const carRows: Array<typeof partnerCars.$inferInsert> = [];
  partners.forEach((partner, p) => {
    for (let d = 0; d < 3; d += 1) {
      const n = p * 3 + d + 1;
      driverRows.push({
        partnerId: partner.id,
        fullname: DRIVER_NAMES[(n - 1) % DRIVER_NAMES.length] ?? '',
        phone: driverDemoPhone(n),
        photoUrl: `/drivers/driver-${((n - 1) % DRIVER_PHOTO_COUNT) + 1}.svg`,
      });
    }
    const types = [...new Set(offers.filter((o) => o.partnerId === partner.id).map((o) => o.vehicleTypeId))].sort(
      (a, b) => a - b,
    );
    types.forEach((vehicleTypeId, c) => {
      carRows.push({
        partnerId: partner.id,
        plate: plateFor(partner.slug, p, c),
        name: CAR_NAMES[vehicleTypeId] ?? '',
        vehicleTypeId,
      });
    });
  });
  if (driverRows.length) await db.insert(drivers).values(driverRows).onConflictDoNothing();
  if (carRows.length) await db.insert(partnerCars).values(carRows).onConflictDoNothing({ target: partnerCars.plate });
}
