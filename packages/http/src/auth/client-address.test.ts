import { describe, expect, it } from 'vitest';
import { clientAddress, forwardedClientAddress, socketAddress } from './client-address.ts';

describe('socketAddress', () => {
  it('reads each runtime adapter’s env', () => {
    expect(socketAddress({ incoming: { socket: { remoteAddress: '::ffff:127.0.0.1' } }, outgoing: {} })).toBe('::ffff:127.0.0.1');
    const raw = new Request('http://localhost/');
    const server = { requestIP: (r: Request) => (r === raw ? { address: '192.0.2.9', family: 'IPv4', port: 1 } : null) };
    expect(socketAddress({ raw, server })).toBe('192.0.2.9');
    expect(socketAddress({ info: { remoteAddr: { transport: 'tcp', hostname: '2001:db8::7', port: 1 } } })).toBe('2001:db8::7');
  });

  it('gives null for anything else, and never throws', () => {
    for (const env of [undefined, null, 42, {}, { incoming: {} }, { raw: {}, server: { requestIP: () => ({}) } }, { info: { remoteAddr: {} } }]) expect(socketAddress(env)).toBeNull();
    const throwing = { raw: new Request('http://localhost/'), server: { requestIP: () => { throw new TypeError('proxy'); } } };
    expect(socketAddress(throwing)).toBeNull();
  });
});

describe('forwardedClientAddress', () => {
  it('takes the entry that many hops from the right', () => {
    expect(forwardedClientAddress('203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClientAddress('198.51.100.1, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClientAddress('spoofed, 198.51.100.1, 203.0.113.7', 2)).toBe('198.51.100.1');
    expect(forwardedClientAddress('203.0.113.7:4711', 1)).toBe('203.0.113.7');
    expect(forwardedClientAddress('[2001:db8::1]:443', 1)).toBe('2001:db8:0:0:0:0:0:1');
    expect(forwardedClientAddress(' 2001:db8::1 ', 1)).toBe('2001:db8:0:0:0:0:0:1');
  });

  it('ignores a header that is short, invalid or absent', () => {
    expect(forwardedClientAddress('203.0.113.7', 2)).toBeNull();
    expect(forwardedClientAddress('unknown', 1)).toBeNull();
    expect(forwardedClientAddress('203.0.113.7, ', 1)).toBeNull();
    expect(forwardedClientAddress(null, 1)).toBeNull();
    expect(forwardedClientAddress('203.0.113.7', 0)).toBeNull();
    expect(forwardedClientAddress(`${'1.1.1.1,'.repeat(1000)}2.2.2.2`, 1)).toBeNull();
  });
});

describe('clientAddress', () => {
  const env = { info: { remoteAddr: { hostname: '10.0.0.2' } } };
  const withHeader = new Request('http://localhost/', { headers: { 'x-forwarded-for': '203.0.113.7' } });
  it('believes X-Forwarded-For only when told to trust proxies', () => {
    expect(clientAddress(withHeader, env, 0)).toBe('10.0.0.2');
    expect(clientAddress(withHeader, env, 1)).toBe('203.0.113.7');
    expect(clientAddress(new Request('http://localhost/'), env, 1)).toBe('10.0.0.2');
    expect(clientAddress(new Request('http://localhost/', { headers: { 'x-forwarded-for': 'garbage' } }), env, 1)).toBe('10.0.0.2');
  });
});
