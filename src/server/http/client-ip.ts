// The client's address for every per-address limit and record. By default it is the socket's peer and
// X-Forwarded-For is ignored: anyone can write that header. TRUST_PROXY names the proxies in front of the server,
// as a number of hops or a list of addresses and subnets; only then is the header read, from the right, past them.
import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';

export type ClientIp = (c: Context) => string;

type Trust = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'list'; list: BlockList };

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is 10.0.0.1. */
export function plainAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  private: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/**
 * TRUST_PROXY: unset, '', '0' or 'false': nobody (the socket's address). A whole number N: the N proxies nearest
 * the server append to X-Forwarded-For, so the client is the Nth entry from the right. Otherwise a comma-separated
 * list of addresses, subnets (10.0.0.0/8) and the names `loopback` and `private`: entries are read from the right
 * while the hop that wrote them is one of these. Anything else stops the server at start-up.
 */
export function parseTrustProxy(value: string | undefined): Trust {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return { kind: 'none' };
  if (/^\d+$/.test(text)) return { kind: 'hops', hops: Number(text) };
  const list = new BlockList();
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (!item) continue;
    const named = NAMED_RANGES[item.toLowerCase()];
    if (named) {
      for (const [net, prefix, type] of named) list.addSubnet(net, prefix, type);
      continue;
    }
    const [address = '', prefixText] = item.split('/');
    const type = isIP(address);
    if (type === 0) throw new Error(`TRUST_PROXY: "${item}" is not an address, a subnet, "loopback" or "private"`);
    const family = type === 4 ? 'ipv4' : 'ipv6';
    if (prefixText === undefined) list.addAddress(address, family);
    else {
      const prefix = Number(prefixText);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (type === 4 ? 32 : 128))
        throw new Error(`TRUST_PROXY: "${item}" has no valid prefix length`);
      list.addSubnet(address, prefix, family);
    }
  }
  return { kind: 'list', list };
}

function trusted(list: BlockList, address: string): boolean {
  const type = isIP(address);
  return type !== 0 && list.check(address, type === 4 ? 'ipv4' : 'ipv6');
}

/** The socket's peer address of a request served by @hono/node-server ('' in app.request without one). */
export function socketAddress(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return plainAddress(incoming?.socket?.remoteAddress ?? '');
}

/** The client address of a request under a TRUST_PROXY setting. */
export function clientAddress(trust: Trust, socket: string, forwardedFor: string | undefined): string {
  if (trust.kind === 'none' || !forwardedFor) return socket;
  const hops = forwardedFor
    .split(',')
    .map((entry) => plainAddress(entry))
    .filter((entry) => entry !== '');
  if (hops.length === 0) return socket;
  if (trust.kind === 'hops') {
    // Fewer entries than trusted proxies: the leftmost is as far as the header goes.
    return hops[Math.max(0, hops.length - trust.hops)] ?? socket;
  }
  // Walk from the socket leftwards while the hop that handed us the request is a trusted proxy.
  if (!trusted(trust.list, socket)) return socket;
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = hops[index] ?? '';
    if (index === 0 || !trusted(trust.list, hop)) return hop;
  }
  return socket;
}

export function createClientIp(trustProxy: string | undefined): ClientIp {
  const trust = parseTrustProxy(trustProxy);
  return (c) => clientAddress(trust, socketAddress(c), c.req.header('x-forwarded-for'));
}
