/**
 * Password sign-in under attack (issue #11), against a real server process (Node; memory and
 * PostgreSQL), each client a different loopback address:
 * - 20 wrong passwords for one account from one address: the first 10 are 401, the rest 429 with
 *   Retry-After — and the right password from that address is throttled too, while from another
 *   address it signs in at once (nobody can lock the owner out);
 * - an unknown e-mail is throttled exactly like a known one (no enumeration through the throttle);
 * - a wrong password for a known e-mail and any password for an unknown one take the same time:
 *   medians of interleaved samples within 30% of each other, where skipping the hash for unknown
 *   e-mails would make them differ by a factor of about 50.
 */
import { createTestDatabase, type TestDatabase } from '@secscan/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestFrom } from './support/http-from.ts';
import { RUNTIMES, startServer, type ServerProcess } from './support/servers.ts';

const node = RUNTIMES.find((runtime) => runtime.name === 'node');
/** Timed pairs of sign-ins (each a known e-mail with a wrong password, and an unknown e-mail). */
const PAIRS = 12;
/**
 * The throttle counts in clock-aligned 15-minute windows (sign-in-throttle.ts): a burst that
 * straddles a window's end is counted in two windows. Each burst starts at least 30 s before an end.
 */
async function awayFromWindowEnd(): Promise<void> {
  const windowMs = 900_000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < 30_000) await new Promise((resolve) => setTimeout(resolve, left + 1000));
}
const VICTIM = { email: 'victim@example.com', displayName: 'Victim', password: 'a long and unguessable passphrase' };

describe.each(['memory', 'postgres'] as const)('password sign-in under attack (node, %s)', (store) => {
  let server: ServerProcess;
  let database: TestDatabase | null = null;
  const signIn = (from: string, email: string, password: string) =>
    requestFrom(from, `${server.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

  beforeAll(async () => {
    if (!node) throw new Error('no node runtime');
    database = store === 'postgres' ? await createTestDatabase() : null;
    server = await startServer(node, { SECSCAN_SCAN_WORKERS: '0', ...(database ? { DATABASE_URL: database.url } : {}) });
    const created = await fetch(`${server.url}/api/auth/sign-up`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(VICTIM) });
    expect(created.status).toBe(201);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('throttles 20 wrong passwords from one address, for that address only', async () => {
    await awayFromWindowEnd();
    const responses = [];
    for (let i = 0; i < 20; i++) responses.push(await signIn('127.0.0.2', VICTIM.email, `wrong password number ${i}`));
    // 10 are checked and refused (401), then every one is throttled before any hashing.
    expect(responses.map((r) => r.status)).toEqual([...Array<number>(10).fill(401), ...Array<number>(10).fill(429)]);
    const last = responses[19];
    if (!last) throw new Error('no answer');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(last.body)).toMatchObject({ code: 'rate_limited', 'violated-policies': ['signin-account-client'] });
    expect(last.body).not.toContain('victim@example.com');
    // The right password from the throttled address waits too…
    expect((await signIn('127.0.0.2', VICTIM.email, VICTIM.password)).status).toBe(429);
    // …but the owner, elsewhere, is not locked out.
    const owner = await signIn('127.0.0.3', VICTIM.email, VICTIM.password);
    expect(owner.status).toBe(200);
    expect(owner.headers['set-cookie']?.[0]).toMatch(/^secscan_session=ss_[0-9A-Za-z]+; Path=\/api; Max-Age=86400; HttpOnly; SameSite=Lax$/);
  });

  it('throttles an unknown e-mail exactly like a known one', async () => {
    await awayFromWindowEnd();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signIn('127.0.0.4', 'nobody@example.com', `guess ${i}`)).status);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
  });

  // Timing is a property of the sign-in code, not of the store: measured once, on memory, to keep the suite short.
  if (store === 'memory')
    it('takes as long for an unknown e-mail as for a wrong password', async () => {
      const known: number[] = [];
      const unknown: number[] = [];
      const timed = async (from: string, email: string): Promise<number> => {
        const started = performance.now();
        const response = await signIn(from, email, 'not the password at all');
        expect(response.status).toBe(401);
        return performance.now() - started;
      };
      // Interleaved, each pair from its own address (so no throttle), after a warm-up.
      await timed('127.0.1.1', VICTIM.email);
      await timed('127.0.1.1', 'warm-up@example.com');
      for (let i = 0; i < PAIRS; i++) {
        const from = `127.0.2.${i + 1}`;
        if (i % 2 === 0) {
          known.push(await timed(from, VICTIM.email));
          unknown.push(await timed(from, `unknown-${i}@example.com`));
        } else {
          unknown.push(await timed(from, `unknown-${i}@example.com`));
          known.push(await timed(from, VICTIM.email));
        }
      }
      const median = (values: number[]): number => {
        const sorted = [...values].sort((a, b) => a - b);
        return ((sorted[PAIRS / 2 - 1] ?? 0) + (sorted[PAIRS / 2] ?? 0)) / 2;
      };
      const ratio = median(unknown) / median(known);
      console.log(
        `[timing ${store}] sign-in with a wrong password: median ${median(known).toFixed(1)} ms; unknown e-mail: ${median(unknown).toFixed(1)} ms; ratio ${ratio.toFixed(3)}`,
      );
      expect(ratio).toBeGreaterThan(0.7);
      expect(ratio).toBeLessThan(1 / 0.7);
      // The hash is what costs: both are far above a request that does no hashing.
      expect(median(known)).toBeGreaterThan(10);
    });
});
