import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustProxy, plainAddress } from './client-ip';

describe('clientAddress (TRUST_PROXY)', () => {
  it('ignores X-Forwarded-For when no proxy is trusted (the default)', () => {
    for (const setting of [undefined, '', '0', 'false', ' FALSE ']) {
      expect(clientAddress(parseTrustProxy(setting), '198.51.100.7', '1.2.3.4, 5.6.7.8')).toBe('198.51.100.7');
    }
  });

  it('takes the entry the nearest N proxies appended, whatever the client wrote before it', () => {
    const one = parseTrustProxy('1');
    expect(clientAddress(one, '10.0.0.2', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddress(one, '10.0.0.2', '203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddress(one, '10.0.0.2', undefined)).toBe('10.0.0.2');
    const two = parseTrustProxy('2');
    expect(clientAddress(two, '10.0.0.2', '6.6.6.6, 203.0.113.9, 10.0.0.1')).toBe('203.0.113.9');
    // Fewer entries than proxies: the leftmost is as far as the header goes.
    expect(clientAddress(two, '10.0.0.2', '203.0.113.9')).toBe('203.0.113.9');
  });

  it('walks a list of trusted addresses and subnets from the socket leftwards', () => {
    const trust = parseTrustProxy('loopback, 10.0.0.0/8, 2001:db8::1');
    expect(clientAddress(trust, '127.0.0.1', '6.6.6.6, 203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
    expect(clientAddress(trust, '::ffff:10.0.0.5', '203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddress(trust, '2001:db8::1', '203.0.113.9')).toBe('203.0.113.9');
    // A socket that is not a trusted proxy is the client, whatever it claims.
    expect(clientAddress(trust, '198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
    // Every hop trusted: the leftmost entry.
    expect(clientAddress(trust, '127.0.0.1', '10.0.0.9, 10.0.0.8')).toBe('10.0.0.9');
    expect(clientAddress(parseTrustProxy('private'), '192.168.1.1', '203.0.113.9')).toBe('203.0.113.9');
  });

  it('refuses a setting it cannot read, so a typo does not silently trust or distrust', () => {
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/prefix/);
    expect(() => parseTrustProxy('my-proxy')).toThrow(/not an address/);
  });

  it('reads an IPv4 peer of a dual-stack socket as IPv4', () => {
    expect(plainAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(plainAddress(' 2001:db8::1 ')).toBe('2001:db8::1');
  });
});
