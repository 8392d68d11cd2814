import { describe, expect, it } from 'vitest';
import type { CliIo } from '../command.ts';
import { runKeysCommand } from './keys.ts';
import { runSessionsCommand } from './sessions.ts';

const TOKEN = 'cli-test-admin-token-0123456789abcdefghij';
const KEY_ID = '0190a000-0000-7000-8000-000000000001';
const KEY = 'sk_live_3kTMd1Jf0qJ8ZrTq7YwW5nS4d9bQ0eLxV2hGc6uKpA13QqaRQ';

/** Collecting I/O with SECSCAN_ADMIN_TOKEN set (or not). */
function io(token: string | null = TOKEN): CliIo & { out: string; err: string } {
  const collected = {
    out: '',
    err: '',
    cwd: '/',
    env: token === null ? {} : { SECSCAN_ADMIN_TOKEN: token },
    stdout: (text: string) => {
      collected.out += text;
    },
    stderr: (text: string) => {
      collected.err += text;
    },
  };
  return collected;
}

/** A fake server: records each request and answers what `answer` returns. */
function fakeServer(answer: (method: string, path: string, body: unknown) => [number, unknown]) {
  const calls: { method: string; url: string; authorization: string | null; body: unknown }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const body = request.method === 'POST' ? await request.json() : undefined;
    calls.push({ method: request.method, url: request.url, authorization: request.headers.get('authorization'), body });
    const [status, json] = answer(request.method, new URL(request.url).pathname, body);
    return new Response(json === null ? null : JSON.stringify(json), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

describe('secscan keys', () => {
  it('creates a key, sending the admin token from the environment, and prints it once', async () => {
    const server = fakeServer(() => [201, { id: KEY_ID, key: KEY, name: 'CI', plan: 'pro', requestsPerMinute: 1000, createdAt: '2026-01-02T03:04:05.000Z' }]);
    const out = io();
    expect(await runKeysCommand(['create', '--name', 'CI', '--plan', 'pro', '--url', 'http://localhost:9999/'], out, server.fetchImpl)).toBe(0);
    expect(server.calls).toEqual([{ method: 'POST', url: 'http://localhost:9999/api/admin/keys', authorization: `Bearer ${TOKEN}`, body: { name: 'CI', plan: 'pro' } }]);
    expect(out.out).toContain(`\n  ${KEY}\n`);
    expect(out.out).toContain('shown only this once');
    expect(out.out.split(KEY)).toHaveLength(2);
    expect(out.out + out.err).not.toContain(TOKEN);
  });

  it('sends an enterprise limit, and prints JSON when asked', async () => {
    const created = { id: KEY_ID, key: KEY, name: 'Big', plan: 'enterprise', requestsPerMinute: 5000, createdAt: '2026-01-02T03:04:05.000Z' };
    const server = fakeServer(() => [201, created]);
    const out = io();
    expect(await runKeysCommand(['create', '-n', 'Big', '-p', 'enterprise', '--rpm', '5000', '--format', 'json'], out, server.fetchImpl)).toBe(0);
    expect(server.calls[0]?.body).toEqual({ name: 'Big', plan: 'enterprise', requestsPerMinute: 5000 });
    expect(server.calls[0]?.url).toBe('http://127.0.0.1:8787/api/admin/keys');
    expect(JSON.parse(out.out)).toEqual(created);
  });

  it('lists keys as a table', async () => {
    const server = fakeServer(() => [
      200,
      {
        keys: [
          { id: KEY_ID, name: 'CI pipeline', plan: 'free', requestsPerMinute: 100, createdAt: '2026-01-02T03:04:05.000Z', lastUsedAt: null, revokedAt: null },
          {
            id: '0190a000-0000-7000-8000-000000000002',
            name: 'old',
            plan: 'pro',
            requestsPerMinute: 1000,
            createdAt: '2026-01-02T03:04:05.000Z',
            lastUsedAt: '2026-01-03T00:00:00.000Z',
            revokedAt: '2026-01-04T00:00:00.000Z',
          },
        ],
      },
    ]);
    const out = io();
    expect(await runKeysCommand(['list'], out, server.fetchImpl)).toBe(0);
    expect(out.out).toBe(
      [
        'ID                                    NAME         PLAN  RPM   CREATED               LAST USED             REVOKED',
        '0190a000-0000-7000-8000-000000000001  CI pipeline  free  100   2026-01-02 03:04:05Z  never                 -',
        '0190a000-0000-7000-8000-000000000002  old          pro   1000  2026-01-02 03:04:05Z  2026-01-03 00:00:00Z  2026-01-04 00:00:00Z',
        '',
      ].join('\n'),
    );
  });

  it('revokes a key by id', async () => {
    const server = fakeServer(() => [204, null]);
    const out = io();
    expect(await runKeysCommand(['revoke', KEY_ID], out, server.fetchImpl)).toBe(0);
    expect(server.calls[0]).toMatchObject({ method: 'DELETE', url: `http://127.0.0.1:8787/api/admin/keys/${KEY_ID}` });
    expect(out.out).toBe(`Revoked key ${KEY_ID}: it is refused from the next request on.\n`);
  });

  it.each([
    [['create'], 'needs --name'],
    [['create', '--name', 'x', '--plan', 'gold'], '--plan must be free, pro or enterprise'],
    [['create', '--name', 'x', '--plan', 'enterprise'], 'needs --rpm'],
    [['create', '--name', 'x', '--rpm', '5'], 'only for enterprise'],
    [['create', '--name', 'x', '--plan', 'enterprise', '--rpm', 'many'], '--rpm must be a whole number'],
    [['revoke'], 'exactly one key id'],
    [['list', '--format', 'xml'], '--format must be table or json'],
    [['list', '--url', 'ftp://x'], 'must be http:// or https://'],
    [['list', '--url', 'http://secscan.example.com'], 'refusing to send the admin token over plain http'],
    [['rotate'], "unknown keys command 'rotate'"],
    [['list', '--nme'], 'unknown option --nme'],
  ])('refuses %j with a usage error (exit 2)', async (argv, message) => {
    const server = fakeServer(() => [500, null]);
    const out = io();
    expect(await runKeysCommand(argv, out, server.fetchImpl)).toBe(2);
    expect(out.err).toContain(message);
    expect(out.err).toContain("Run 'secscan keys --help' for usage.");
    expect(server.calls).toEqual([]);
  });

  it('needs SECSCAN_ADMIN_TOKEN and never takes it from the command line', async () => {
    const out = io(null);
    expect(await runKeysCommand(['list'], out, fakeServer(() => [200, { keys: [] }]).fetchImpl)).toBe(2);
    expect(out.err).toContain('set SECSCAN_ADMIN_TOKEN');
    const withFlag = io();
    expect(await runKeysCommand(['list', '--token', 'x'], withFlag, fakeServer(() => [200, { keys: [] }]).fetchImpl)).toBe(2);
  });

  it('allows plain http to another host only when told to', async () => {
    const server = fakeServer(() => [200, { keys: [] }]);
    expect(await runKeysCommand(['list', '--url', 'http://10.0.0.5:8787', '--insecure-http'], io(), server.fetchImpl)).toBe(0);
    expect(server.calls[0]?.url).toBe('http://10.0.0.5:8787/api/admin/keys');
  });

  it.each([
    [401, { code: 'unauthorized' }, 'SECSCAN_ADMIN_TOKEN does not match'],
    [403, { code: 'forbidden' }, 'not the admin token'],
    [404, { code: 'not_found', detail: 'Nothing here.' }, 'has no admin API: start it with SECSCAN_ADMIN_TOKEN set'],
    [
      401,
      { code: 'unauthorized', detail: 'This server was started without SECSCAN_ADMIN_TOKEN: only the sessions of admin users reach the admin API.' },
      'has no admin token: start it with SECSCAN_ADMIN_TOKEN set',
    ],
    [503, { code: 'unavailable', title: 'Service unavailable', detail: 'down', requestId: 'r-1' }, 'answered 503 Service unavailable: down (request r-1)'],
  ])('explains a %d from the server (exit 1)', async (status, body, message) => {
    const out = io();
    expect(await runKeysCommand(['list'], out, fakeServer(() => [status, body]).fetchImpl)).toBe(1);
    expect(out.err).toContain(message);
    expect(out.err).not.toContain(TOKEN);
  });

  it('explains a revoke of an unknown id and a refused create', async () => {
    const unknown = io();
    expect(await runKeysCommand(['revoke', KEY_ID], unknown, fakeServer(() => [404, { code: 'not_found', detail: 'There is no key with this id.' }]).fetchImpl)).toBe(1);
    expect(unknown.err).toBe(`secscan: cannot revoke key ${KEY_ID}: There is no key with this id\n`);
    const refused = io();
    const problem = { code: 'validation_failed', errors: [{ pointer: '#/name', detail: 'name must not contain control characters' }] };
    expect(await runKeysCommand(['create', '--name', 'a\u0007'], refused, fakeServer(() => [422, problem]).fetchImpl)).toBe(1);
    expect(refused.err).toBe('secscan: cannot create the key: the server refused the request:\n  name: name must not contain control characters\n');
  });

  it('says when the server cannot be reached', async () => {
    const out = io();
    const failing = (async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    }) as typeof fetch;
    expect(await runKeysCommand(['list'], out, failing)).toBe(1);
    expect(out.err).toBe('secscan: cannot reach http://127.0.0.1:8787 (ECONNREFUSED); is the server running there? (--url)\n');
  });

  it('prints help', async () => {
    const out = io();
    expect(await runKeysCommand(['--help'], out)).toBe(0);
    expect(out.out).toContain('Usage: secscan keys <create|list|revoke>');
    const bare = io();
    expect(await runKeysCommand([], bare)).toBe(2);
    expect(bare.err).toContain('Usage: secscan keys');
  });
});

describe('secscan sessions', () => {
  it('creates a session with a lifetime and revokes it', async () => {
    const token = `ss_${KEY.slice(8)}`;
    const server = fakeServer((method) => (method === 'POST' ? [201, { id: KEY_ID, token, subject: 'user-42', expiresAt: '2026-01-03T03:04:05.000Z' }] : [204, null]));
    const out = io();
    expect(await runSessionsCommand(['create', '--subject', 'user-42', '--ttl', '3600'], out, server.fetchImpl)).toBe(0);
    expect(server.calls[0]?.body).toEqual({ subject: 'user-42', ttlSeconds: 3600 });
    expect(out.out).toContain(`\n  ${token}\n`);
    expect(await runSessionsCommand(['revoke', KEY_ID, '--format', 'json'], out, server.fetchImpl)).toBe(0);
    expect(server.calls[1]).toMatchObject({ method: 'DELETE', url: `http://127.0.0.1:8787/api/admin/sessions/${KEY_ID}` });
    expect(out.out).toContain(`"revoked": true`);
  });

  it('refuses a missing subject and a bad lifetime', async () => {
    for (const [argv, message] of [
      [['create'], 'needs --subject'],
      [['create', '-s', 'u', '--ttl', '1h'], '--ttl must be a whole number'],
      [['list'], "unknown sessions command 'list'"],
    ] as const) {
      const out = io();
      expect(await runSessionsCommand(argv, out, fakeServer(() => [500, null]).fetchImpl)).toBe(2);
      expect(out.err).toContain(message);
    }
  });
});
