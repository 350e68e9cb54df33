// Security headers on every response. The CSP allows scripts from this origin only, plus the tag manager's
// and the maps host when (and only when) they are configured; nothing inline, no plugins, no framing.
import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

export interface ThirdParties {
  tagManager: boolean;
  maps: boolean;
}

const TAG_MANAGER = ['https://www.googletagmanager.com'];
const TAG_MANAGER_CONNECT = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];
const MAPS = ['https://maps.googleapis.com'];
const MAPS_CONNECT = ['https://maps.googleapis.com', 'https://places.googleapis.com'];

export function buildCsp(third: ThirdParties): string {
  const script = ["'self'", ...(third.tagManager ? TAG_MANAGER : []), ...(third.maps ? MAPS : [])];
  const connect = ["'self'", ...(third.tagManager ? TAG_MANAGER_CONNECT : []), ...(third.maps ? MAPS_CONNECT : [])];
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    "style-src 'self'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${third.tagManager ? TAG_MANAGER.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ].join('; ');
}

export function securityHeaders(thirdParties: (c: Context) => Promise<ThirdParties>): MiddlewareHandler {
  const base = secureHeaders({
    contentSecurityPolicy: undefined,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: ['self'],
      payment: ['self'],
      usb: [],
    },
  });
  const cache = new Map<string, string>();
  return async (c, next) => {
    const third = await thirdParties(c);
    const cacheKey = `${third.tagManager}:${third.maps}`;
    let csp = cache.get(cacheKey);
    if (!csp) {
      csp = buildCsp(third);
      cache.set(cacheKey, csp);
    }
    await base(c, async () => {
      await next();
    });
    c.header('Content-Security-Policy', csp);
  };
}
