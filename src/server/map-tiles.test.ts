import { describe, expect, it } from 'vitest';
import { DEFAULT_TILE_ATTRIBUTION, mapTilesFromEnv } from './map-tiles';

describe('MAP_TILE_URL', () => {
  it('is no map when unset or blank', () => {
    expect(mapTilesFromEnv({})).toBeNull();
    expect(mapTilesFromEnv({ MAP_TILE_URL: '  ' })).toBeNull();
  });

  it('takes an https XYZ template, its origin for the CSP and the OpenStreetMap credit by default', () => {
    expect(mapTilesFromEnv({ MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' })).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: DEFAULT_TILE_ATTRIBUTION,
      origin: 'https://tile.openstreetmap.org',
    });
    expect(
      mapTilesFromEnv({
        MAP_TILE_URL: 'https://tiles.example.vn:8443/v1/{z}/{x}/{y}@2x.webp?key=abc',
        MAP_TILE_ATTRIBUTION: '© Ví dụ',
      }),
    ).toEqual({
      url: 'https://tiles.example.vn:8443/v1/{z}/{x}/{y}@2x.webp?key=abc',
      attribution: '© Ví dụ',
      origin: 'https://tiles.example.vn:8443',
    });
  });

  it('takes plain http only from this machine', () => {
    expect(mapTilesFromEnv({ MAP_TILE_URL: 'http://localhost:8080/tiles/{z}/{x}/{y}.png' })?.origin).toBe(
      'http://localhost:8080',
    );
    expect(mapTilesFromEnv({ MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' })?.origin).toBe('http://127.0.0.1:9');
    expect(() => mapTilesFromEnv({ MAP_TILE_URL: 'http://tile.openstreetmap.org/{z}/{x}/{y}.png' })).toThrow(
      /MAP_TILE_URL .*https, or http only for localhost/,
    );
  });

  it('refuses what is not a tile template, naming the variable and why', () => {
    const refusals: [string, RegExp][] = [
      ['https://tile.openstreetmap.org/{z}/{x}.png', /\{y\} is missing/],
      ['https://tile.openstreetmap.org/{x}/{y}.png', /\{z\} is missing/],
      ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', /\{s\} is not one of/],
      ['tile.openstreetmap.org/{z}/{x}/{y}.png', /not an address/],
      ['ftp://tiles.example.vn/{z}/{x}/{y}.png', /https, or http only for localhost/],
      ['javascript:alert(1)//{z}/{x}/{y}', /https, or http only for localhost/],
      ['https://user:secret@tiles.example.vn/{z}/{x}/{y}.png', /no user or password/],
    ];
    for (const [url, why] of refusals) {
      expect(() => mapTilesFromEnv({ MAP_TILE_URL: url }), url).toThrow(/^MAP_TILE_URL must be a tile address/);
      expect(() => mapTilesFromEnv({ MAP_TILE_URL: url }), url).toThrow(why);
    }
    expect(() =>
      mapTilesFromEnv({ MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'x'.repeat(201) }),
    ).toThrow(/^MAP_TILE_ATTRIBUTION must be at most 200 characters/);
  });
});
