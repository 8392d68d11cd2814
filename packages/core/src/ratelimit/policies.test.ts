import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, rateLimitSubject, windowsFor } from './policies.ts';

const settings = { anonymousPerMinute: 2, anonymousPerHour: 20, sessionPerMinute: 30, freePerMinute: 40, proPerMinute: 50 };

describe('rate-limit policies (DESIGN §4)', () => {
  it('has the documented defaults', () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({ anonymousPerMinute: 10, anonymousPerHour: 100, sessionPerMinute: 100, freePerMinute: 100, proPerMinute: 1000 });
  });

  it('gives each caller its windows, from the settings', () => {
    expect(windowsFor({ kind: 'anonymous', client: 'ip4:192.0.2.1' }, settings)).toEqual([
      { name: 'anon-minute', limit: 2, windowSeconds: 60 },
      { name: 'anon-hour', limit: 20, windowSeconds: 3600 },
    ]);
    expect(windowsFor({ kind: 'session', sessionId: 's', subject: 'u' }, settings)).toEqual([{ name: 'session-minute', limit: 30, windowSeconds: 60 }]);
    expect(windowsFor({ kind: 'apiKey', keyId: 'k', plan: 'free' }, settings)).toEqual([{ name: 'free-minute', limit: 40, windowSeconds: 60 }]);
    expect(windowsFor({ kind: 'apiKey', keyId: 'k', plan: 'pro' }, settings)).toEqual([{ name: 'pro-minute', limit: 50, windowSeconds: 60 }]);
    expect(windowsFor({ kind: 'apiKey', keyId: 'k', plan: 'enterprise', requestsPerMinute: 7 }, settings)).toEqual([{ name: 'enterprise-minute', limit: 7, windowSeconds: 60 }]);
  });

  it('counts keys per key, sessions per subject, anonymous callers per address group', () => {
    expect(rateLimitSubject({ kind: 'apiKey', keyId: 'k1', plan: 'free' })).toBe('key:k1');
    expect(rateLimitSubject({ kind: 'session', sessionId: 's1', subject: 'alice' })).toBe('session:alice');
    expect(rateLimitSubject({ kind: 'session', sessionId: 's2', subject: 'alice' })).toBe('session:alice');
    expect(rateLimitSubject({ kind: 'anonymous', client: 'ip4:192.0.2.1' })).toBe('anon:ip4:192.0.2.1');
  });
});
