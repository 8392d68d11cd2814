import { RULES } from '@secscan/core';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { ScanRefusedError } from '../scan-pool/refusal.ts';
import { scanRequest, testDeps } from '../testing/fixtures.ts';

/** An app whose scanner refuses every scan with `error`. */
function refusingApp(error: Error) {
  const { deps, recorded } = testDeps({
    scanner: {
      rules: RULES,
      scan: () => Promise.reject(error),
    },
  });
  return { app: createApp(deps), recorded, deps };
}

const body = { code: 'x = 1', language: 'python' };

describe('POST /api/scan when the scan service refuses', () => {
  it.each([
    ['busy', 503, 'unavailable', '1'],
    ['closed', 503, 'unavailable', '1'],
  ] as const)('answers %s with %i %s and Retry-After', async (reason, status, code, retryAfter) => {
    const { app } = refusingApp(new ScanRefusedError(reason, 'Every scanner is busy.', 1));
    const response = await app(scanRequest(body));
    expect(response.status).toBe(status);
    expect(response.headers.get('retry-after')).toBe(retryAfter);
    expect(await response.json()).toMatchObject({ code, status, detail: expect.stringContaining('busy') });
  });

  it.each([
    ['timeout', 'scan_timeout', 'Scan timed out'],
    ['failed', 'scan_failed', 'Scan failed'],
  ] as const)('answers %s with 422 %s and no Retry-After, and stores nothing', async (reason, code, title) => {
    const { deps } = refusingApp(new ScanRefusedError(reason, 'It stopped.'));
    let saved = 0;
    const app = createApp({ ...deps, stores: { ...deps.stores, scans: { ...deps.stores.scans, save: async () => void saved++ } } });
    const response = await app(scanRequest(body));
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(response.headers.get('retry-after')).toBeNull();
    const problem = (await response.json()) as Record<string, unknown>;
    expect(problem).toMatchObject({ type: `urn:secscan:problem:${code}`, code, title, status: 422 });
    expect(problem['requestId']).toBe(response.headers.get('x-request-id'));
    expect(saved).toBe(0);
  });

  it('answers any other scanner error with a 500 that leaks nothing', async () => {
    const { app, recorded } = refusingApp(new Error('secret internals at /srv/app.js:12'));
    const response = await app(scanRequest(body));
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('secret internals');
    expect(recorded.errors).toHaveLength(1);
  });
});

describe('POST /api/scan with a language or file name that names an object member', () => {
  it.each([
    [{ code: 'x', language: '__proto__' }],
    [{ code: 'x', language: 'constructor' }],
    [{ code: 'x', language: 'toString' }],
    [{ code: 'x', filename: '__proto__' }],
    [{ code: 'x', filename: 'a.constructor' }],
    [{ code: 'x', filename: 'a.hasOwnProperty' }],
  ])('answers %j with 422 unsupported_language, not a crash', async (input) => {
    const { deps, recorded } = testDeps();
    const app = createApp(deps);
    const response = await app(scanRequest(input));
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'unsupported_language' });
    expect(recorded.scans).toEqual([]);
  });
});
