import { describe, expect, it } from 'vitest';
import { isLandingRoute, LANDING_ROUTES, landingLookup } from './landing-routes';
import { ROUTE_TABLE } from './route-table';

describe('landing routes', () => {
  it('are routes of the table, each with the kind of page it shows', () => {
    for (const name of Object.keys(LANDING_ROUTES)) expect(ROUTE_TABLE).toHaveProperty([name]);
    expect(LANDING_ROUTES['airport-danang']).toBe('airport');
    expect(LANDING_ROUTES['long-distance']).toBe('long_distance');
    expect(LANDING_ROUTES.travel).toBe('travel');
  });

  it('tells a landing route from the others', () => {
    expect(isLandingRoute('airport')).toBe(true);
    expect(isLandingRoute('price-list')).toBe(false);
    expect(isLandingRoute('toString')).toBe(false);
  });

  it('asks for the route’s own page without a slug, else the slug’s page', () => {
    expect(landingLookup('airport-noibai', undefined)).toEqual({ key: 'airport-noibai', slug: '', kind: 'airport' });
    expect(landingLookup('travel', 'da-lat')).toEqual({ key: '', slug: 'da-lat', kind: 'travel' });
  });
});
