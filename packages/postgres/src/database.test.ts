import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresKeyStore } from './credential-stores.ts';
import { DatabaseError, openDatabase, toDatabaseError } from './database.ts';
import { createPostgresRateLimitStore } from './rate-limit-store.ts';
import { useTestStores } from './testing/test-database.ts';

const pg = useTestStores();

describe('toDatabaseError', () => {
  it('keeps the code and constraint and drops everything else', () => {
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint "k"'), {
      severity: 'ERROR',
      code: '23505',
      constraint_name: 'secscan_api_keys_token_sha256_key',
      detail: 'Key (token_sha256)=(aaaa) already exists.',
      parameters: ['aaaa'],
      query: 'INSERT …',
    });
    const error = toDatabaseError(driverError);
    expect(error).toBeInstanceOf(DatabaseError);
    expect(error.message).toBe('PostgreSQL error: 23505 (duplicate key) on secscan_api_keys_token_sha256_key');
    expect(error.code).toBe('23505');
    expect(JSON.stringify({ ...error, message: error.message, stack: error.stack })).not.toContain('aaaa');
  });

  it('names connection failures by their code only', () => {
    expect(toDatabaseError(Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:5432'), { code: 'ECONNREFUSED' })).message).toBe(
      'database connection failed: ECONNREFUSED (connection refused)',
    );
    expect(toDatabaseError(new Error('anything at all')).message).toBe('database connection failed: UNKNOWN');
    expect(toDatabaseError({ code: 'has spaces; DROP' }).code).toBe('UNKNOWN');
  });
});

describe('the stores on a real server', () => {
  it('never let a token hash reach an error message (a duplicate key, from the real server)', async () => {
    const keys = createPostgresKeyStore(pg.get().database);
    const hash = 'ab'.repeat(32);
    const record = { id: '0190a000-0000-7000-8000-0000000000a1', name: 'k', plan: 'free' as const, hash, createdAt: '2026-01-02T00:00:00.000Z', lastUsedAt: null, revokedAt: null };
    await keys.create(record);
    const error = await keys.create({ ...record, id: '0190a000-0000-7000-8000-0000000000a2' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DatabaseError);
    const everything = JSON.stringify(error) + String(error) + ((error as Error).stack ?? '') + JSON.stringify(Object.getOwnPropertyDescriptors(error));
    expect(everything).not.toContain(hash);
    expect((error as DatabaseError).message).toContain('23505');
  });

  it('fails a statement that waits longer than the statement timeout, and stays usable', async () => {
    const url = pg.url();
    const impatient = openDatabase({ url, poolSize: 2, statementTimeoutMs: 200 });
    const holder = pg.get().database.sql;
    try {
      const store = createPostgresRateLimitStore(impatient);
      await store.hit('locked', [{ name: 'm', limit: 5, windowSeconds: 60 }]);
      // Another transaction holds the subject's row: the hit waits for the lock until statement_timeout.
      const releaseLock = holder.begin(async (tx) => {
        await tx`SELECT * FROM secscan_rate_limits WHERE subject = 'locked' FOR UPDATE`;
        await tx`SELECT pg_sleep(1)`;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = performance.now();
      await expect(store.hit('locked', [{ name: 'm', limit: 5, windowSeconds: 60 }])).rejects.toMatchObject({ name: 'DatabaseError', code: '57014' });
      expect(performance.now() - started).toBeLessThan(900);
      await releaseLock;
      expect((await store.hit('locked', [{ name: 'm', limit: 5, windowSeconds: 60 }])).allowed).toBe(true);
    } finally {
      await impatient.close();
    }
  });
});

describe('the deadline', () => {
  /** A TCP server that accepts connections and never answers: a database behind a network partition. */
  let blackHole: Server;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    blackHole = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => blackHole.close(resolve));
  });

  it('fails a call within connect + statement timeout when the server never answers, and ping too', async () => {
    const address = blackHole.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const db = openDatabase({ url: `postgres://secscan:x@127.0.0.1:${port}/secscan`, connectTimeoutMs: 300, statementTimeoutMs: 300 });
    try {
      const started = performance.now();
      const results = await Promise.allSettled([db.ping(), db.run((sql) => sql`SELECT 1`)]);
      const elapsed = performance.now() - started;
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      for (const result of results) expect((result as PromiseRejectedResult).reason).toBeInstanceOf(DatabaseError);
      expect(elapsed).toBeLessThan(1500);
    } finally {
      await db.close(0);
    }
  });

  it('shares one query between concurrent pings', async () => {
    const db = pg.get().database;
    const [a, b] = [db.ping(), db.ping()];
    expect(a).toBe(b);
    await a;
  });
});
