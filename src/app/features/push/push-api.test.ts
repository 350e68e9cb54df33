import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, subscriptionInput } from './push-api';

describe('base64UrlToBytes', () => {
  it('decodes base64url without padding', () => {
    expect(Array.from(base64UrlToBytes('-_8'))).toEqual([0xfb, 0xff]);
    expect(Array.from(base64UrlToBytes('AQID'))).toEqual([1, 2, 3]);
  });

  it('decodes a 65-byte VAPID key', () => {
    const key = Buffer.from(Uint8Array.from({ length: 65 }, (_, index) => index)).toString('base64url');
    const bytes = base64UrlToBytes(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[64]).toBe(64);
  });
});

describe('subscriptionInput', () => {
  it('keeps the endpoint and keys only', () => {
    expect(
      subscriptionInput({ endpoint: 'https://push.example/abc', expirationTime: null, keys: { p256dh: 'BPk', auth: 'xyz' } }),
    ).toEqual({ endpoint: 'https://push.example/abc', keys: { p256dh: 'BPk', auth: 'xyz' } });
  });

  it('refuses a subscription without keys', () => {
    expect(subscriptionInput({ endpoint: 'https://push.example/abc' })).toBeNull();
    expect(subscriptionInput({ keys: { p256dh: 'a', auth: 'b' } })).toBeNull();
  });
});
