import { describe, expect, it } from 'vitest';
import { parseVnDateTime } from '../../../shared/domain/vn-time';
import {
  buildHourlyList,
  buildPriceList,
  findZone,
  isNight,
  logoText,
  NO_FEES,
  paginate,
  priceHourly,
  priceOffer,
  servesRoute,
  sortOptions,
  tieredDistanceFare,
  tollEstimate,
  tripFare,
  type FareOffer,
  type HourlyOffer,
  type PriceQuery,
  type RouteFacts,
} from './engine';

const at = (text: string) => {
  const date = parseVnDateTime(text);
  if (!date) throw new Error(text);
  return date;
};

const TIERS = [
  { upto_km: 10, per_km: 16_000 },
  { upto_km: 30, per_km: 13_000 },
  { upto_km: null, per_km: 10_000 },
];

function offer(overrides: Partial<FareOffer> = {}): FareOffer {
  return {
    id: 7,
    partner: {
      id: 3,
      name: 'Taxi Thủ Đô',
      rating: 4.46,
      ratingCount: 100,
      highlighted: false,
      nationwide: false,
      provinces: ['01'],
    },
    fees: { ...NO_FEES, nightPercent: 20, extraAddressFee: 50_000, boardPrice: 40_000, tollBands: null },
    vehicle: { id: 1, nameVi: '4 chỗ cốp rộng', nameEn: '4-seat, large boot', seats: 4, passengers: 3 },
    rideMethod: 1,
    service: 'standard',
    baseFare: 20_000,
    kmTiers: TIERS,
    minFare: 150_000,
    sharedSeatFactor: null,
    maxShareSeats: 0,
    ...overrides,
  };
}

const route = (overrides: Partial<RouteFacts> = {}): RouteFacts => ({
  distanceKm: 40,
  isAirport: false,
  airportCode: '',
  airportDistanceKm: 0,
  otherProvince: '01',
  zones: [],
  sharedRoutes: new Map(),
  ...overrides,
});

const query = (overrides: Partial<PriceQuery> = {}): PriceQuery => ({
  chair: 1,
  extraAddresses: 0,
  departAt: at('14:00 10/3/2027'),
  now: at('08:00 10/3/2027'),
  sharingTimeLimitMinutes: 180,
  lang: 'vi',
  ...overrides,
});

describe('distance fares', () => {
  it('charges each km at the rate of its band', () => {
    expect(tieredDistanceFare(TIERS, 5)).toBe(80_000);
    expect(tieredDistanceFare(TIERS, 40)).toBe(160_000 + 260_000 + 100_000);
    expect(tieredDistanceFare(TIERS, 0)).toBe(0);
  });

  it('costs more per trip and less per km as the trip grows, never below the minimum, in whole thousands', () => {
    const short = tripFare(offer(), 20);
    const long = tripFare(offer(), 150);
    expect(long).toBeGreaterThan(short);
    expect(long / 150).toBeLessThan(short / 20);
    expect(tripFare(offer(), 1)).toBe(150_000);
    expect(tripFare(offer(), 33.3) % 1000).toBe(0);
  });
});

describe('night window', () => {
  it('wraps midnight in Vietnam time', () => {
    expect(isNight(at('22:00 1/1/2027'), NO_FEES)).toBe(true);
    expect(isNight(at('02:00 1/1/2027'), NO_FEES)).toBe(true);
    expect(isNight(at('04:59 1/1/2027'), NO_FEES)).toBe(true);
    expect(isNight(at('05:00 1/1/2027'), NO_FEES)).toBe(false);
    expect(isNight(at('14:00 1/1/2027'), NO_FEES)).toBe(false);
    expect(isNight(at('13:00 1/1/2027'), { nightStartMinute: 12 * 60, nightEndMinute: 14 * 60 })).toBe(true);
  });
});

describe('priceOffer', () => {
  it('prices a private trip by distance with no surcharge by day', () => {
    const item = priceOffer(offer(), route(), query());
    expect(item).toMatchObject({ merged: tripFare(offer(), 40), night_fee: 0, hide: false, option_id: '3:1:1', pm_id: 7 });
    expect(item?.vehicle_seat_left).toBe(3);
    expect(item?.toll_fee).toBe('NA');
    expect(item?.partner).toEqual({ id: 3, name: 'Taxi Thủ Đô', rating: 4.5, rating_count: 100, logo_text: 'TT' });
  });

  it('shows no rating figure for a partner nobody has rated yet', () => {
    const unrated = offer({ partner: { ...offer().partner, rating: 0, ratingCount: 0 } });
    expect(priceOffer(unrated, route(), query())?.partner).toMatchObject({ rating: null, rating_count: 0 });
  });

  it('adds the night surcharge and the extra-address fee to merged, and reports them', () => {
    const day = priceOffer(offer(), route(), query());
    const night = priceOffer(offer(), route(), query({ departAt: at('02:00 11/3/2027'), extraAddresses: 1 }));
    expect(night?.night_fee).toBe(Math.round((day!.merged * 0.2) / 1000) * 1000);
    expect(night?.more_address_cost).toBe(50_000);
    expect(night?.merged).toBe(day!.merged + night!.night_fee + 50_000);
  });

  it('uses the smallest airport zone that holds the other end, else distance', () => {
    const zones = [
      { id: 11, partnerId: 3, vehicleTypeId: 1, rideMethod: 1, maxKm: 45, provinceCodes: ['01'], price: 380_000 },
      { id: 12, partnerId: 3, vehicleTypeId: 1, rideMethod: 1, maxKm: 25, provinceCodes: ['01'], price: 290_000 },
      { id: 13, partnerId: 9, vehicleTypeId: 1, rideMethod: 1, maxKm: 90, provinceCodes: [], price: 100_000 },
    ];
    const airport = route({ isAirport: true, airportCode: 'HAN', zones });
    expect(findZone(offer(), { ...airport, airportDistanceKm: 22 })?.id).toBe(12);
    expect(findZone(offer(), { ...airport, airportDistanceKm: 30 })?.id).toBe(11);
    expect(findZone(offer(), { ...airport, airportDistanceKm: 22, otherProvince: '22' })).toBeUndefined();
    const item = priceOffer(offer(), { ...airport, airportDistanceKm: 22 }, query());
    expect(item).toMatchObject({ merged: 290_000, chunk_id: 12, is_airport: true, airport_code: 'HAN' });
    expect(priceOffer(offer(), { ...airport, airportDistanceKm: 60 }, query())?.chunk_id).toBe(0);
  });

  it('offers sharing only on a zone or a shared long route, per seat times passengers', () => {
    const shared = offer({ rideMethod: 2, sharedSeatFactor: 0.25, maxShareSeats: 6 });
    expect(priceOffer(shared, route(), query())).toBeNull();
    const onRoute = priceOffer(shared, route({ sharedRoutes: new Map([[3, 77]]) }), query({ chair: 2 }));
    expect(onRoute?.unit_price).toBe(Math.round((tripFare(offer(), 40) * 0.25) / 1000) * 1000);
    expect(onRoute).toMatchObject({ merged: onRoute!.unit_price * 2, chunk_id: 77, ride_method_id: 2, toll_fee: 0 });
    expect(onRoute?.vehicle_seat_left).toBe(6);
  });

  it('prices airport fares alone only on an airport ride inside a zone, with the fees of any offer', () => {
    const alone = offer({ id: 0, service: 'standard', baseFare: 0, kmTiers: [], minFare: 0, zoneOnly: true });
    const zones = [{ id: 21, partnerId: 3, vehicleTypeId: 1, rideMethod: 1, maxKm: 30, provinceCodes: [], price: 320_000 }];
    const airport = route({ isAirport: true, airportCode: 'HAN', zones, airportDistanceKm: 22 });
    expect(priceOffer(alone, airport, query())).toMatchObject({
      merged: 320_000,
      unit_price: 320_000,
      chunk_id: 21,
      pm_id: 0,
      service: 'standard',
      board_price: 40_000,
      option_id: '3:1:1',
    });
    const night = priceOffer(alone, airport, query({ departAt: at('02:00 11/3/2027'), extraAddresses: 1 }));
    expect(night).toMatchObject({ night_fee: 64_000, more_address_cost: 50_000, merged: 320_000 + 64_000 + 50_000 });
    // Outside every zone, on another airport's zones, and off airport routes it is no offer at all.
    expect(priceOffer(alone, { ...airport, airportDistanceKm: 31 }, query())).toBeNull();
    expect(priceOffer(alone, { ...airport, zones: [] }, query())).toBeNull();
    expect(priceOffer(alone, route(), query())).toBeNull();
    expect(
      buildPriceList([alone], route(), query(), { vehicleId: 0, rideMethodId: 0, service: '', sort: '', page: 1 }).offered,
    ).toBe(0);
  });

  it('sells shared seats of airport fares alone at the zone seat price, within the class passengers', () => {
    const alone = offer({ id: 0, rideMethod: 2, kmTiers: [], baseFare: 0, minFare: 0, maxShareSeats: 3, zoneOnly: true });
    const zones = [{ id: 22, partnerId: 3, vehicleTypeId: 1, rideMethod: 2, maxKm: 30, provinceCodes: [], price: 120_000 }];
    const airport = route({ isAirport: true, airportCode: 'HAN', zones, airportDistanceKm: 10 });
    expect(priceOffer(alone, airport, query({ chair: 2 }))).toMatchObject({ merged: 240_000, hide: false, toll_fee: 0 });
    expect(priceOffer(alone, airport, query({ chair: 4 }))?.hide).toBe(true);
  });

  it('hides sharing inside the sharing time limit and options the passengers do not fit', () => {
    const shared = offer({ rideMethod: 2, sharedSeatFactor: 0.25, maxShareSeats: 6 });
    const long = route({ sharedRoutes: new Map([[3, 77]]) });
    expect(priceOffer(shared, long, query({ now: at('11:01 10/3/2027') }))?.hide).toBe(true);
    expect(priceOffer(shared, long, query({ now: at('11:00 10/3/2027') }))?.hide).toBe(false);
    expect(priceOffer(shared, long, query({ chair: 7 }))?.hide).toBe(true);
    expect(priceOffer(offer(), long, query({ chair: 3 }))?.hide).toBe(false);
    expect(priceOffer(offer(), long, query({ chair: 4 }))?.hide).toBe(true);
  });
});

describe('lists', () => {
  const partner = (id: number, rating: number, highlighted = false) => ({
    id,
    name: `P ${id}`,
    rating,
    ratingCount: rating > 0 ? 1 : 0,
    highlighted,
    nationwide: false,
    provinces: ['01'],
  });
  const offers = [
    offer({ id: 1, partner: partner(1, 4.1), baseFare: 100_000 }),
    offer({ id: 2, partner: partner(2, 4.9), baseFare: 50_000 }),
    offer({ id: 3, partner: partner(3, 4.5, true), baseFare: 200_000 }),
    offer({
      id: 4,
      partner: partner(4, 4.7),
      baseFare: 0,
      vehicle: { id: 2, nameVi: '7', nameEn: '7', seats: 7, passengers: 6 },
    }),
  ];

  it('orders highlighted brands first by default, then by price; and by price or rating on request', () => {
    const ids = (sort: '' | 'price_lowest' | 'price_highest' | 'rating') =>
      buildPriceList(offers, route(), query(), { vehicleId: 0, rideMethodId: 0, service: '', sort, page: 1 }).items.map(
        (item) => item.partner.id,
      );
    expect(ids('')).toEqual([3, 4, 2, 1]);
    expect(ids('price_lowest')).toEqual([4, 2, 1, 3]);
    expect(ids('price_highest')).toEqual([3, 1, 2, 4]);
    expect(ids('rating')).toEqual([2, 4, 3, 1]);
  });

  it('puts a partner not yet rated after the rated ones when sorting by rating', () => {
    const withUnrated = [...offers, offer({ id: 5, partner: partner(5, 0), baseFare: 0 })];
    const list = buildPriceList(withUnrated, route(), query(), {
      vehicleId: 0,
      rideMethodId: 0,
      service: '',
      sort: 'rating',
      page: 1,
    });
    expect(list.items.map((item) => [item.partner.id, item.partner.rating])).toEqual([
      [2, 4.9],
      [4, 4.7],
      [3, 4.5],
      [1, 4.1],
      [5, null],
    ]);
  });

  it('puts hidden options last and filters by vehicle', () => {
    const list = buildPriceList(offers, route(), query({ chair: 5 }), {
      vehicleId: 0,
      rideMethodId: 0,
      service: '',
      sort: '',
      page: 1,
    });
    expect(list.items.map((item) => [item.partner.id, item.hide])).toEqual([
      [4, false],
      [3, true],
      [2, true],
      [1, true],
    ]);
    const sevens = buildPriceList(offers, route(), query(), { vehicleId: 2, rideMethodId: 0, service: '', sort: '', page: 1 });
    expect(sevens.items.map((item) => item.vehicle_id)).toEqual([2]);
    expect(sevens.offered).toBe(4);
  });

  it('pages by ten and answers -1 after the last page', () => {
    const all = Array.from({ length: 23 }, (_, i) => i);
    expect(paginate(all, 1)).toEqual({ items: all.slice(0, 10), page: 2, total: 23 });
    expect(paginate(all, 3)).toEqual({ items: all.slice(20), page: -1, total: 23 });
    expect(paginate(all.slice(0, 10), 1).page).toBe(-1);
  });

  it('breaks ties by option id so pages never overlap', () => {
    const same = [{ option_id: 'b' }, { option_id: 'a' }].map((x) => ({
      ...x,
      hide: false,
      partner: { id: 1, name: 'x', rating: 4, rating_count: 1, logo_text: 'X' },
      discount_data: { data: { discountByHighlightBrand: { hightlight_brand: false } } },
    }));
    expect(sortOptions(same, 'price_lowest', () => 1).map((x) => x.option_id)).toEqual(['a', 'b']);
  });
});

describe('service areas', () => {
  it('serves the listed provinces, both ends of an inter-province route, and everywhere when nationwide', () => {
    const local = { nationwide: false, provinces: ['01', '22'] };
    expect(servesRoute(local, '01')).toBe(true);
    expect(servesRoute(local, '01', '22')).toBe(true);
    expect(servesRoute(local, '01', '12')).toBe(false);
    expect(servesRoute(local, '12')).toBe(false);
    expect(servesRoute(local, '')).toBe(false);
    expect(servesRoute({ nationwide: true, provinces: [] }, '12', '11')).toBe(true);
  });
});

describe('fees and labels', () => {
  it('estimates tolls by band, NA without bands', () => {
    const bands = [
      { upto_km: 30, amount: 0 },
      { upto_km: null, amount: 120_000 },
    ];
    expect(tollEstimate(bands, 12)).toBe(0);
    expect(tollEstimate(bands, 150)).toBe(120_000);
    expect(tollEstimate(null, 10)).toBe('NA');
  });

  it('makes initials', () => {
    expect(logoText('Vivu Airport Express')).toBe('VA');
    expect(logoText('đò sông Hàn')).toBe('ĐS');
  });
});

describe('hourly', () => {
  const pkg = (durationHours: number, price: number): HourlyOffer => ({
    id: durationHours,
    partner: {
      id: 1,
      name: 'Vivu Airport Express',
      rating: 4.8,
      ratingCount: 10,
      highlighted: true,
      nationwide: false,
      provinces: ['01'],
    },
    vehicle: { id: 1, nameVi: '4 chỗ cốp rộng', nameEn: '4-seat, large boot', seats: 4, passengers: 3 },
    service: 'standard',
    durationHours,
    kmLimit: durationHours === 24 ? 250 : durationHours * 10,
    price,
    extraPerHour: 120_000,
    extraPerKm: 10_000,
  });

  it('matches the duration exactly, and prices days from the day package', () => {
    expect(priceHourly(pkg(6, 950_000), 6, 'en', 10)).toMatchObject({
      price: 950_000,
      km_limit: 60,
      vehicle_name: '4-seat, large boot',
    });
    expect(priceHourly(pkg(6, 950_000), 4, 'vi', 10)).toBeNull();
    expect(priceHourly(pkg(24, 2_000_000), 72, 'vi', 10)).toMatchObject({ price: 6_000_000, km_limit: 750, duration: 72 });
    expect(priceHourly(pkg(12, 1_550_000), 24, 'vi', 10)).toBeNull();
  });

  it('lists the packages of the duration', () => {
    const list = buildHourlyList(
      [pkg(4, 700_000), pkg(6, 950_000), pkg(24, 2_000_000)],
      { duration: 6, vehicleId: 0, service: '', sort: 'price_lowest', page: 1, lang: 'vi' },
      10,
    );
    expect(list.items.map((item) => item.price)).toEqual([950_000]);
    expect(list.page).toBe(-1);
  });
});
