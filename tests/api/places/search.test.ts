// The place calls of spec 7 over the embedded gazetteer, and the Google Places adapter against a local stand-in.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTOCOMPLETE_LIMIT,
  PLACES_PATHS,
  airportSuggestionResponseSchema,
  autocompleteResponseSchema,
  placeResponseSchema,
} from '../../../src/shared/contract/places';
import { failureSchema } from '../../../src/shared/contract/envelope';
import { createApp } from '../../../src/server/app';
import { createGazetteerGeocoder } from '../../../src/server/adapters/geocoder/gazetteer';
import { defaultPlaceSearch } from '../../../src/server/modules/places/gazetteer';
import { createGooglePlacesGeocoder } from '../../../src/server/adapters/geocoder/google-places';
import { applyOverrides } from '../../../src/server/db/seed';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function autocomplete(query: string, lang = 'vi', app: { request: TestApp['app']['request'] } = t.app) {
  const res = await app.request(
    `${PLACES_PATHS.autocomplete}?${new URLSearchParams({ query, lang, sessiontoken: '1732350000000' })}`,
  );
  expect(res.status).toBe(200);
  return { res, body: await autocompleteResponseSchema.validate(await res.json()) };
}
const suggestions = async (query: string, lang = 'vi') => (await autocomplete(query, lang)).body.data;

describe('hub places/autocomplete', () => {
  it.each(['noi bai', 'Nội Bài', 'NOI BAI'])('%s finds Nội Bài airport first, whatever the marks and case', async (query) => {
    const [first] = await suggestions(query);
    expect(first?.address_component.place_id).toBe('airport:HAN');
    expect(first?.address).toBe('Sân bay quốc tế Nội Bài, Xã Nội Bài, Hà Nội');
  });

  it('answers in the envelope, cacheable for a short time', async () => {
    const { res, body } = await autocomplete('noi bai');
    expect(body.code).toBe('success');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('resolves the former district "Quận 1" to a current ward of Hồ Chí Minh City', async () => {
    const [first] = await suggestions('Quận 1');
    expect(first?.address_component.kind).toBe('ward');
    expect(first?.address_component.province_code).toBe('79');
    expect(first?.address_component.matched_former_name).toBe('Quận 1');
  });

  it('resolves the former ward "Bến Nghé" to the ward that absorbed it', async () => {
    const [first] = await suggestions('Bến Nghé');
    expect(first?.address_component.ward_name).toBe('Phường Sài Gòn');
    expect(first?.address_component.matched_former_name).toBe('Phường Bến Nghé');
  });

  it('names a matched former name in English on an English page, as the gazetteer names places', async () => {
    const [district] = await suggestions('Quận 1', 'en');
    expect(district?.address_component.matched_former_name).toBe('District 1');
    const [ward] = await suggestions('Bến Nghé', 'en');
    expect(ward?.address_component.ward_name).toBe('Sai Gon Ward');
    expect(ward?.address_component.matched_former_name).toBe('Ben Nghe Ward');
  });

  it('forgives one typo', async () => {
    expect((await suggestions('Noi Bia'))[0]?.address_component.airport_code).toBe('HAN');
    expect((await suggestions('Da Nag'))[0]?.address_component.airport_code).toBe('DAD');
    const plain = await suggestions('Hoan Kiem');
    const marked = await suggestions('Hoàn Kiếm');
    expect(plain.map((s) => s.address_component.place_id)).toEqual(marked.map((s) => s.address_component.place_id));
    expect(plain.map((s) => s.address_component.name)).toContain('Phường Hoàn Kiếm');
  });

  it('matches the start of words: "tan son" gives Tân Sơn Nhất airport first', async () => {
    expect((await suggestions('tan son'))[0]?.address_component.airport_code).toBe('SGN');
  });

  it('ranks the airport and the city before wards', async () => {
    const kinds = (await suggestions('Đà Nẵng')).map((s) => s.address_component.kind);
    expect(kinds[0]).toBe('airport');
    expect(kinds[1]).toBe('city');
    const lastCity = Math.max(kinds.lastIndexOf('city'), kinds.lastIndexOf('province'));
    expect(kinds).toContain('ward'); // "Phường Nguyễn Đại Năng" matches by prefix, and must come after the city
    expect(kinds.indexOf('ward')).toBeGreaterThan(lastCity);
  });

  it('searches English names and answers in English', async () => {
    const [hanoi] = await suggestions('Hanoi', 'en');
    expect(hanoi?.address_component.name).toBe('Hanoi');
    expect(hanoi?.address_component.kind).toBe('city');
    // The province (English "Ho Chi Minh") and the city ("Ho Chi Minh City") both match exactly.
    const hcmc = (await suggestions('Ho Chi Minh City', 'en')).slice(0, 2).map((s) => s.address_component);
    expect(hcmc.map((c) => c.province_code)).toEqual(['79', '79']);
    expect(hcmc.map((c) => c.name)).toContain('Ho Chi Minh City');
    expect(hcmc.map((c) => c.province_name)).toEqual(['Ho Chi Minh', 'Ho Chi Minh']);
  });

  it('lists the airports of a city suggestion as childs', async () => {
    // The city's own airport ranks first (airports first), then the city with that airport as its child.
    const [airportFirst, hanoi] = await suggestions('Hà Nội');
    expect(airportFirst?.address_component.airport_code).toBe('HAN');
    expect(hanoi?.address_component.kind).toBe('city');
    expect(hanoi?.childs.map((c) => c.address_component.airport_code)).toEqual(['HAN']);
    const [airport] = await suggestions('Nội Bài');
    expect(airport?.childs).toEqual([]);
  });

  it('finds stations, sights and hotels added by hand', async () => {
    expect((await suggestions('Ga Đà Nẵng'))[0]?.address_component).toMatchObject({ kind: 'station', province_code: '48' });
    expect((await suggestions('Bến xe Miền Đông'))[0]?.address_component.kind).toBe('station');
    expect((await suggestions('Metropole'))[0]?.address_component).toMatchObject({ kind: 'hotel', province_code: '01' });
    expect((await suggestions('Chợ Bến Thành'))[0]?.address_component.kind).toBe('sight');
  });

  it('answers at most the autocomplete limit', async () => {
    expect(await suggestions('xa')).toHaveLength(AUTOCOMPLETE_LIMIT);
  });

  it.each([
    ['a query of one character', '?query=a'],
    ['no query', '?lang=vi'],
    ['an unknown language', '?query=noi%20bai&lang=fr'],
  ])('refuses %s with 400 and the field', async (_, search) => {
    const res = await t.app.request(`${PLACES_PATHS.autocomplete}${search}`);
    expect(res.status).toBe(400);
    const body = await failureSchema.validate(await res.json());
    expect(body.message).toBe('errors.validation');
    expect(body.errors?.length).toBeGreaterThan(0);
  });
});

describe('hub geocode and home/get_place_detail', () => {
  it('returns the suggested place again by its id, as data and result', async () => {
    for (const query of ['noi bai', 'Quận 1', 'Ga Huế']) {
      const [suggestion] = await suggestions(query);
      const id = suggestion?.address_component.place_id ?? '';
      const geocode = await t.app.request(`${PLACES_PATHS.geocode}?placeID=${encodeURIComponent(id)}`);
      expect(geocode.status).toBe(200);
      const byHub = await placeResponseSchema.validate(await geocode.json());
      expect(byHub.result).toEqual(byHub.data);
      expect(byHub.result.address_component.place_id).toBe(id);
      expect(byHub.result.address_component.geometry).toEqual(suggestion?.address_component.geometry);
      const detail = await t.app.request(`${PLACES_PATHS.placeDetail}?place_id=${encodeURIComponent(id)}&lang=en`);
      const byApi = await placeResponseSchema.validate(await detail.json());
      expect(byApi.result.address_component.place_id).toBe(id);
      // The same place in English: the province is named in English ("Hanoi", not "Hà Nội").
      expect(byApi.result.address_component.province_name).not.toBe(byHub.result.address_component.province_name);
    }
  });

  it.each([PLACES_PATHS.geocode + '?placeID=ward:99999', PLACES_PATHS.placeDetail + '?place_id=nowhere'])(
    '%s answers 404 for an unknown place',
    async (path) => {
      const res = await t.app.request(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'error', message: 'errors.place_not_found', data: null });
    },
  );

  it('refuses a missing place id with 400', async () => {
    expect((await t.app.request(PLACES_PATHS.geocode)).status).toBe(400);
    expect((await t.app.request(PLACES_PATHS.placeDetail)).status).toBe(400);
  });
});

describe('home/get_airport_suggestion', () => {
  it('lists the operating airports, cached 30 minutes (spec 9)', async () => {
    const res = await t.app.request(`${PLACES_PATHS.airportSuggestion}?lang=en`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=1800');
    const body = await airportSuggestionResponseSchema.validate(await res.json());
    const codes = body.data.map((s) => s.address_component.airport_code);
    expect(codes.slice(0, 2)).toEqual(['HAN', 'SGN']);
    expect(codes).toHaveLength(22);
    expect(codes).not.toContain('SQH'); // Nà Sản is suspended
    expect(body.data[0]?.address_component.name).toBe('Noi Bai International Airport');
  });
});

// A stand-in for places.googleapis.com: the JSON shapes of Places API (New), and a switch to make it fail.
interface Recorded {
  method: string;
  url: string;
  key: string | undefined;
  mask: string | undefined;
  body: unknown;
}
describe('Google Places adapter', () => {
  let server: Server;
  let baseUrl = '';
  let failing = false;
  const requests: Recorded[] = [];
  const PLACES: Record<string, { name: string; address: string; lat: number; lng: number }> = {
    ChIJ_opera: { name: 'Nhà hát Lớn Hà Nội', address: '1 Tràng Tiền, Hoàn Kiếm, Hà Nội, Việt Nam', lat: 21.0242, lng: 105.8575 },
    ChIJ_sea: { name: 'Somewhere at sea', address: 'South China Sea', lat: 5, lng: 113 },
  };
  const readBody = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    return text ? (JSON.parse(text) as unknown) : undefined;
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      void (async () => {
        const body = await readBody(req);
        requests.push({
          method: req.method ?? '',
          url: req.url ?? '',
          key: req.headers['x-goog-api-key'] as string | undefined,
          mask: req.headers['x-goog-fieldmask'] as string | undefined,
          body,
        });
        res.setHeader('content-type', 'application/json');
        if (failing) {
          res.statusCode = 503;
          res.end(JSON.stringify({ error: { code: 503, status: 'UNAVAILABLE' } }));
          return;
        }
        const url = new URL(req.url ?? '/', 'http://localhost');
        if (req.method === 'POST' && url.pathname === '/v1/places:autocomplete') {
          const input = String((body as { input?: string }).input ?? '').toLowerCase();
          const hits = input.includes('opera') ? ['ChIJ_opera', 'ChIJ_sea'] : [];
          res.end(
            JSON.stringify({
              suggestions: hits.map((placeId) => ({ placePrediction: { placeId, text: { text: PLACES[placeId]?.name } } })),
            }),
          );
          return;
        }
        const match = /^\/v1\/places\/([^/]+)$/.exec(url.pathname);
        const place = match ? PLACES[decodeURIComponent(match[1] ?? '')] : undefined;
        if (req.method === 'GET' && match && place) {
          res.end(
            JSON.stringify({
              id: match[1],
              displayName: { text: place.name, languageCode: 'vi' },
              formattedAddress: place.address,
              location: { latitude: place.lat, longitude: place.lng },
            }),
          );
          return;
        }
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { code: 404, status: 'NOT_FOUND' } }));
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const google = () =>
    createGooglePlacesGeocoder({
      apiKey: 'AIza-test',
      search: defaultPlaceSearch(),
      fallback: createGazetteerGeocoder(defaultPlaceSearch()),
      baseUrl,
    });

  it('asks places:autocomplete and the details of each prediction, with the key and field masks', async () => {
    failing = false;
    requests.length = 0;
    const results = await google().autocomplete('opera ha noi', 'vi', 'session-1');
    expect(results.map((s) => s.address_component.place_id)).toEqual(['ChIJ_opera', 'ChIJ_sea']);
    const [opera, sea] = results;
    expect(opera?.address_component).toMatchObject({
      kind: 'place',
      name: 'Nhà hát Lớn Hà Nội',
      formatted_address: '1 Tràng Tiền, Hoàn Kiếm, Hà Nội, Việt Nam',
      geometry: { location: { lat: 21.0242, lng: 105.8575 } },
      province_code: '01',
      province_name: 'Hà Nội',
    });
    expect(opera?.address_component.ward_code).not.toBe('');
    // Far from every ward of the gazetteer: no province or ward is made up.
    expect(sea?.address_component).toMatchObject({ province_code: '', ward_code: '', province_name: '', ward_name: '' });
    const [first] = requests;
    expect(first).toMatchObject({ method: 'POST', url: '/v1/places:autocomplete', key: 'AIza-test' });
    expect(first?.body).toMatchObject({
      input: 'opera ha noi',
      languageCode: 'vi',
      includedRegionCodes: ['vn'],
      sessionToken: 'session-1',
    });
    expect(first?.mask).toContain('suggestions.placePrediction.placeId');
    expect(requests.slice(1).every((r) => r.method === 'GET' && r.mask === 'id,displayName,formattedAddress,location')).toBe(
      true,
    );
  });

  it('returns a Google place by id, null for an unknown one, and our own ids from the gazetteer', async () => {
    failing = false;
    expect((await google().place('ChIJ_opera', 'en'))?.address_component.province_name).toBe('Hanoi');
    expect(await google().place('ChIJ_unknown', 'vi')).toBeNull();
    requests.length = 0;
    expect((await google().place('airport:HAN', 'vi'))?.address_component.airport_code).toBe('HAN');
    expect(requests).toHaveLength(0);
  });

  it('falls back to the gazetteer when Google fails or finds nothing', async () => {
    failing = true;
    expect((await google().autocomplete('noi bai', 'vi'))[0]?.address_component.place_id).toBe('airport:HAN');
    failing = false;
    expect((await google().autocomplete('noi bai', 'vi'))[0]?.address_component.place_id).toBe('airport:HAN');
  });

  it('is used by the app only when GEOCODER=google and a maps key is configured', async () => {
    failing = false;
    const app = (geocoder: string) =>
      createApp({ database: t.db.database, log: { info() {}, error() {} }, places: { geocoder, googleBaseUrl: baseUrl } });
    const firstId = async (a: ReturnType<typeof app>) =>
      (await autocomplete('opera', 'vi', a)).body.data[0]?.address_component.place_id;
    expect(await firstId(app('google'))).not.toBe('ChIJ_opera'); // no key yet
    await applyOverrides(t.db.database.db, { googleMapsApiKey: 'AIza-app-key', gtmId: undefined, blogUrl: undefined });
    try {
      requests.length = 0;
      expect(await firstId(app('google'))).toBe('ChIJ_opera');
      expect(requests[0]?.key).toBe('AIza-app-key');
      expect(await firstId(app('gazetteer'))).not.toBe('ChIJ_opera');
      const detail = await app('google').request(`${PLACES_PATHS.geocode}?placeID=ChIJ_opera`);
      expect((await placeResponseSchema.validate(await detail.json())).result.address_component.name).toBe('Nhà hát Lớn Hà Nội');
    } finally {
      await applyOverrides(t.db.database.db, { googleMapsApiKey: '', gtmId: undefined, blogUrl: undefined });
    }
  });
});
