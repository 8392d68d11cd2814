import { mintToken } from '@secscan/core';
import { describe, expect, it } from 'vitest';
import { containsTokenLike, hasCredentialsInQuery } from './query-credentials.ts';

const base = 'http://localhost/api/scan';

describe('hasCredentialsInQuery', () => {
  it.each(['?api_key=x', '?API_KEY=x', '?token=x', '?access_token=x', '?apikey=', '?key=x', '?a=1&secscan_session=x', '?Authorization=Bearer%20x'])('refuses %s', (query) => {
    expect(hasCredentialsInQuery(`${base}${query}`)).toBe(true);
  });

  it('refuses anything shaped like one of our tokens, under any name, encoded or not', () => {
    const key = mintToken('sk_live_');
    const session = mintToken('ss_');
    expect(hasCredentialsInQuery(`${base}?q=${key}`)).toBe(true);
    expect(hasCredentialsInQuery(`${base}?q=${encodeURIComponent(`Bearer ${session}`)}`)).toBe(true);
    expect(hasCredentialsInQuery(`${base}?${session}`)).toBe(true);
    expect(hasCredentialsInQuery(`${base}?q=sk%5Flive%5Fabc`)).toBe(true);
  });

  it('lets ordinary queries through', () => {
    for (const url of [base, `${base}?`, `${base}?page=2&sort=asc`, `${base}?q=class_ss_short`, `${base}#token=x`]) expect(hasCredentialsInQuery(url)).toBe(false);
  });
});

describe('containsTokenLike', () => {
  it('needs a whole token body after ss_, and scans in linear time', () => {
    expect(containsTokenLike(`x ss_${'a'.repeat(43)}`)).toBe(true);
    expect(containsTokenLike(`ss_${'a'.repeat(42)}`)).toBe(false);
    const started = performance.now();
    expect(containsTokenLike('ss_a'.repeat(100_000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
