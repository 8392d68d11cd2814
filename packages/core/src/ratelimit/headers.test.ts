import { describe, expect, it } from 'vitest';
import { formatRateLimit, formatRateLimitPolicy, rateLimitHeaders } from './headers.ts';

const windows = [
  { name: 'anon-minute', limit: 10, windowSeconds: 60, remaining: 3, resetSeconds: 42 },
  { name: 'anon-hour', limit: 100, windowSeconds: 3600, remaining: 57, resetSeconds: 1800 },
];

describe('RateLimit headers (draft-ietf-httpapi-ratelimit-headers-11)', () => {
  it('formats the policy and the current limits as structured-field lists', () => {
    expect(formatRateLimitPolicy(windows)).toBe('"anon-minute";q=10;w=60, "anon-hour";q=100;w=3600');
    expect(formatRateLimit({ allowed: true, windows })).toBe('"anon-minute";r=3;t=42, "anon-hour";r=57;t=1800');
  });

  it('adds Retry-After only to a refusal, naming the same moment as the violated policy’s t', () => {
    expect(rateLimitHeaders({ allowed: true, windows })).toEqual({
      'ratelimit-policy': '"anon-minute";q=10;w=60, "anon-hour";q=100;w=3600',
      ratelimit: '"anon-minute";r=3;t=42, "anon-hour";r=57;t=1800',
    });
    const refused = { allowed: false, windows: [{ ...windows[0]!, remaining: 0 }, windows[1]!] };
    expect(rateLimitHeaders(refused)['retry-after']).toBe('42');
  });

  it('escapes what an sf-string must escape and drops what it cannot hold', () => {
    expect(formatRateLimitPolicy([{ name: 'a"b\\c\né', limit: 1, windowSeconds: 1 }])).toBe('"a\\"b\\\\c";q=1;w=1');
  });
});
