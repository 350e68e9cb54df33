// Google reCAPTCHA v3 verification (POST secret, response, remoteip to siteverify; the answer has success, score,
// action). RECAPTCHA_VERIFY_URL points it elsewhere (an enterprise proxy, or a local endpoint in tests).
import type { RecaptchaVerdict, RecaptchaVerifier } from './types';

export const GOOGLE_SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** Google's suggested threshold: 1.0 is very likely a person, 0.0 very likely a bot. */
export const RECAPTCHA_MIN_SCORE = 0.5;
const TIMEOUT_MS = 3000;

interface SiteverifyAnswer {
  success?: unknown;
  score?: unknown;
  action?: unknown;
  'error-codes'?: unknown;
}

export interface GoogleRecaptchaOptions {
  secret: string;
  url?: string;
  minScore?: number;
  timeoutMs?: number;
}

export function googleRecaptcha({
  secret,
  url = GOOGLE_SITEVERIFY_URL,
  minScore = RECAPTCHA_MIN_SCORE,
  timeoutMs = TIMEOUT_MS,
}: GoogleRecaptchaOptions): RecaptchaVerifier {
  return {
    async verify(token, action, ip): Promise<RecaptchaVerdict> {
      if (!token) return { ok: false, reason: 'missing' };
      let answer: SiteverifyAnswer;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret, response: token, remoteip: ip }).toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) return { ok: false, reason: 'unavailable', error: `siteverify answered ${res.status}` };
        answer = (await res.json()) as SiteverifyAnswer;
      } catch (error) {
        return { ok: false, reason: 'unavailable', error: String(error) };
      }
      const score = typeof answer.score === 'number' ? answer.score : null;
      if (answer.success !== true) return { ok: false, reason: 'invalid', score };
      if (typeof answer.action === 'string' && answer.action !== action) return { ok: false, reason: 'action', score };
      if (score !== null && score < minScore) return { ok: false, reason: 'score', score };
      return { ok: true, score };
    },
  };
}

/** RECAPTCHA_SECRET (and optionally RECAPTCHA_VERIFY_URL, RECAPTCHA_MIN_SCORE) turn verification on; else null. */
export function recaptchaFromEnv(env: NodeJS.ProcessEnv): RecaptchaVerifier | null {
  const secret = env.RECAPTCHA_SECRET?.trim();
  if (!secret) return null;
  const minScore = env.RECAPTCHA_MIN_SCORE?.trim() ? Number(env.RECAPTCHA_MIN_SCORE) : Number.NaN;
  return googleRecaptcha({
    secret,
    url: env.RECAPTCHA_VERIFY_URL?.trim() || undefined,
    minScore: minScore >= 0 && minScore <= 1 ? minScore : undefined,
  });
}
