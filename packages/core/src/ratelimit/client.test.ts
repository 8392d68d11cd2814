import { describe, expect, it } from 'vitest';
import { canonicalIpAddress, clientGroup, parseIpAddress } from './client.ts';

describe('parseIpAddress', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['0.0.0.0', '0.0.0.0'],
    ['::', '0:0:0:0:0:0:0:0'],
    ['::1', '0:0:0:0:0:0:0:1'],
    ['2001:db8::1', '2001:db8:0:0:0:0:0:1'],
    ['2001:DB8:0:0:8:800:200C:417A', '2001:db8:0:0:8:800:200c:417a'],
    ['fe80::1%eth0', 'fe80:0:0:0:0:0:0:1'],
    ['::ffff:192.0.2.1', '0:0:0:0:0:ffff:c000:201'],
    ['1:2:3:4:5:6:7::', '1:2:3:4:5:6:7:0'],
    ['1:2:3:4:5:6:1.2.3.4', '1:2:3:4:5:6:102:304'],
  ])('reads %s', (text, canonical) => {
    expect(canonicalIpAddress(text)).toBe(canonical);
  });

  it.each([
    '',
    '1.2.3',
    '1.2.3.4.5',
    '256.1.1.1',
    '01.2.3.4',
    '1..2.3',
    'a.b.c.d',
    ':',
    ':::',
    '1:2',
    '1::2::3',
    '12345::',
    'g::1',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7:8::',
    '::1:',
    '1.2.3.4::',
    'x'.repeat(200),
    ' 1.2.3.4',
  ])('refuses %j', (text) => {
    expect(parseIpAddress(text)).toBeNull();
  });

  it('takes linear time on hostile input', () => {
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) parseIpAddress(`${'1:'.repeat(49)}x`);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('clientGroup', () => {
  it('keeps an IPv4 address whole, mapped or not', () => {
    expect(clientGroup('203.0.113.7')).toBe('ip4:203.0.113.7');
    expect(clientGroup('::ffff:203.0.113.7')).toBe('ip4:203.0.113.7');
    expect(clientGroup('::FFFF:cb00:7107')).toBe('ip4:203.0.113.7');
  });

  it('groups IPv6 addresses by their /56', () => {
    expect(clientGroup('2001:db8:aa:bb12::1')).toBe('ip6:2001:db8:aa:bb00::/56');
    expect(clientGroup('2001:db8:aa:bbff:ffff:ffff:ffff:ffff')).toBe('ip6:2001:db8:aa:bb00::/56');
    expect(clientGroup('2001:db8:aa:bc00::1')).toBe('ip6:2001:db8:aa:bc00::/56');
    expect(clientGroup('::1')).toBe('ip6:0:0:0:0::/56');
  });

  it('puts callers without a usable address in one group', () => {
    expect(clientGroup(null)).toBe('unknown');
    expect(clientGroup('not an address')).toBe('unknown');
  });
});
