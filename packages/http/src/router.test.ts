import { describe, expect, it } from 'vitest';
import type { RequestContext } from './context.ts';
import { createCors } from './cors.ts';
import { createRouter, type Route } from './router.ts';

const ctx = (): RequestContext => ({ requestId: 'rid', path: '', env: undefined, baseHeaders: {} });
const ok = (label: string) => (request: Request) =>
  new Response(JSON.stringify({ label, params: (request as Request & { params?: unknown }).params ?? null }), { headers: { 'content-type': 'application/json' } });

const table: Route[] = [
  { method: 'POST', path: '/api/scan', handler: ok('scan') },
  { method: 'GET', path: '/api/health', handler: ok('health') },
  { method: 'GET', path: '/api/keys', handler: ok('list') },
  { method: 'POST', path: '/api/keys', handler: ok('create') },
  { method: 'DELETE', path: '/api/keys/{id}', handler: ok('revoke') },
  { method: 'PATCH', path: '/api/keys/{id}', handler: ok('update') },
  { method: 'GET', path: '/api/scans/{scanId}', handler: ok('stored') },
];

async function call(router: ReturnType<typeof createRouter>, method: string, path: string, headers: Record<string, string> = {}) {
  const response = await router(new Request(`http://x${path}`, { method, headers }), ctx());
  if (response === null) return null;
  return { status: response.status, allow: response.headers.get('allow'), text: await response.text() };
}

describe('createRouter', () => {
  const router = createRouter(table, createCors([]));

  it('finds fixed paths, ignoring trailing slashes', async () => {
    expect((await call(router, 'GET', '/api/health'))?.text).toContain('"health"');
    expect((await call(router, 'GET', '/api/health//'))?.text).toContain('"health"');
    expect((await call(router, 'POST', '/api/keys/'))?.text).toContain('"create"');
  });

  it('hands parameters to the handler on request.params', async () => {
    expect(JSON.parse((await call(router, 'DELETE', '/api/keys/abc-1'))?.text ?? '')).toEqual({ label: 'revoke', params: { id: 'abc-1' } });
    expect(JSON.parse((await call(router, 'PATCH', '/api/keys/abc-1'))?.text ?? '')).toEqual({ label: 'update', params: { id: 'abc-1' } });
    expect(JSON.parse((await call(router, 'GET', '/api/scans/%20x/'))?.text ?? '')).toEqual({ label: 'stored', params: { scanId: '%20x' } });
  });

  it('answers null for unknown paths, empty parameters and extra segments', async () => {
    for (const path of ['/', '/api', '/api//health', '/api/healthz', '/API/health', '/api/keys/a/b', '/api/scans//']) {
      expect(await call(router, 'GET', path), path).toBeNull();
    }
    expect(await call(router, 'DELETE', '/api/keys//')).toMatchObject({ status: 405 });
  });

  it('answers HEAD for GET routes without a body, and 405 with Allow otherwise', async () => {
    expect(await call(router, 'HEAD', '/api/health')).toEqual({ status: 200, allow: null, text: '' });
    expect(await call(router, 'PUT', '/api/keys')).toMatchObject({ status: 405, allow: 'GET, HEAD, POST' });
    expect(await call(router, 'GET', '/api/keys/abc-1')).toMatchObject({ status: 405, allow: 'DELETE, PATCH' });
    expect(await call(router, 'GET', '/api/scan')).toMatchObject({ status: 405, allow: 'POST' });
    expect(await call(router, 'OPTIONS', '/api/scan', { origin: 'https://a.example', 'access-control-request-method': 'POST' })).toMatchObject({ status: 405 });
  });

  it('answers CORS preflights when CORS is on, and a plain OPTIONS with 405', async () => {
    const withCors = createRouter(table, createCors(['https://a.example']));
    const preflight = await withCors(
      new Request('http://x/api/scan', { method: 'OPTIONS', headers: { origin: 'https://a.example', 'access-control-request-method': 'POST' } }),
      ctx(),
    );
    expect(preflight?.status).toBe(204);
    expect(preflight?.headers.get('access-control-allow-methods')).toBe('POST');
    expect(await call(withCors, 'OPTIONS', '/api/scan')).toMatchObject({ status: 405, allow: 'POST' });
  });
});
