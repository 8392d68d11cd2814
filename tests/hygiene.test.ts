/**
 * Secret hygiene (issue #4): a whole scenario against a real server process on each runtime —
 * keys and sessions created through the admin API, used, revoked; wrong, mistyped and foreign
 * tokens; credentials in the query string; session cookies from our own and from other sites —
 * and then every log line and every response (bodies and headers) is searched for every secret
 * and every hash. A secret may appear in exactly one place: the response that created it. With
 * PostgreSQL, the database is searched too: it holds the SHA-256 of each key and session, never a
 * token, and the database password appears in no log line or answer.
 *
 * The dashboard's flows are part of the scenario (issue #11): signing up, signing in with wrong and
 * right passwords, a key made in the dashboard, an invitation and the sign-up through it, a password
 * change. Passwords appear nowhere — not in a log line, an answer or the database (which keeps
 * only their Argon2id hashes) — and neither does their SHA-256.
 */
import { API_KEY_PREFIX, mintToken, sha256Hex } from '@secscan/core';
import { createTestDatabase, type TestDatabase } from '@secscan/postgres/testing';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { RUNTIMES, startServer, type Runtime } from './support/servers.ts';

const ADMIN_TOKEN = 'hygiene-admin-token-0b8e1f6a-2c4d-4e8b-9a7f-3d5c';

interface Exchange {
  label: string;
  status: number;
  text: string;
}

/** Every runtime with the in-memory stores, and again with PostgreSQL (DATABASE_URL). */
const VARIANTS: { name: string; runtime: Runtime; store: 'memory' | 'postgres' }[] = RUNTIMES.flatMap((runtime) => [
  { name: `${runtime.name} (memory)`, runtime, store: 'memory' as const },
  { name: `${runtime.name} (PostgreSQL)`, runtime, store: 'postgres' as const },
]);

describe.each(VARIANTS)('secret hygiene on $name', ({ runtime, store }) => {
  it('never puts a token, key or hash in a log line or an answer, nor a token in the database', async () => {
    const database: TestDatabase | null = store === 'postgres' ? await createTestDatabase() : null;
    const server = await startServer(runtime, {
      SECSCAN_ADMIN_TOKEN: ADMIN_TOKEN,
      SECSCAN_CORS_ORIGINS: 'https://app.example',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    const exchanges: Exchange[] = [];
    /** Sends a request and keeps everything that came back: status line, every header, the body. */
    const send = async (label: string, path: string, init: RequestInit = {}): Promise<Exchange> => {
      const response = await fetch(`${server.url}${path}`, init);
      const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
      const exchange = { label, status: response.status, text: `${headers}\n\n${await response.text()}` };
      exchanges.push(exchange);
      return exchange;
    };
    const json = (exchange: Exchange): Record<string, unknown> => JSON.parse(exchange.text.slice(exchange.text.indexOf('\n\n') + 2)) as Record<string, unknown>;
    const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });
    const scan = (label: string, headers: Record<string, string>, query = '') =>
      send(label, `/api/scan${query}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{"code":"x = 1","language":"py"}' });
    const adminCall = (label: string, method: string, path: string, body?: unknown, token = ADMIN_TOKEN) =>
      send(label, path, {
        method,
        headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    try {
      const createdKey = await adminCall('create key', 'POST', '/api/admin/keys', { name: 'hygiene', plan: 'free' });
      const createdSession = await adminCall('create session', 'POST', '/api/admin/sessions', { subject: 'hygiene-user' });
      expect([createdKey.status, createdSession.status]).toEqual([201, 201]);
      const { id: keyId, key } = json(createdKey) as { id: string; key: string };
      const { id: sessionId, token: session } = json(createdSession) as { id: string; token: string };
      const typo = `${key.slice(0, 30)}${key[30] === 'Q' ? 'R' : 'Q'}${key.slice(31)}`;
      const unknown = mintToken(API_KEY_PREFIX);
      const foreign = 'ghp_FOREIGNtokenSECRET0123456789abcdefXYZ';
      const basic = btoa('alice:hunter2-password');

      expect((await scan('key', bearer(key))).status).toBe(200);
      expect((await scan('session header', bearer(session))).status).toBe(200);
      const { csrfToken } = json(await send('csrf token', '/api/auth/session', { headers: bearer(session) })) as { csrfToken: string };
      expect((await scan('session cookie', { cookie: `secscan_session=${session}`, 'x-csrf-token': csrfToken })).status).toBe(200);
      expect((await scan('cross-site cookie', { cookie: `secscan_session=${session}`, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
      expect((await scan('key in cookie', { cookie: `secscan_session=${key}` })).status).toBe(401);
      expect((await scan('typo', bearer(typo))).status).toBe(401);
      expect((await scan('unknown', bearer(unknown))).status).toBe(401);
      expect((await scan('foreign', bearer(foreign))).status).toBe(401);
      expect((await scan('basic', { authorization: `Basic ${basic}` })).status).toBe(401);
      expect((await scan('admin token on scan', bearer(ADMIN_TOKEN))).status).toBe(403);
      expect((await scan('query key', {}, `?api_key=${key}`)).status).toBe(400);
      expect((await scan('query session', {}, `?q=${session}`)).status).toBe(400);
      expect((await send('query admin token', `/api/health?token=${ADMIN_TOKEN}`)).status).toBe(400);
      expect((await adminCall('list', 'GET', '/api/admin/keys')).status).toBe(200);
      expect((await adminCall('admin with key', 'GET', '/api/admin/keys', undefined, key)).status).toBe(403);
      expect((await adminCall('admin with wrong token', 'GET', '/api/admin/keys', undefined, `${ADMIN_TOKEN}x`)).status).toBe(401);
      expect((await adminCall('revoke key', 'DELETE', `/api/admin/keys/${keyId}`)).status).toBe(204);
      expect((await adminCall('revoke session', 'DELETE', `/api/admin/sessions/${sessionId}`)).status).toBe(204);
      expect((await scan('revoked key', bearer(key))).status).toBe(401);
      expect((await scan('revoked session', bearer(session))).status).toBe(401);
      expect((await adminCall('list after', 'GET', '/api/admin/keys')).status).toBe(200);

      // The dashboard: accounts, passwords, a session cookie, a key and an invitation.
      const PASSWORDS = [
        'hygiene first password for ada',
        'hygiene wrong guess at the password',
        'hygiene password of the invitee',
        'hygiene changed password of the invitee',
      ] as const;
      const postJson = (label: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
        send(label, path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      const cookieOf = (exchange: Exchange): string => /secscan_session=(ss_[0-9A-Za-z]+)/.exec(exchange.text)?.[1] ?? '';
      const signedUp = await postJson('sign up', '/api/auth/sign-up', { email: 'ada@example.com', displayName: 'Ada', password: PASSWORDS[0] });
      expect(signedUp.status).toBe(201);
      expect((await postJson('sign in, wrong password', '/api/auth/sign-in', { email: 'ada@example.com', password: PASSWORDS[1] })).status).toBe(401);
      const signedIn = await postJson('sign in', '/api/auth/sign-in', { email: 'ada@example.com', password: PASSWORDS[0] });
      expect(signedIn.status).toBe(200);
      const adaSession = cookieOf(signedIn);
      const ada = { cookie: `secscan_session=${adaSession}`, 'x-csrf-token': (json(signedIn) as { csrfToken: string }).csrfToken };
      const myKey = await postJson('dashboard key', '/api/me/keys', { name: 'from the dashboard' }, ada);
      expect(myKey.status).toBe(201);
      const dashboardKey = (json(myKey) as { key: string }).key;
      expect((await scan('dashboard key scans', bearer(dashboardKey))).status).toBe(200);
      const invited = await postJson('invitation', '/api/admin/invitations', { email: 'grace@example.com' }, ada);
      expect(invited.status).toBe(201);
      const invitation = (json(invited) as { token: string }).token;
      expect((await postJson('invitation lookup', '/api/auth/invitation', { token: invitation })).status).toBe(200);
      const graceUp = await postJson('invited sign up', '/api/auth/sign-up', { email: 'grace@example.com', displayName: 'Grace', password: PASSWORDS[2], invitation });
      expect(graceUp.status).toBe(201);
      const graceSession = cookieOf(graceUp);
      const grace = { cookie: `secscan_session=${graceSession}`, 'x-csrf-token': (json(graceUp) as { csrfToken: string }).csrfToken };
      const changed = await postJson('password change', '/api/me/password', { currentPassword: PASSWORDS[2], newPassword: PASSWORDS[3] }, grace);
      expect(changed.status).toBe(200);
      const graceNewSession = cookieOf(changed);
      expect((await send('usage', '/api/me/usage', { headers: { cookie: ada.cookie } })).status).toBe(200);
      expect((await send('history', '/api/me/scans', { headers: { cookie: ada.cookie } })).status).toBe(200);
      expect((await send('users', '/api/admin/users', { headers: { cookie: ada.cookie } })).status).toBe(200);
      expect((await send('sign out', '/api/auth/sign-out', { method: 'POST', headers: ada })).status).toBe(204);
      const dashboardSecrets: [string, string, Exchange | null][] = [
        ['dashboard session', adaSession, signedIn],
        ['first session', cookieOf(signedUp), signedUp],
        ['dashboard key', dashboardKey, myKey],
        ['invitation token', invitation, invited],
        ['invitee session', graceSession, graceUp],
        ['invitee new session', graceNewSession, changed],
        ...PASSWORDS.map((password, i): [string, string, null] => [`password ${i + 1}`, password, null]),
      ];

      await new Promise((resolve) => setTimeout(resolve, 200));
      const secrets: [string, string][] = [];
      for (const [name, value] of [
        ['admin token', ADMIN_TOKEN],
        ['key', key],
        ['key body', key.slice(API_KEY_PREFIX.length, -6)],
        ['session', session],
        ['session body', session.slice(3, -6)],
        ['typo', typo],
        ['unknown key', unknown],
        ['foreign token', foreign],
        ['basic credentials', basic],
        ['basic password', 'hunter2-password'],
      ] as const) {
        secrets.push([name, value], [`SHA-256 of ${name}`, await sha256Hex(value)]);
      }
      const logs = server.stdout.join('\n') + server.stderr();
      expect(server.logs().length).toBeGreaterThan(exchanges.length); // every request was logged, as JSON
      if (database) {
        // DATABASE_URL's password is a secret too: nowhere in a log line or an answer.
        const password = decodeURIComponent(new URL(database.url).password);
        expect(password.length).toBeGreaterThan(8);
        secrets.push(['database password', password], ['database URL', database.url]);
      }
      const ownAnswer = new Map<string, Exchange>([
        ['key', createdKey],
        ['key body', createdKey],
        ['session', createdSession],
        ['session body', createdSession],
      ]);
      for (const [name, value, own] of dashboardSecrets) {
        expect(value.length).toBeGreaterThan(20);
        secrets.push([name, value], [`SHA-256 of ${name}`, await sha256Hex(value)]);
        if (own) ownAnswer.set(name, own);
      }
      for (const [name, value] of secrets) {
        expect(logs.includes(value), `${name} in the log`).toBe(false);
        for (const exchange of exchanges) {
          expect(exchange.text.includes(value), `${name} in the answer to "${exchange.label}"`).toBe(ownAnswer.get(name) === exchange);
        }
      }
      if (database) {
        // The database holds the key's and the session's SHA-256, and no secret at all.
        const sql = postgres(database.url, { max: 1, onnotice: () => {} });
        try {
          const rows = await sql<{ row: string }[]>`
            SELECT t::text AS row FROM secscan_api_keys t UNION ALL SELECT t::text FROM secscan_sessions t UNION ALL
            SELECT t::text FROM secscan_scans t UNION ALL SELECT t::text FROM secscan_rate_limits t UNION ALL SELECT t::text FROM secscan_migrations t UNION ALL
            SELECT t::text FROM secscan_users t UNION ALL SELECT t::text FROM secscan_invitations t UNION ALL SELECT t::text FROM secscan_settings t`;
          const dump = rows.map((r) => r.row).join('\n');
          expect(dump).toContain(await sha256Hex(key));
          expect(dump).toContain(await sha256Hex(session));
          // Passwords only as Argon2id hashes.
          expect(dump.match(/\$argon2id\$v=19\$m=19456,t=2,p=1\$/g)?.length).toBe(2);
          const hashed = new Set(
            ['key', 'session', ...dashboardSecrets.filter(([name]) => !name.startsWith('password')).map(([name]) => name)].map((name) => `SHA-256 of ${name}`),
          );
          for (const [name, value] of secrets) {
            expect(dump.includes(value), `${name} in the database`).toBe(hashed.has(name));
          }
        } finally {
          await sql.end();
        }
      }
    } finally {
      await server.stop();
      await database?.drop();
    }
  });
});
