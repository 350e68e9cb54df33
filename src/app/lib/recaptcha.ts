// The browser half of spec 7's recaptcha: while a site key is configured, the calls that create a ticket
// or an account carry a reCAPTCHA v3 token for their action. The script loads only then, at the first such call
// (never with the page); its readiness is polled every 1000 ms (spec 7). Without a key nothing loads and nothing is
// sent; when the script cannot load in time the call goes without a token and the server's answer says why.
import { RECAPTCHA_HEADER, RECAPTCHA_POLL_MS } from '../../shared/contract/recaptcha';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

/** How long a call waits for the script before it goes without a token. */
export const RECAPTCHA_WAIT_MS = 10_000;
export const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js';

/** Where the live site key comes from (main.tsx: the site keys of get_key_values); '' = not configured. */
let siteKeySource: () => Promise<string> = () => Promise.resolve('');

export function setRecaptchaSiteKeySource(source: () => Promise<string>): void {
  siteKeySource = source;
}

export interface RecaptchaHost {
  window: Pick<Window, 'grecaptcha'>;
  document: Pick<Document, 'querySelector' | 'createElement' | 'head'>;
}

function addScript(host: RecaptchaHost, siteKey: string): void {
  if (host.document.querySelector('script[data-recaptcha]')) return;
  const script = host.document.createElement('script');
  script.src = `${RECAPTCHA_SCRIPT}?render=${encodeURIComponent(siteKey)}`;
  script.async = true;
  script.dataset.recaptcha = '';
  host.document.head.append(script);
}

/** The script's API once it is ready (polled every RECAPTCHA_POLL_MS), or null after `waitMs`. */
function ready(host: RecaptchaHost, waitMs: number): Promise<Grecaptcha | null> {
  return new Promise((resolve) => {
    let waited = 0;
    const look = () => {
      const api = host.window.grecaptcha;
      if (api && typeof api.execute === 'function') {
        api.ready(() => resolve(api));
        return;
      }
      if (waited >= waitMs) {
        resolve(null);
        return;
      }
      waited += RECAPTCHA_POLL_MS;
      setTimeout(look, RECAPTCHA_POLL_MS);
    };
    look();
  });
}

/** A token for `action`, or null (no site key, the script did not load, or it failed). */
export async function recaptchaToken(
  siteKey: string,
  action: string,
  host?: RecaptchaHost,
  waitMs = RECAPTCHA_WAIT_MS,
): Promise<string | null> {
  if (!siteKey) return null;
  const page = host ?? { window, document };
  addScript(page, siteKey);
  const api = await ready(page, waitMs);
  if (!api) return null;
  try {
    return await api.execute(siteKey, { action });
  } catch {
    return null;
  }
}

/** The header to send with a call of `action`: the token, or nothing. */
export async function recaptchaHeaders(action: string): Promise<Record<string, string>> {
  const siteKey = await siteKeySource().catch(() => '');
  const token = await recaptchaToken(siteKey, action);
  return token ? { [RECAPTCHA_HEADER]: token } : {};
}
