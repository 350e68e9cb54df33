// Constant-time comparison of signatures, so that a forger learns nothing from how long a refusal takes.
import { timingSafeEqual } from 'node:crypto';

/** Compares two hex digests in constant time; a different length or a non-hex string is simply unequal. */
export function safeEqualHex(expected: string, received: string): boolean {
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(received.toLowerCase(), 'utf8');
  if (a.length !== b.length) return false;
  return timingSafeEqual(a, b);
}
