// The map tiles the passenger's ticket page draws the driver on the way with: MAP_TILE_URL, an XYZ template such as
// https://tile.openstreetmap.org/{z}/{x}/{y}.png, and MAP_TILE_ATTRIBUTION (the tile source's credit, shown on the map).
// Unset: no map, the distance line only. A template that is not one refuses the server's start, as other settings do.

/** The credit shown when MAP_TILE_ATTRIBUTION is unset: OpenStreetMap's data is under the ODbL, which asks for it. */
export const DEFAULT_TILE_ATTRIBUTION = '© OpenStreetMap contributors';
/** Where the credit links to (OpenStreetMap's copyright and licence page). */
export const TILE_ATTRIBUTION_LINK = 'https://www.openstreetmap.org/copyright';
const ATTRIBUTION_MAX = 200;

export interface MapTiles {
  /** The XYZ template, as the browser's map library asks it ({z} {x} {y}). */
  url: string;
  /** The credit, plain text (the page links it to TILE_ATTRIBUTION_LINK). */
  attribution: string;
  /** The template's origin, the one image host the page's CSP adds for the tiles. */
  origin: string;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * MAP_TILE_URL and MAP_TILE_ATTRIBUTION read and checked: null when MAP_TILE_URL is unset or blank; an Error naming
 * the variable when the template is not an https (or a localhost http) address with {z}, {x} and {y} and no other
 * placeholder, or the credit is longer than 200 characters.
 */
export function mapTilesFromEnv(env: NodeJS.ProcessEnv): MapTiles | null {
  const url = env.MAP_TILE_URL?.trim();
  if (!url) return null;
  const bad = (why: string) =>
    new Error(
      `MAP_TILE_URL must be a tile address such as https://tile.openstreetmap.org/{z}/{x}/{y}.png (${why}), not "${url}"`,
    );
  for (const part of ['{z}', '{x}', '{y}']) if (!url.includes(part)) throw bad(`${part} is missing`);
  const other = url.replace(/\{[zxy]\}/g, '').match(/\{[^}]*\}/);
  if (other) throw bad(`${other[0]} is not one of {z} {x} {y}`);
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/\{([zxy])\}/g, '0'));
  } catch {
    throw bad('not an address');
  }
  const local = parsed.protocol === 'http:' && LOCAL_HOSTS.has(parsed.hostname);
  if (parsed.protocol !== 'https:' && !local) throw bad('https, or http only for localhost');
  if (parsed.username || parsed.password) throw bad('no user or password in it');
  const attribution = env.MAP_TILE_ATTRIBUTION?.trim() || DEFAULT_TILE_ATTRIBUTION;
  if (attribution.length > ATTRIBUTION_MAX) {
    throw new Error(`MAP_TILE_ATTRIBUTION must be at most ${ATTRIBUTION_MAX} characters of plain text`);
  }
  return { url, attribution, origin: parsed.origin };
}
