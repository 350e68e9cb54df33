// OSRM's route service (GET {url}/route/v1/driving/lng,lat;lng,lat?overview=false). Any failure (network,
// time-out, a non-Ok answer) falls back to the great-circle estimate so that a price list is always served.
import { createGreatCircleRouter, greatCircleDistance } from './great-circle';
import type { LatLng, Router } from './types';

export interface OsrmOptions {
  url: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  onError?: (error: unknown) => void;
}

interface OsrmRouteResponse {
  code?: string;
  routes?: { distance?: number }[];
}

export const OSRM_TIMEOUT_MS = 1500;

export function osrmRouteUrl(base: string, points: readonly LatLng[]): string {
  const coordinates = points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';');
  return `${base.replace(/\/+$/, '')}/route/v1/driving/${coordinates}?overview=false`;
}

export function createOsrmRouter({ url, timeoutMs = OSRM_TIMEOUT_MS, fetch: doFetch = fetch, onError }: OsrmOptions): Router {
  return {
    async distance(points) {
      try {
        const res = await doFetch(osrmRouteUrl(url, points), { signal: AbortSignal.timeout(timeoutMs) });
        if (!res.ok) throw new Error(`OSRM answered ${res.status}`);
        const body = (await res.json()) as OsrmRouteResponse;
        const metres = body.routes?.[0]?.distance;
        if (body.code !== 'Ok' || typeof metres !== 'number' || !Number.isFinite(metres) || metres < 0)
          throw new Error(`OSRM answered ${body.code ?? 'no code'}`);
        return { km: metres / 1000, source: 'osrm' };
      } catch (error) {
        onError?.(error);
        return greatCircleDistance(points);
      }
    },
  };
}

/** OSRM when OSRM_URL is set, else the great-circle estimate. */
export function routerFromEnv(env: Record<string, string | undefined>, onError?: (error: unknown) => void): Router {
  const url = env.OSRM_URL?.trim();
  return url ? createOsrmRouter({ url, onError }) : createGreatCircleRouter();
}
