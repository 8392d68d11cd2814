import { API_KEY_PREFIX, mintToken, SESSION_TOKEN_PREFIX, uuidV7 } from '@secscan/core';
import { describe, expect, it } from 'vitest';
import { looksLikeSecret, redactPath } from './redact.ts';

describe('looksLikeSecret', () => {
  it('recognises secscan tokens, provider tokens, JWTs and random base62/base64 text', () => {
    for (const value of [
      mintToken(API_KEY_PREFIX),
      mintToken(SESSION_TOKEN_PREFIX),
      'ghp_0123456789abcdefghijklmnopqrstuvwxyz',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
      'Zm9vYmFyLWFkbWluLXRva2VuLWZvci10ZXN0cw-Kq7x',
      'AKIAIOSFODNN7EXAMPLE',
    ]) {
      expect(looksLikeSecret(value), value).toBe(true);
    }
  });

  it('leaves request ids, trace ids and ordinary words alone', () => {
    for (const value of [
      uuidV7(Date.now()),
      '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      'Root=1-5759e988-bd862e3fe1be46a994272793',
      'client-trace-42',
      'log-check-node-1',
      'HelloWorldThisIsLong',
      '2026-11-28T04:00:00.000Z',
      'sk_',
    ]) {
      expect(looksLikeSecret(value), value).toBe(false);
    }
  });
});

describe('redactPath', () => {
  it('replaces token-shaped segments, raw or percent-encoded, and nothing else', () => {
    const key = mintToken(API_KEY_PREFIX);
    expect(redactPath(`/api/scans/${key}`)).toBe('/api/scans/[redacted]');
    expect(redactPath(`/api/${encodeURIComponent(key)}/x/${key}`)).toBe('/api/[redacted]/x/[redacted]');
    expect(redactPath(`/${key}`)).toBe('/[redacted]');
    expect(redactPath('/api/health')).toBe('/api/health');
    const id = uuidV7(Date.now());
    expect(redactPath(`/api/scans/${id}`)).toBe(`/api/scans/${id}`);
    expect(redactPath('/api/%E0%A4%A/x')).toBe('/api/%E0%A4%A/x');
  });
});
