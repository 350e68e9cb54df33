// Security headers on every response. The CSP allows scripts from this origin only, plus the tag manager's,
// the maps host and recaptcha's when (and only when) they are configured; nothing inline, no plugins, no framing.
import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

export interface ThirdParties {
  tagManager: boolean;
  maps: boolean;
  recaptcha?: boolean;
}

const TAG_MANAGER = ['https://www.googletagmanager.com'];
const TAG_MANAGER_CONNECT = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];
const MAPS = ['https://maps.googleapis.com'];
/** reCAPTCHA v3: its script from www.google.com (which loads more from www.gstatic.com) and its hidden frame. */
const RECAPTCHA = ['https://www.google.com', 'https://www.gstatic.com'];
const RECAPTCHA_FRAME = ['https://www.google.com'];
const MAPS_CONNECT = ['https://maps.googleapis.com', 'https://places.googleapis.com'];

export function buildCsp(third: ThirdParties): string {
  const script = [
    "'self'",
    ...(third.tagManager ? TAG_MANAGER : []),
    ...(third.maps ? MAPS : []),
    ...(third.recaptcha ? RECAPTCHA : []),
  ];
  const connect = [
    "'self'",
    ...(third.tagManager ? TAG_MANAGER_CONNECT : []),
    ...(third.maps ? MAPS_CONNECT : []),
    ...(third.recaptcha ? RECAPTCHA : []),
  ];
  const frames = [...(third.tagManager ? TAG_MANAGER : []), ...(third.recaptcha ? RECAPTCHA_FRAME : [])];
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    "style-src 'self'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${frames.length ? frames.join(' ') : "'none'"}`,
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
    const cacheKey = `${third.tagManager}:${third.maps}:${Boolean(third.recaptcha)}`;
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
