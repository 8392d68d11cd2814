import { describe, expect, it } from 'vitest';
import { parseAuthorization, readCookie, readCredentials } from './credentials.ts';

const KEY = 'sk_live_3kTMd1Jf0qJ8ZrTq7YwW5nS4d9bQ0eLxV2hGc6uKpA13QqaRQ';

describe('parseAuthorization', () => {
  it('reads a Bearer token, the scheme in any case (RFC 9110 §11.1)', () => {
    expect(parseAuthorization(`Bearer ${KEY}`)).toEqual({ kind: 'bearer', token: KEY, via: 'header' });
    expect(parseAuthorization(`bearer   ${KEY}  `)).toEqual({ kind: 'bearer', token: KEY, via: 'header' });
    expect(parseAuthorization('BEARER abc+/=')).toEqual({ kind: 'bearer', token: 'abc+/=', via: 'header' });
  });

  it('tells other schemes from broken bearer credentials', () => {
    expect(parseAuthorization('Basic dXNlcjpwYXNz')).toEqual({ kind: 'unsupported_scheme' });
    expect(parseAuthorization('Token abc')).toEqual({ kind: 'unsupported_scheme' });
    for (const value of ['', '   ', 'Bearer', 'Bearer ', 'Bearer a b', 'Bearer "abc"', `Bearer ${'a'.repeat(2000)}`, 'Bearer tök']) {
      expect(parseAuthorization(value)).toEqual({ kind: 'malformed' });
    }
  });
});

describe('readCookie', () => {
  it('finds the named cookie among others, unquoting it', () => {
    expect(readCookie('a=1; secscan_session=ss_abc; b=2', 'secscan_session')).toBe('ss_abc');
    expect(readCookie('secscan_session="ss_abc"', 'secscan_session')).toBe('ss_abc');
    expect(readCookie('xsecscan_session=1', 'secscan_session')).toBeNull();
    expect(readCookie('secscan_session=', 'secscan_session')).toBeNull();
    expect(readCookie(null, 'secscan_session')).toBeNull();
  });
});

describe('readCredentials', () => {
  it('lets the header win over the cookie, and reads the cookie without one', () => {
    expect(readCredentials(new Headers({ authorization: `Bearer ${KEY}`, cookie: 'secscan_session=ss_x' }))).toEqual({ kind: 'bearer', token: KEY, via: 'header' });
    expect(readCredentials(new Headers({ cookie: 'secscan_session=ss_x' }))).toEqual({ kind: 'bearer', token: 'ss_x', via: 'cookie' });
    expect(readCredentials(new Headers({ cookie: 'other=1' }))).toEqual({ kind: 'none' });
    expect(readCredentials(new Headers())).toEqual({ kind: 'none' });
  });
});
