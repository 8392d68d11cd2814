import { parseIpRange, PRIVATE_IP_RANGES, type IpRange } from '@secscan/core';
import { describe, expect, it } from 'vitest';
import { clientAddress, forwardedClientAddress, socketAddress, type ProxyTrust } from './client-address.ts';

const ranges = (...cidrs: string[]): IpRange[] => cidrs.map((c) => parseIpRange(c) as IpRange);
/** One proxy at 10.0.0.2 (the default list: private addresses). */
const ONE: ProxyTrust = { hops: 1, proxies: PRIVATE_IP_RANGES };

describe('socketAddress', () => {
  it('reads each runtime adapter’s env', () => {
    expect(socketAddress({ incoming: { socket: { remoteAddress: '::ffff:127.0.0.1' } }, outgoing: {} })).toBe('::ffff:127.0.0.1');
    const raw = new Request('http://localhost/');
    const server = { requestIP: (r: Request) => (r === raw ? { address: '192.0.2.9', family: 'IPv4', port: 1 } : null) };
    expect(socketAddress({ raw, server })).toBe('192.0.2.9');
    expect(socketAddress({ clientAddress: '192.0.2.10', raw, server })).toBe('192.0.2.10');
    expect(socketAddress({ info: { remoteAddr: { transport: 'tcp', hostname: '2001:db8::7', port: 1 } } })).toBe('2001:db8::7');
  });

  it('tells an adapter without an address (null) from no adapter at all (undefined), and never throws', () => {
    for (const env of [{ incoming: { socket: {} } }, { clientAddress: null }, { raw: new Request('http://x/'), server: { requestIP: () => null } }, { info: { remoteAddr: {} } }]) {
      expect(socketAddress(env)).toBeNull();
    }
    for (const env of [undefined, null, 42, {}, { incoming: {} }]) expect(socketAddress(env)).toBeUndefined();
    const throwing = {
      raw: new Request('http://localhost/'),
      server: {
        requestIP: () => {
          throw new TypeError('proxy');
        },
      },
    };
    expect(socketAddress(throwing)).toBeNull();
  });
});

describe('forwardedClientAddress', () => {
  it('takes the entry that many hops from the right, through trusted proxies', () => {
    expect(forwardedClientAddress('203.0.113.7', '10.0.0.2', ONE)).toBe('203.0.113.7');
    expect(forwardedClientAddress('198.51.100.1, 203.0.113.7', '10.0.0.2', ONE)).toBe('203.0.113.7');
    expect(forwardedClientAddress('spoofed, 198.51.100.1, 10.1.1.1', '10.0.0.2', { hops: 2, proxies: PRIVATE_IP_RANGES })).toBe('198.51.100.1');
    expect(forwardedClientAddress('203.0.113.7:4711', '10.0.0.2', ONE)).toBe('203.0.113.7');
    expect(forwardedClientAddress('[2001:db8::1]:443', '10.0.0.2', ONE)).toBe('2001:db8:0:0:0:0:0:1');
    expect(forwardedClientAddress(' 2001:db8::1 ', '::1', ONE)).toBe('2001:db8:0:0:0:0:0:1');
  });

  it('believes no peer that is not a trusted proxy (issue #12: any peer’s header was believed)', () => {
    expect(forwardedClientAddress('198.51.100.1', '203.0.113.50', ONE)).toBe('203.0.113.50');
    expect(forwardedClientAddress('198.51.100.1', '10.0.0.2', { hops: 1, proxies: ranges('192.0.2.0/24') })).toBe('10.0.0.2');
    expect(forwardedClientAddress('198.51.100.1', '192.0.2.77', { hops: 1, proxies: ranges('192.0.2.0/24') })).toBe('198.51.100.1');
    // The second hop is believed only if the first entry is a proxy too.
    expect(forwardedClientAddress('spoofed-by-client, 198.51.100.1', '10.0.0.2', { hops: 2, proxies: PRIVATE_IP_RANGES })).toBe('198.51.100.1');
  });

  it('reads a long header from the right, without a length cut-off (issue #12)', () => {
    expect(forwardedClientAddress(`${'1.1.1.1,'.repeat(10_000)}2.2.2.2`, '10.0.0.2', ONE)).toBe('2.2.2.2');
  });

  it('falls back to the proxy that wrote an entry which is not an address, and to the leftmost entry of a short chain', () => {
    expect(forwardedClientAddress('unknown', '10.0.0.2', ONE)).toBe('10.0.0.2');
    expect(forwardedClientAddress('203.0.113.7, ', '10.0.0.2', ONE)).toBe('10.0.0.2');
    expect(forwardedClientAddress('10.9.9.9', '10.0.0.2', { hops: 3, proxies: PRIVATE_IP_RANGES })).toBe('10.9.9.9');
    expect(forwardedClientAddress(null, '10.0.0.2', ONE)).toBe('10.0.0.2');
    expect(forwardedClientAddress('203.0.113.7', '10.0.0.2', { hops: 0, proxies: PRIVATE_IP_RANGES })).toBe('10.0.0.2');
  });

  it('trusts the header without an adapter (an embedder’s own gateway), never with an adapter that lost the address', () => {
    expect(forwardedClientAddress('203.0.113.7', undefined, ONE)).toBe('203.0.113.7');
    expect(forwardedClientAddress('203.0.113.7', null, ONE)).toBeNull();
  });
});

describe('clientAddress', () => {
  const env = { info: { remoteAddr: { hostname: '10.0.0.2' } } };
  const withHeader = new Request('http://localhost/', { headers: { 'x-forwarded-for': '203.0.113.7' } });
  it('believes X-Forwarded-For only when told to trust proxies', () => {
    expect(clientAddress(withHeader, env, { hops: 0, proxies: PRIVATE_IP_RANGES })).toBe('10.0.0.2');
    expect(clientAddress(withHeader, env, ONE)).toBe('203.0.113.7');
    expect(clientAddress(new Request('http://localhost/'), env, ONE)).toBe('10.0.0.2');
    expect(clientAddress(new Request('http://localhost/', { headers: { 'x-forwarded-for': 'garbage' } }), env, ONE)).toBe('10.0.0.2');
    expect(clientAddress(withHeader, undefined, { hops: 0, proxies: [] })).toBeUndefined();
    expect(clientAddress(new Request('http://localhost/'), undefined, ONE)).toBeUndefined();
  });
});
