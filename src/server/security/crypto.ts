// The account secrets: argon2id password hashes (OWASP minimum: 19 MiB, 2 passes, 1 lane) as PHC strings, bearer
// tokens and reset tickets (32 random bytes, stored as sha256), OTP codes (crypto.randomInt, stored as an HMAC).
import { argon2id } from 'hash-wasm';
import { availableParallelism } from 'node:os';
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '../../shared/contract/accounts';
import { ServerBusy } from '../http/busy';

/** OWASP password storage cheat sheet, argon2id minimum. */
export const ARGON2_PARAMS = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

interface Argon2Input {
  password: string;
  salt: Buffer;
  memorySize: number;
  iterations: number;
  parallelism: number;
  hashLength: number;
}

/** The raw argon2id hash of `input`. */
type RawArgon2 = (input: Argon2Input) => Promise<Buffer>;

/** hash-wasm: WebAssembly on the calling thread; the fallback where the native binding has no prebuilt binary. */
const wasmArgon2: RawArgon2 = async (input) => Buffer.from(await argon2id({ ...input, outputType: 'binary' }));

/**
 * The native binding (`argon2`, prebuilt binaries from the registry) hashes on libuv's thread pool, off the
 * main thread, about twice as fast as the WASM build; both give the same bytes for the same input.
 */
async function loadNativeArgon2(): Promise<RawArgon2 | null> {
  if (process.env.ARGON2_IMPL === 'wasm') return null;
  try {
    const native = await import('argon2');
    return async (input) =>
      native.hash(input.password, {
        type: native.argon2id,
        raw: true,
        salt: input.salt,
        memoryCost: input.memorySize,
        timeCost: input.iterations,
        parallelism: input.parallelism,
        hashLength: input.hashLength,
      });
  } catch {
    return null;
  }
}

let implementation: Promise<RawArgon2> | undefined;
/** The argon2id in use: native where it loads, else WASM (ARGON2_IMPL=wasm forces WASM). */
export const argon2Implementation = async (): Promise<'native' | 'wasm'> =>
  (await rawArgon2()) === wasmArgon2 ? 'wasm' : 'native';
const rawArgon2 = (): Promise<RawArgon2> => (implementation ??= loadNativeArgon2().then((native) => native ?? wasmArgon2));

/**
 * The hash queue: every argon2 hash of the server (logins, sign-up, password change, the dummy hash) goes through it.
 * At most HASH_CONCURRENCY hash at once: by default one core fewer than the machine has, and never more than 2, so
 * that libuv's pool of 4 threads always has threads free for zlib, the file system and DNS, and the event loop a core
 * of its own (a burst of logins otherwise held /api/health for seconds). At most HASH_QUEUE (16) wait, a few seconds
 * of hashing at the measured rate (docs/decisions.md); past that a hash is refused with ServerBusy (503 and
 * Retry-After) instead of queueing without end.
 */
const envCount = (name: string, fallback: number, least: number): number => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value >= least ? value : fallback;
};
let queue: { inFlight: number; waiting: number } | undefined;
const queueLimits = () =>
  (queue ??= {
    inFlight: envCount('HASH_CONCURRENCY', Math.max(1, Math.min(2, availableParallelism() - 1)), 1),
    waiting: envCount('HASH_QUEUE', 16, 0),
  });
let hashing = 0;
const waiters: (() => void)[] = [];
/** The mean time of a hash (ms), for Retry-After: a moving average starting at this machine's measured 220 ms. */
let meanHashMs = 220;

async function queued<T>(work: () => Promise<T>): Promise<T> {
  const limits = queueLimits();
  if (hashing >= limits.inFlight) {
    if (waiters.length >= limits.waiting) {
      const drainMs = (meanHashMs * (waiters.length + hashing)) / limits.inFlight;
      throw new ServerBusy(Math.max(1, Math.ceil(drainMs / 1000)), 'password hash queue full');
    }
    // The slot is handed over by the hash that ends (the count stays), so a newcomer never jumps the queue.
    await new Promise<void>((resolve) => waiters.push(resolve));
  } else hashing += 1;
  const started = performance.now();
  try {
    return await work();
  } finally {
    meanHashMs = meanHashMs * 0.9 + (performance.now() - started) * 0.1;
    const next = waiters.shift();
    if (next) next();
    else hashing -= 1;
  }
}

const b64 = (bytes: Buffer): string => bytes.toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { memorySize: m, iterations: t, parallelism: p } = ARGON2_PARAMS;
  const argon2 = await rawArgon2();
  const hash = await queued(() => argon2({ password, salt, ...ARGON2_PARAMS }));
  return `$argon2id$v=19$m=${m},t=${t},p=${p}$${b64(salt)}$${b64(hash)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Recomputes the hash with the stored parameters and compares in constant time. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const match = PHC.exec(encoded);
  if (!match) return false;
  const [, memory, passes, lanes, salt, hash] = match;
  const expected = Buffer.from(hash ?? '', 'base64');
  if (expected.length < 4) return false;
  const argon2 = await rawArgon2();
  const actual = await queued(() =>
    argon2({
      password,
      salt: Buffer.from(salt ?? '', 'base64'),
      memorySize: Number(memory),
      iterations: Number(passes),
      parallelism: Number(lanes),
      hashLength: expected.length,
    }),
  );
  return timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;
/**
 * A hash to check a password against when the name is unknown (the same work as a known one), made once; a
 * refused attempt (the queue full) is not kept, so the next login makes it.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(newSecretToken()).catch((error: unknown) => {
    dummy = undefined;
    throw error;
  });
  return dummy;
}

/** A bearer token or reset ticket: 32 random bytes, base64url. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** spec 9: 4 digits, each code equally likely. */
export const newOtpCode = (): string => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

/** The stored form of a code: an HMAC keyed with the server's secret, bound to the phone and the purpose. */
export const otpHash = (secret: string, purpose: string, phone: string, code: string): string =>
  createHmac('sha256', secret).update(`${purpose}:${phone}:${code}`).digest('hex');

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A referral code: 8 characters without look-alikes (0/O, 1/I). */
export function newReferralCode(): string {
  return Array.from({ length: 8 }, () => REFERRAL_ALPHABET[randomInt(0, REFERRAL_ALPHABET.length)]).join('');
}
