import { describe, expect, it } from 'vitest';
import { jsonPointer, PROBLEMS, problem, problemBody, problemType } from './problem.ts';

const ctx = { requestId: 'req-1', path: '/api/scan', baseHeaders: { 'x-request-id': 'req-1' }, env: undefined };

describe('problem', () => {
  it('builds an RFC 9457 body with a stable type and title per code', async () => {
    const res = problem(ctx, 'validation_failed', 'The request body does not match the schema.', {
      errors: [{ pointer: '#/code', detail: 'code must be a string' }],
    });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.headers.get('x-request-id')).toBe('req-1');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      type: 'urn:secscan:problem:validation_failed',
      title: 'Validation failed',
      status: 422,
      detail: 'The request body does not match the schema.',
      code: 'validation_failed',
      requestId: 'req-1',
      errors: [{ pointer: '#/code', detail: 'code must be a string' }],
    });
  });

  it('leaves errors out when there are none and keeps extension members', () => {
    const body = problemBody('r', 'unsupported_language', 'x', { members: { supportedLanguages: ['go'] }, errors: [] });
    expect(body).not.toHaveProperty('errors');
    expect(body['supportedLanguages']).toEqual(['go']);
  });

  it('does not let extension members overwrite the standard members', () => {
    const body = problemBody('r', 'internal', 'x', { members: { status: 200, type: 'evil' } });
    expect(body.status).toBe(500);
    expect(body.type).toBe(problemType('internal'));
  });

  it('maps every code to a 4xx or 5xx status', () => {
    for (const { status } of Object.values(PROBLEMS)) expect(status).toBeGreaterThanOrEqual(400);
  });
});

describe('jsonPointer', () => {
  it('writes RFC 6901 pointers as URI fragments', () => {
    expect(jsonPointer([])).toBe('#');
    expect(jsonPointer(['code'])).toBe('#/code');
    expect(jsonPointer(['a/b', 'm~n', 0])).toBe('#/a~1b/m~0n/0');
    expect(jsonPointer(['with space', 'é'])).toBe('#/with%20space/%C3%A9');
  });
});
