// TOTP second factor (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps), as every authenticator app computes it,
// through the otpauth package (the one place that imports it). A code is checked against the step before, the step
// of and the step after the server's time (a phone's clock a little off still signs in); the caller records the
// step it matched, so the same code is not accepted twice.
import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS } from '../../shared/contract/desk';

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommended length), as base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** The otpauth:// address an authenticator app reads from the QR code. */
export const totpUri = (secret: string, email: string): string => totpOf(secret, email).toString();

/** The time-step of `at`. */
export const totpStep = (at: Date): number => TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: at.getTime() });

/** The time-step whose code `code` is (the step before, at or after `at`), else null. */
export function totpMatch(secret: string, code: string, at: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: 1 });
  return delta === null ? null : totpStep(at) + delta;
}

/** The code of `at` (the tests' authenticator, and the seedless browser test's). */
export const totpCode = (secret: string, at: Date): string => totpOf(secret).generate({ timestamp: at.getTime() });
