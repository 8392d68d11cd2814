/**
 * vitest globalSetup: at most one PostgreSQL server per test run, started only if a test asks for
 * one. With DATABASE_URL set, that server (its user must be allowed to create databases and roles).
 * Otherwise the setup listens on a loopback port with a secret path; the first test that needs
 * PostgreSQL asks there (test-database.ts), which starts an embedded server (embedded.ts, ~4–5 s)
 * and answers its URL — to every later asker at once. A run that needs no PostgreSQL (one scanner
 * test file, say) starts none. The server is deleted when the run ends. Both vitest projects list
 * this file: the one server is shared through globalThis and stopped with the last project.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.ts';
import type { TestPostgresInfo } from './test-database.ts';

/** The test run's server (or the way to get one), shared by the projects. */
interface Shared {
  info: TestPostgresInfo;
  control: Server | null;
  embedded: Promise<EmbeddedPostgres> | null;
  users: number;
}

const KEY = Symbol.for('secscan.test-postgres');
const holder = globalThis as typeof globalThis & { [KEY]?: Promise<Shared> };

async function begin(): Promise<Shared> {
  const external = process.env['DATABASE_URL']?.trim();
  if (external) return { info: { adminUrl: external, controlUrl: null }, control: null, embedded: null, users: 0 };
  const secretPath = `/postgres/${randomBytes(16).toString('hex')}`;
  const shared: Shared = { info: { adminUrl: null, controlUrl: null }, control: null, embedded: null, users: 0 };
  const control = createServer((request, response) => {
    if (request.url !== secretPath) {
      response.writeHead(404).end();
      return;
    }
    shared.embedded ??= startEmbeddedPostgres();
    shared.embedded.then(
      (pg) => response.writeHead(200, { 'content-type': 'text/plain' }).end(pg.url),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : String(error)),
    );
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const address = control.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  shared.control = control;
  shared.info = { adminUrl: null, controlUrl: `http://127.0.0.1:${port}${secretPath}` };
  return shared;
}

/** Provides the project's tests with the way to the run's PostgreSQL; the teardown stops it with the last project. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = await (holder[KEY] ??= begin());
  shared.users++;
  project.provide('secscanPostgres', shared.info);
  return async () => {
    shared.users--;
    if (shared.users > 0) return;
    delete holder[KEY];
    shared.control?.closeAllConnections();
    await new Promise((resolve) => (shared.control ? shared.control.close(resolve) : resolve(undefined)));
    const pg = await shared.embedded?.catch(() => null);
    await pg?.destroy();
  };
}
