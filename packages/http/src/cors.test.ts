import { describe, expect, it } from 'vitest';
import { createCors, isPreflight } from './cors.ts';

describe('createCors', () => {
  it('adds nothing when no origin is configured', () => {
    const cors = createCors([]);
    expect(cors.enabled).toBe(false);
    expect(cors.responseHeaders('https://a.example')).toEqual({});
  });

  it('allows listed origins only, and always varies by Origin', () => {
    const cors = createCors(['https://a.example']);
    expect(cors.responseHeaders('https://a.example')).toMatchObject({ vary: 'Origin', 'access-control-allow-origin': 'https://a.example' });
    expect(cors.responseHeaders('https://evil.example')).toEqual({ vary: 'Origin' });
    expect(cors.responseHeaders(null)).toEqual({ vary: 'Origin' });
  });

  it('answers any origin with * and then does not vary', () => {
    const cors = createCors(['*']);
    expect(cors.responseHeaders('https://b.example')).toEqual({
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'X-Request-Id, Retry-After, RateLimit, RateLimit-Policy, WWW-Authenticate',
    });
  });

  it('lists the path methods and our request headers in a preflight answer', () => {
    const headers = createCors(['https://a.example']).preflightHeaders('https://a.example', ['POST']);
    expect(headers['access-control-allow-methods']).toBe('POST');
    expect(headers['access-control-allow-headers']).toContain('Content-Type');
    expect(headers['access-control-max-age']).toBe('600');
  });
});

describe('isPreflight', () => {
  it('needs OPTIONS, Origin and Access-Control-Request-Method', () => {
    const preflight = new Request('http://x/api/scan', { method: 'OPTIONS', headers: { origin: 'https://a.example', 'access-control-request-method': 'POST' } });
    expect(isPreflight(preflight)).toBe(true);
    expect(isPreflight(new Request('http://x/api/scan', { method: 'OPTIONS', headers: { origin: 'https://a.example' } }))).toBe(false);
    expect(isPreflight(new Request('http://x/api/scan', { method: 'GET', headers: { origin: 'https://a.example' } }))).toBe(false);
  });
});
