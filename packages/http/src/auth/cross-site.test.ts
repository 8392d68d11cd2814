import { describe, expect, it } from 'vitest';
import { isCrossSiteRequest } from './cross-site.ts';

const request = (headers: Record<string, string>): Request => new Request('https://api.example/api/scan', { method: 'POST', headers });

describe('isCrossSiteRequest', () => {
  it('accepts requests without browser metadata, same-origin ones and listed origins', () => {
    expect(isCrossSiteRequest(request({}), [])).toBe(false);
    expect(isCrossSiteRequest(request({ origin: 'https://api.example', 'sec-fetch-site': 'same-origin' }), [])).toBe(false);
    expect(isCrossSiteRequest(request({ origin: 'https://app.api.example', 'sec-fetch-site': 'same-site' }), ['https://app.api.example'])).toBe(false);
    expect(isCrossSiteRequest(request({ 'sec-fetch-site': 'none' }), [])).toBe(false);
  });

  it('refuses cross-site requests and unlisted origins; `*` lists none', () => {
    expect(isCrossSiteRequest(request({ 'sec-fetch-site': 'cross-site' }), [])).toBe(true);
    expect(isCrossSiteRequest(request({ 'sec-fetch-site': 'cross-site', origin: 'https://app.example' }), ['https://app.example'])).toBe(true);
    expect(isCrossSiteRequest(request({ origin: 'https://evil.example' }), [])).toBe(true);
    expect(isCrossSiteRequest(request({ origin: 'https://evil.example' }), ['*'])).toBe(true);
    expect(isCrossSiteRequest(request({ origin: 'null' }), [])).toBe(true);
    expect(isCrossSiteRequest(request({ origin: 'http://api.example' }), [])).toBe(true);
  });
});
