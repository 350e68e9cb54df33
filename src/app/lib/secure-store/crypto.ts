// WebCrypto for the local store (spec 3: "stored encrypted with a key derived from the entry name"). One master
// HKDF key, made on first start and never extractable; each entry's AES-GCM key is derived from it with the entry
// name as HKDF info, and the record id is the AES-GCM additional data, so a ciphertext moved to another id fails.

const APP_SALT = new TextEncoder().encode('vivu-local-store-v1');
const IV_BYTES = 12;

export interface Sealed {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

export function cryptoAvailable(): boolean {
  return typeof crypto !== 'undefined' && typeof crypto.subtle?.importKey === 'function';
}

/** 32 random bytes imported as a non-extractable HKDF key: the bytes are never seen again. */
export function createMasterKey(): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', crypto.getRandomValues(new Uint8Array(32)), 'HKDF', false, ['deriveKey']);
}

const derived = new WeakMap<CryptoKey, Map<string, Promise<CryptoKey>>>();

/** The entry's own AES-GCM 256 key (non-extractable), cached per master key and entry name. */
export function entryKey(master: CryptoKey, name: string): Promise<CryptoKey> {
  let cache = derived.get(master);
  if (!cache) {
    cache = new Map();
    derived.set(master, cache);
  }
  let key = cache.get(name);
  if (!key) {
    key = crypto.subtle.deriveKey(
      { name: 'HKDF', hash: 'SHA-256', salt: APP_SALT, info: new TextEncoder().encode(name) },
      master,
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt', 'decrypt'],
    );
    cache.set(name, key);
  }
  return key;
}

export async function seal(master: CryptoKey, id: string, plaintext: string): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(id) },
    await entryKey(master, id),
    new TextEncoder().encode(plaintext),
  );
  return { iv, data };
}

/** The plaintext, or null when the record does not open (tampered, moved to another id, another master key). */
export async function open(
  master: CryptoKey,
  id: string,
  sealed: { iv: BufferSource; data: BufferSource },
): Promise<string | null> {
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: sealed.iv, additionalData: new TextEncoder().encode(id) },
      await entryKey(master, id),
      sealed.data,
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
