// Demo pricing data: six transport partners (none nationwide; Lai Châu, Điện Biên, Sơn La, Cao Bằng and Tuyên
// Quang have no partner yet) with 2026 fares in VND (airport zones, per-km bands, shared seats,
// hourly packages, surcharges). The vehicle classes (Vivu's catalogue) are written here; each partner joins by an
// application the onboarding approves (seed-partners.ts); every fare, package, shared route and surcharge goes through the calls a partner's owner makes from the console
// (pricing's partner fares: the contract's checks, the fare history with the seed as author, outliers confirmed),
// each kind of a partner's fares in one call and transaction. Idempotent like seed(): rows are matched on their natural keys and never updated.
import { eq, inArray } from 'drizzle-orm';
import {
  airportAddRequestSchema,
  distanceAddRequestSchema,
  feesRequestSchema,
  hourlyAddRequestSchema,
  sharedRouteRequestSchema,
  type AirportAddRequest,
  type DistanceAddRequest,
  type HourlyAddRequest,
} from '../../shared/contract/partner-fares';
import { createPartnerFares, seedEditor, type FareChangeResult } from '../modules/pricing/partner-fares';
import { seedPartners } from './seed-partners';
import type { Db } from './client';
import {
  airportZones,
  hourlyPackages,
  partnerFares,
  partnerFees,
  sharedRoutes,
  transportPartners,
  vehicleTypes,
  type KmTier,
  type TollBand,
} from './schema';

type ServiceClass = 'economy' | 'standard' | 'premium';

export const SEED_VEHICLES: (typeof vehicleTypes.$inferInsert)[] = [
  { id: 17, nameVi: '4 chỗ tiết kiệm', nameEn: '4-seat economy sedan', seats: 4, passengers: 3, luggage: 2 },
  { id: 1, nameVi: '4 chỗ cốp rộng', nameEn: '4-seat, large boot', seats: 4, passengers: 3, luggage: 3 },
  { id: 2, nameVi: '7 chỗ', nameEn: '7-seat', seats: 7, passengers: 6, luggage: 4 },
  { id: 33, nameVi: 'Limousine 9 chỗ', nameEn: '9-seat limousine', seats: 9, passengers: 8, luggage: 6 },
  { id: 24, nameVi: '16 chỗ', nameEn: '16-seat van', seats: 16, passengers: 15, luggage: 10 },
];

interface VehicleFare {
  service: ServiceClass;
  baseFare: number;
  tiers: KmTier[];
  minFare: number;
  /** Private fixed fares of the inner and outer zone of each airport, and the shared seat of the same zones. */
  zones: Record<AirportCode, [number, number]>;
  sharedZones: Record<AirportCode, [number, number]>;
  sharedSeatFactor: number;
  maxShareSeats: number;
  /** Hourly package prices by hours (24 = one day), km included, extra per hour and per km. */
  hourly: { hours: number; km: number; price: number }[];
  extraPerHour: number;
  extraPerKm: number;
}

type AirportCode = 'HAN' | 'SGN' | 'DAD' | 'CXR';

/** Inner and outer zone of each airport: straight-line km from the terminal and the provinces they cover. */
const AIRPORT_ZONES: Record<AirportCode, { inner: [string, number]; outer: [string, number]; provinces: string[] }> = {
  HAN: { inner: ['Nội thành Hà Nội', 25], outer: ['Hà Nội mở rộng', 45], provinces: ['01'] },
  SGN: { inner: ['Trung tâm TP.HCM', 12], outer: ['TP.HCM mở rộng', 30], provinces: ['79'] },
  DAD: { inner: ['Trung tâm Đà Nẵng', 10], outer: ['Hội An và vùng ven', 35], provinces: ['48'] },
  CXR: { inner: ['Bãi Dài - Cam Ranh', 20], outer: ['Nha Trang', 45], provinces: ['56'] },
};
const AIRPORT_PROVINCE: Record<AirportCode, string> = { HAN: '01', SGN: '79', DAD: '48', CXR: '56' };

const hourly = (scale: number) =>
  [
    [2, 30, 500_000],
    [4, 40, 700_000],
    [6, 60, 950_000],
    [8, 80, 1_150_000],
    [10, 100, 1_350_000],
    [12, 120, 1_550_000],
    [24, 250, 2_000_000],
  ].map(([hours = 0, km = 0, price = 0]) => ({ hours, km, price: price * scale }));

/** Reference fares (a partner scales them by its price level). */
const VEHICLE_FARES: Record<number, VehicleFare> = {
  17: {
    service: 'economy',
    baseFare: 15_000,
    tiers: [
      { upto_km: 10, per_km: 14_000 },
      { upto_km: 30, per_km: 11_500 },
      { upto_km: 100, per_km: 10_000 },
      { upto_km: null, per_km: 8_500 },
    ],
    minFare: 120_000,
    zones: { HAN: [240_000, 330_000], SGN: [170_000, 260_000], DAD: [120_000, 260_000], CXR: [180_000, 320_000] },
    sharedZones: { HAN: [100_000, 130_000], SGN: [80_000, 110_000], DAD: [60_000, 110_000], CXR: [90_000, 130_000] },
    sharedSeatFactor: 0.3,
    maxShareSeats: 3,
    hourly: hourly(0.85),
    extraPerHour: 100_000,
    extraPerKm: 8_000,
  },
  1: {
    service: 'standard',
    baseFare: 20_000,
    tiers: [
      { upto_km: 10, per_km: 16_000 },
      { upto_km: 30, per_km: 13_000 },
      { upto_km: 100, per_km: 11_000 },
      { upto_km: null, per_km: 9_500 },
    ],
    minFare: 150_000,
    zones: { HAN: [290_000, 380_000], SGN: [200_000, 300_000], DAD: [140_000, 300_000], CXR: [210_000, 360_000] },
    sharedZones: { HAN: [120_000, 150_000], SGN: [90_000, 120_000], DAD: [70_000, 120_000], CXR: [100_000, 150_000] },
    sharedSeatFactor: 0.28,
    maxShareSeats: 3,
    hourly: hourly(1),
    extraPerHour: 120_000,
    extraPerKm: 10_000,
  },
  2: {
    service: 'standard',
    baseFare: 25_000,
    tiers: [
      { upto_km: 10, per_km: 19_000 },
      { upto_km: 30, per_km: 15_500 },
      { upto_km: 100, per_km: 13_000 },
      { upto_km: null, per_km: 11_000 },
    ],
    minFare: 180_000,
    zones: { HAN: [340_000, 450_000], SGN: [250_000, 360_000], DAD: [180_000, 350_000], CXR: [260_000, 420_000] },
    sharedZones: { HAN: [120_000, 150_000], SGN: [90_000, 120_000], DAD: [60_000, 120_000], CXR: [100_000, 150_000] },
    sharedSeatFactor: 0.16,
    maxShareSeats: 6,
    hourly: hourly(1.2),
    extraPerHour: 150_000,
    extraPerKm: 12_000,
  },
  33: {
    service: 'premium',
    baseFare: 40_000,
    tiers: [
      { upto_km: 10, per_km: 28_000 },
      { upto_km: 30, per_km: 22_000 },
      { upto_km: 100, per_km: 18_000 },
      { upto_km: null, per_km: 15_000 },
    ],
    minFare: 350_000,
    zones: { HAN: [550_000, 700_000], SGN: [400_000, 550_000], DAD: [300_000, 550_000], CXR: [420_000, 650_000] },
    sharedZones: { HAN: [150_000, 180_000], SGN: [120_000, 150_000], DAD: [90_000, 150_000], CXR: [130_000, 180_000] },
    sharedSeatFactor: 0.11,
    maxShareSeats: 8,
    hourly: hourly(1.8),
    extraPerHour: 220_000,
    extraPerKm: 16_000,
  },
  24: {
    service: 'standard',
    baseFare: 50_000,
    tiers: [
      { upto_km: 10, per_km: 30_000 },
      { upto_km: 30, per_km: 24_000 },
      { upto_km: 100, per_km: 19_000 },
      { upto_km: null, per_km: 16_000 },
    ],
    minFare: 500_000,
    zones: { HAN: [750_000, 950_000], SGN: [550_000, 750_000], DAD: [400_000, 700_000], CXR: [550_000, 850_000] },
    sharedZones: { HAN: [150_000, 180_000], SGN: [120_000, 150_000], DAD: [90_000, 150_000], CXR: [130_000, 180_000] },
    sharedSeatFactor: 0.08,
    maxShareSeats: 15,
    hourly: hourly(2),
    extraPerHour: 250_000,
    extraPerKm: 18_000,
  },
};

interface SeedPartner {
  partner: Omit<typeof transportPartners.$inferInsert, 'id'> & { slug: string };
  /** Multiplies the reference fares. */
  priceLevel: number;
  privateVehicles: number[];
  sharedVehicles: number[];
  hourlyVehicles: number[];
  /** Long routes with shared seats (province pairs). */
  sharedRoutes: [string, string][];
  fees: Omit<typeof partnerFees.$inferInsert, 'partnerId'>;
}

const tolls = (bands: [number | null, number][]): TollBand[] => bands.map(([upto_km, amount]) => ({ upto_km, amount }));

export const SEED_PARTNERS: SeedPartner[] = [
  {
    partner: {
      slug: 'vivu-airport-express',
      name: 'Vivu Airport Express',
      highlighted: true,
      provinces: ['01', '79', '48', '56', '68', '91'],
    },
    priceLevel: 1,
    privateVehicles: [17, 1, 2, 33, 24],
    sharedVehicles: [2],
    hourlyVehicles: [17, 1, 2, 33],
    sharedRoutes: [],
    fees: {
      nightPercent: 15,
      extraAddressFee: 50_000,
      boardPrice: 30_000,
      tollBands: tolls([
        [30, 0],
        [80, 35_000],
        [200, 120_000],
        [null, 250_000],
      ]),
    },
  },
  {
    partner: {
      slug: 'taxi-thu-do',
      name: 'Taxi Thủ Đô',
      provinces: ['01', '24', '33', '25', '19'],
    },
    priceLevel: 0.95,
    privateVehicles: [17, 1, 2, 24],
    sharedVehicles: [1],
    hourlyVehicles: [17, 1, 2, 24],
    sharedRoutes: [],
    fees: { nightPercent: 20, extraAddressFee: 60_000, boardPrice: 50_000, tollBands: null },
  },
  {
    partner: {
      slug: 'sai-gon-xanh-car',
      name: 'Sài Gòn Xanh Car',
      provinces: ['79', '75', '80', '82'],
    },
    priceLevel: 0.95,
    privateVehicles: [17, 1, 2, 24],
    sharedVehicles: [2],
    hourlyVehicles: [17, 1, 2, 24],
    sharedRoutes: [],
    fees: {
      nightPercent: 20,
      extraAddressFee: 50_000,
      boardPrice: 40_000,
      tollBands: tolls([
        [25, 0],
        [100, 40_000],
        [null, 150_000],
      ]),
    },
  },
  {
    partner: {
      slug: 'song-han-travel',
      name: 'Sông Hàn Travel',
      provinces: ['48', '46', '51'],
    },
    priceLevel: 1,
    privateVehicles: [17, 1, 2, 33, 24],
    sharedVehicles: [2],
    hourlyVehicles: [1, 2, 33, 24],
    sharedRoutes: [['48', '46']],
    fees: {
      nightPercent: 15,
      extraAddressFee: 50_000,
      boardPrice: 30_000,
      tollBands: tolls([
        [30, 0],
        [120, 50_000],
        [null, 120_000],
      ]),
    },
  },
  {
    partner: {
      slug: 'xuyen-viet-limousine',
      name: 'Xuyên Việt Limousine',
      // The long-distance company runs the North-South corridor and the coast, not the northern mountains.
      provinces: [
        '01',
        '19',
        '22',
        '24',
        '25',
        '31',
        '33',
        '37',
        '38',
        '40',
        '42',
        '44',
        '46',
        '48',
        '51',
        '52',
        '56',
        '66',
        '68',
        '75',
        '79',
        '80',
        '82',
        '86',
        '91',
        '92',
        '96',
      ],
    },
    priceLevel: 1.08,
    privateVehicles: [1, 2, 33, 24],
    sharedVehicles: [33, 2],
    hourlyVehicles: [33, 24],
    sharedRoutes: [
      ['01', '22'],
      ['01', '31'],
      ['01', '37'],
      ['79', '68'],
      ['79', '56'],
      ['48', '46'],
    ],
    fees: {
      nightPercent: 10,
      extraAddressFee: 70_000,
      boardPrice: 50_000,
      tollBands: tolls([
        [30, 0],
        [100, 60_000],
        [200, 160_000],
        [400, 300_000],
        [null, 450_000],
      ]),
    },
  },
  {
    partner: {
      slug: 'ha-long-bay-cars',
      name: 'Hạ Long Bay Cars',
      provinces: ['22', '01', '31'],
    },
    priceLevel: 0.97,
    privateVehicles: [1, 2, 24],
    sharedVehicles: [],
    hourlyVehicles: [1, 2],
    sharedRoutes: [],
    fees: {
      nightPercent: 20,
      extraAddressFee: 60_000,
      boardPrice: 40_000,
      tollBands: tolls([
        [30, 0],
        [100, 45_000],
        [null, 110_000],
      ]),
    },
  },
];

const scale = (amount: number, level: number) => Math.round((amount * level) / 1000) * 1000;

function fareFor(vehicleId: number): VehicleFare {
  const fare = VEHICLE_FARES[vehicleId];
  if (!fare) throw new Error(`no reference fare for vehicle ${vehicleId}`);
  return fare;
}

/** A seed call that did not write: an existing row (409 without a median) is the idempotent case, anything else a bug. */
function check(result: FareChangeResult, what: string): void {
  if (result.ok || (result.status === 409 && result.median === undefined)) return;
  throw new Error(`demo ${what}: ${result.message}`);
}

export async function seedPricing(db: Db): Promise<void> {
  await db.insert(vehicleTypes).values(SEED_VEHICLES).onConflictDoNothing({ target: vehicleTypes.id });
  // The partners join by application and approval, as a real one does (seed-partners.ts), in this order (ids 1…6).
  await seedPartners(
    db,
    SEED_PARTNERS.map((p) => ({
      ...p.partner,
      fleetSize: new Set([...p.privateVehicles, ...p.sharedVehicles, ...p.hourlyVehicles]).size,
    })),
  );
  const slugs = SEED_PARTNERS.map((p) => p.partner.slug);
  const rows = await db
    .select({ id: transportPartners.id, slug: transportPartners.slug })
    .from(transportPartners)
    .where(inArray(transportPartners.slug, slugs));
  const idOf = new Map(rows.map((row) => [row.slug, row.id]));
  // The seed runs before any server builds its catalogue: there is none to drop.
  const fares = createPartnerFares(db, { now: () => new Date(), invalidate: () => undefined });

  for (const seed of SEED_PARTNERS) {
    const partnerId = idOf.get(seed.partner.slug);
    if (partnerId === undefined) continue;
    const editor = seedEditor(partnerId);
    const level = seed.priceLevel;
    // What the partner already has (a second start adds nothing and makes no call).
    const [fees, haveFares, haveZones, havePackages, haveRoutes] = await Promise.all([
      db.select({ id: partnerFees.partnerId }).from(partnerFees).where(eq(partnerFees.partnerId, partnerId)),
      db
        .select({ vehicle: partnerFares.vehicleTypeId, method: partnerFares.rideMethod })
        .from(partnerFares)
        .where(eq(partnerFares.partnerId, partnerId)),
      db
        .select({
          code: airportZones.airportCode,
          name: airportZones.name,
          vehicle: airportZones.vehicleTypeId,
          method: airportZones.rideMethod,
        })
        .from(airportZones)
        .where(eq(airportZones.partnerId, partnerId)),
      db
        .select({ vehicle: hourlyPackages.vehicleTypeId, hours: hourlyPackages.durationHours })
        .from(hourlyPackages)
        .where(eq(hourlyPackages.partnerId, partnerId)),
      db
        .select({ a: sharedRoutes.provinceA, b: sharedRoutes.provinceB })
        .from(sharedRoutes)
        .where(eq(sharedRoutes.partnerId, partnerId)),
    ]);
    const fareKeys = new Set(haveFares.map((row) => `${row.vehicle}:${row.method}`));
    const zoneKeys = new Set(haveZones.map((row) => `${row.code}|${row.name}|${row.vehicle}:${row.method}`));
    const packageKeys = new Set(havePackages.map((row) => `${row.vehicle}:${row.hours}`));
    const routeKeys = new Set(haveRoutes.map((row) => `${row.a}:${row.b}`));

    if (!fees.length) {
      const result = await fares.fees(
        editor,
        feesRequestSchema.validateSync({
          night_start_minute: 22 * 60,
          night_end_minute: 5 * 60,
          night_percent: seed.fees.nightPercent ?? 0,
          board_price: seed.fees.boardPrice ?? 0,
          extra_address_fee: seed.fees.extraAddressFee ?? 0,
          toll_bands: seed.fees.tollBands ?? null,
        }),
      );
      check(result, `fees of ${seed.partner.slug}`);
    }
    const airports = (Object.keys(AIRPORT_ZONES) as AirportCode[]).filter(
      (code) => seed.partner.nationwide || seed.partner.provinces?.includes(AIRPORT_PROVINCE[code]),
    );
    const offers = [
      ...seed.privateVehicles.map((vehicleTypeId) => ({ vehicleTypeId, rideMethod: 1 })),
      ...seed.sharedVehicles.map((vehicleTypeId) => ({ vehicleTypeId, rideMethod: 2 })),
    ];
    // Each kind of the partner's missing fares in one call, in the order their ids have always had.
    const distance: DistanceAddRequest[] = [];
    const airport: AirportAddRequest[] = [];
    const hourly: HourlyAddRequest[] = [];
    for (const { vehicleTypeId, rideMethod } of offers) {
      const ref = fareFor(vehicleTypeId);
      const sharing = rideMethod === 2;
      if (!fareKeys.has(`${vehicleTypeId}:${rideMethod}`))
        distance.push(
          distanceAddRequestSchema.validateSync({
            vehicle_type_id: vehicleTypeId,
            ride_method: rideMethod,
            service: ref.service,
            base_fare: scale(ref.baseFare, level),
            km_tiers: ref.tiers.map((tier) => ({
              upto_km: tier.upto_km,
              per_km: Math.round((tier.per_km * level) / 100) * 100,
            })),
            min_fare: scale(ref.minFare, level),
            shared_seat_factor: sharing ? ref.sharedSeatFactor : null,
            max_share_seats: sharing ? ref.maxShareSeats : 0,
            confirm: true,
          }),
        );
      for (const code of airports) {
        const zone = AIRPORT_ZONES[code];
        const prices = sharing ? ref.sharedZones[code] : ref.zones[code];
        for (const [[name, maxKm], price] of [
          [zone.inner, prices[0]],
          [zone.outer, prices[1]],
        ] as const) {
          if (zoneKeys.has(`${code}|${name}|${vehicleTypeId}:${rideMethod}`)) continue;
          airport.push(
            airportAddRequestSchema.validateSync({
              airport_code: code,
              zone: name,
              max_km: maxKm,
              province_codes: zone.provinces,
              vehicle_type_id: vehicleTypeId,
              ride_method: rideMethod,
              price: scale(price, level),
              confirm: true,
            }),
          );
        }
      }
    }
    for (const vehicleTypeId of seed.hourlyVehicles) {
      const ref = fareFor(vehicleTypeId);
      for (const pkg of ref.hourly) {
        if (packageKeys.has(`${vehicleTypeId}:${pkg.hours}`)) continue;
        hourly.push(
          hourlyAddRequestSchema.validateSync({
            vehicle_type_id: vehicleTypeId,
            service: ref.service,
            duration_hours: pkg.hours,
            km_limit: pkg.km,
            price: scale(pkg.price, level),
            extra_per_hour: scale(ref.extraPerHour, level),
            extra_per_km: scale(ref.extraPerKm, level),
            confirm: true,
          }),
        );
      }
    }
    if (distance.length) check(await fares.addDistance(editor, distance), `distance fares of ${seed.partner.slug}`);
    if (airport.length) check(await fares.addAirport(editor, airport), `airport fares of ${seed.partner.slug}`);
    if (hourly.length) check(await fares.addHourly(editor, hourly), `hourly packages of ${seed.partner.slug}`);
    for (const [a, b] of seed.sharedRoutes) {
      if (routeKeys.has(`${a}:${b}`)) continue;
      check(
        await fares.addSharedRoute(editor, sharedRouteRequestSchema.validateSync({ province_a: a, province_b: b })),
        `shared route ${a}-${b} of ${seed.partner.slug}`,
      );
    }
  }
}
