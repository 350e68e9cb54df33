// How far the driver on the way is from the pick-up, for the passenger: the straight line between the shared position
// and the pick-up's coordinates, stretched by a road factor, and the minutes at an urban speed. A rough figure, said as
// "about" on the page; docs/decisions.md says why these constants.

/** Roads are longer than the straight line: about 1.3 times in Vietnam's cities (grid streets, one-way loops). */
export const ROAD_FACTOR = 1.3;
/** An urban driving speed with traffic lights and motorbikes, km/h. */
export const URBAN_SPEED_KMH = 25;
/** A position older than this is not shown: the driver may have stopped sharing or lost the network. */
export const POSITION_FRESH_MS = 2 * 60_000;

const EARTH_RADIUS_M = 6_371_000;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, metres (haversine). */
export function straightMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The road distance (metres, to the nearest 100) and the minutes (at least 1) from the driver to the pick-up. */
export function driverDistance(
  driver: { lat: number; lng: number },
  pickup: { lat: number; lng: number },
): { metres: number; minutes: number } {
  const road = straightMetres(driver, pickup) * ROAD_FACTOR;
  return {
    metres: Math.round(road / 100) * 100,
    minutes: Math.max(1, Math.round((road / 1000 / URBAN_SPEED_KMH) * 60)),
  };
}
