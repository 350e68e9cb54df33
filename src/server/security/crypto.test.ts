import { argon2id, argon2Verify } from 'hash-wasm';
import { describe, expect, it, vi } from 'vitest';
import { ARGON2_PARAMS, argon2Implementation, hashPassword, verifyPassword } from './crypto';

describe('password hashes (argon2id)', () => {
  it('hash with the native binding on this platform (off the main thread)', async () => {
    expect(await argon2Implementation()).toBe('native');
  });

  it('write PHC strings with the OWASP parameters that verify, and refuse a wrong password', async () => {
    const encoded = await hashPassword('vivu123');
    expect(encoded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword('vivu123', encoded)).toBe(true);
    expect(await verifyPassword('vivu124', encoded)).toBe(false);
  });

  it('write what an independent argon2id implementation verifies', async () => {
    const encoded = await hashPassword('mật khẩu 123');
    expect(await argon2Verify({ password: 'mật khẩu 123', hash: encoded })).toBe(true);
    expect(await argon2Verify({ password: 'mat khau 123', hash: encoded })).toBe(false);
  });

  it('verify the hashes written before the native binding (hash-wasm PHC strings)', async () => {
    const salt = new Uint8Array(16).map((_, i) => i * 7);
    const stored = await argon2id({ password: 'vivu123', salt, ...ARGON2_PARAMS, outputType: 'encoded' });
    expect(await verifyPassword('vivu123', stored)).toBe(true);
    expect(await verifyPassword('vivu12', stored)).toBe(false);
  });

  it('fall back to WASM (ARGON2_IMPL=wasm, or no prebuilt binary) with hashes each side verifies', async () => {
    vi.stubEnv('ARGON2_IMPL', 'wasm');
    vi.resetModules();
    try {
      const wasm = await import('./crypto');
      expect(await wasm.argon2Implementation()).toBe('wasm');
      const fromWasm = await wasm.hashPassword('vivu123');
      expect(await verifyPassword('vivu123', fromWasm)).toBe(true);
      expect(await wasm.verifyPassword('vivu123', await hashPassword('vivu123'))).toBe(true);
      expect(await wasm.verifyPassword('vivu12', fromWasm)).toBe(false);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('refuse strings that are not argon2id PHC hashes', async () => {
    expect(await verifyPassword('vivu123', '')).toBe(false);
    expect(await verifyPassword('vivu123', '$argon2i$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAA')).toBe(false);
    expect(await verifyPassword('vivu123', '$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AA')).toBe(false);
  });
});
