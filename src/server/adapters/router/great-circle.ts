// The built-in router: straight-line (haversine) distance stretched by a road factor, so that pricing works
// without any outside service. The factor is continuous in distance, so a longer trip never measures shorter.
import type { LatLng, RoadDistance, Router } from './types';

const EARTH_RADIUS_KM = 6371.0088;

/**
 * Roads wind more in and around towns than between them: Nội Bài to Hoàn Kiếm is 22 km straight and about 28 km
 * by the Nhật Tân bridge road (x1.27); Hà Nội to Hạ Long is 128 km straight and 150-170 km by expressway (x1.2).
 */
export const ROAD_FACTOR_NEAR = 1.25;
export const ROAD_FACTOR_FAR = 1.2;
export const ROAD_FACTOR_SWITCH_KM = 50;

export function haversineKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Straight-line km to estimated road km: x1.25 for the first 50 km, x1.2 beyond. */
export function roadKmFromStraight(straightKm: number): number {
  const near = Math.min(straightKm, ROAD_FACTOR_SWITCH_KM);
  const far = Math.max(0, straightKm - ROAD_FACTOR_SWITCH_KM);
  return near * ROAD_FACTOR_NEAR + far * ROAD_FACTOR_FAR;
}

export function straightPathKm(points: readonly LatLng[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i += 1) {
    const from = points[i - 1];
    const to = points[i];
    if (from && to) total += haversineKm(from, to);
  }
  return total;
}

export function greatCircleDistance(points: readonly LatLng[]): RoadDistance {
  return { km: roadKmFromStraight(straightPathKm(points)), source: 'great_circle' };
}

export function createGreatCircleRouter(): Router {
  return { distance: (points) => Promise.resolve(greatCircleDistance(points)) };
}
