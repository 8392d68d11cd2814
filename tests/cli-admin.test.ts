/**
 * `secscan keys` and `secscan sessions` (packages/cli/src/admin) against a real server process:
 * a key created from the command line works for scanning, shows up in the list, and stops working
 * the moment it is revoked; the admin token never appears in the output.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKeysCommand } from '../packages/cli/src/admin/keys.ts';
import type { CliIo } from '../packages/cli/src/command.ts';
import { runSessionsCommand } from '../packages/cli/src/admin/sessions.ts';
import { RUNTIMES, startServer, type ServerProcess } from './support/servers.ts';

const ADMIN_TOKEN = 'cli-admin-test-token-5d8f0b3c-77a1-4f0e-b2d6';
/** The CLI talks HTTP: one runtime is enough here (the conformance suite covers all three). */
const NODE = RUNTIMES.find((runtime) => runtime.name === 'node');
if (!NODE) throw new Error('the node runtime is missing from tests/support/servers.ts');

function io(env: Record<string, string> = { SECSCAN_ADMIN_TOKEN: ADMIN_TOKEN }): CliIo & { out: string; err: string } {
  const collected = {
    out: '',
    err: '',
    cwd: process.cwd(),
    env,
    stdout: (text: string) => {
      collected.out += text;
    },
    stderr: (text: string) => {
      collected.err += text;
    },
  };
  return collected;
}

describe('secscan keys / sessions against a running server', () => {
  let server: ServerProcess;
  const scan = (token: string): Promise<Response> =>
    fetch(`${server.url}/api/scan`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{"code":"","language":"js"}' });

  beforeAll(async () => {
    server = await startServer(NODE, { SECSCAN_ADMIN_TOKEN: ADMIN_TOKEN });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('creates a key that works, lists it, and revokes it', async () => {
    const created = io();
    expect(await runKeysCommand(['create', '--name', 'from the CLI', '--plan', 'pro', '--url', server.url, '--format', 'json'], created)).toBe(0);
    const { id, key } = JSON.parse(created.out) as { id: string; key: string };
    expect((await scan(key)).status).toBe(200);

    const listed = io();
    expect(await runKeysCommand(['list', '--url', server.url], listed)).toBe(0);
    const row = listed.out.split('\n').find((line) => line.startsWith(id)) ?? '';
    expect(row).toMatch(/from the CLI\s+pro\s+1000\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ\s+-$/);
    expect(listed.out).not.toContain(key);

    const revoked = io();
    expect(await runKeysCommand(['revoke', id, '--url', server.url], revoked)).toBe(0);
    expect((await scan(key)).status).toBe(401);

    const table = io();
    expect(await runKeysCommand(['create', '--name', 'table', '--url', server.url], table)).toBe(0);
    expect(table.out).toMatch(/^Created API key [0-9a-f-]{36} "table" \(free, 100 requests\/min\)\.\n\n {2}sk_live_[0-9A-Za-z]{49}\n\nStore it now/);
    for (const output of [created, listed, revoked, table]) expect(output.out + output.err).not.toContain(ADMIN_TOKEN);
  });

  it('creates and revokes a session', async () => {
    const created = io();
    expect(await runSessionsCommand(['create', '--subject', 'cli-user', '--ttl', '600', '--url', server.url, '--format', 'json'], created)).toBe(0);
    const { id, token, expiresAt } = JSON.parse(created.out) as { id: string; token: string; expiresAt: string };
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(590_000);
    expect((await scan(token)).status).toBe(200);
    expect(await runSessionsCommand(['revoke', id, '--url', server.url], io())).toBe(0);
    expect((await scan(token)).status).toBe(401);
  });

  it('explains a wrong admin token, an unknown id and an unreachable server', async () => {
    const wrong = io({ SECSCAN_ADMIN_TOKEN: 'not-the-admin-token-0123456789abcdefghijkl' });
    expect(await runKeysCommand(['list', '--url', server.url], wrong)).toBe(1);
    expect(wrong.err).toContain('the server refused the admin token');
    expect(wrong.err).not.toContain('not-the-admin-token');

    const unknown = io();
    expect(await runKeysCommand(['revoke', '0190a000-0000-7000-8000-00000000ffff', '--url', server.url], unknown)).toBe(1);
    expect(unknown.err).toContain('There is no key with this id');

    const malformed = io();
    expect(await runKeysCommand(['revoke', 'not-an-id', '--url', server.url], malformed)).toBe(1);
    expect(malformed.err).toContain('id: id must be a UUID');

    const unreachable = io();
    expect(await runKeysCommand(['list', '--url', 'http://127.0.0.1:9'], unreachable)).toBe(1);
    expect(unreachable.err).toContain('cannot reach http://127.0.0.1:9');
  });

  it('says when the server has no admin token', async () => {
    const plain = await startServer(NODE);
    try {
      const out = io();
      expect(await runKeysCommand(['list', '--url', plain.url], out)).toBe(1);
      expect(out.err).toBe('secscan: this server has no admin token: start it with SECSCAN_ADMIN_TOKEN set (admin users can manage keys in its dashboard)\n');
    } finally {
      await plain.stop();
    }
  });
});
