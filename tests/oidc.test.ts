/**
 * Single sign-on end to end (issue #11): a real OpenID provider (`oidc-provider`, its own process)
 * and secscan on Node, driven by headless Chromium through the whole authorization code flow with
 * PKCE — the sign-in button, the provider's login and consent pages, the callback — into the
 * dashboard. The first such user becomes admin; a second one gets a member account. A callback
 * without the flow's cookie, or with a forged state, lands back on the sign-in page. The client
 * secret appears in no log line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '@secscan/postgres/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, launchChromium } from './support/browser.ts';
import { ROOT, RUNTIMES, startServer, type ServerProcess } from './support/servers.ts';

const CLIENT_SECRET = 'oidc-client-secret-4b1d9a7e-never-logged';
const node = RUNTIMES.find((runtime) => runtime.name === 'node');

/** Starts the provider and resolves once it listens. */
async function startProvider(port: number, redirectUri: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [`${ROOT}tests/support/oidc-provider.mjs`], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', ISSUER_PORT: String(port), REDIRECT_URI: redirectUri, CLIENT_SECRET },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the OIDC provider did not start:\n${output}`)), 30_000);
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`the OIDC provider exited (${code}):\n${output}`)));
  });
  return child;
}

describe('OIDC single sign-on on node', () => {
  let provider: ChildProcess;
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    if (!node) throw new Error('no node runtime');
    const issuerPort = await freePort();
    server = await startServer(node, {
      SECSCAN_SCAN_WORKERS: '0',
      SECSCAN_OIDC_ISSUER: `http://127.0.0.1:${issuerPort}`,
      SECSCAN_OIDC_CLIENT_ID: 'secscan',
      SECSCAN_OIDC_CLIENT_SECRET: CLIENT_SECRET,
      SECSCAN_OIDC_NAME: 'Test IdP',
    });
    provider = await startProvider(issuerPort, `${server.url}/api/auth/oidc/callback`);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    provider?.kill('SIGTERM');
    await server?.stop();
  });

  /** Signs in through the provider as `login`, in a fresh browser; resolves the dashboard page. */
  const signInThroughProvider = async (login: string, from: '/dashboard/sign-up' | '/dashboard/sign-in'): Promise<Page> => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    // The provider's development pages ask for a web font: nothing leaves this machine.
    await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort('blockedbyclient')));
    const page = await context.newPage();
    await page.goto(`${server.url}${from}`);
    await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password the test provider accepts');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByRole('heading', { name: 'API keys' })
      .waitFor()
      .catch(async (error: unknown) => {
        await page.screenshot({ path: `${artifactsDir('oidc')}/failed-${login}.png` });
        throw new Error(`not signed in; the browser is at ${page.url()}\n${server.stdout.filter((line) => line.includes('oidc')).join('\n')}`, { cause: error });
      });
    return page;
  };

  it('signs the first user in as admin, and a second as member', async () => {
    const first = await signInThroughProvider('olivia', '/dashboard/sign-up');
    expect(new URL(first.url()).pathname).toBe('/dashboard/keys');
    await first.getByText('Olivia Single-Sign-On').waitFor();
    await expect(first.getByRole('link', { name: 'Users' }).count()).resolves.toBe(1);
    await first.screenshot({ path: `${artifactsDir('oidc')}/signed-in.png` });
    const session = await first.evaluate(
      async () => (await (await fetch('/api/auth/session')).json()) as { user: { email: string; role: string; singleSignOn: boolean; hasPassword: boolean } },
    );
    expect(session.user).toMatchObject({ email: 'olivia@example.com', role: 'admin', singleSignOn: true, hasPassword: false });
    await first.context().close();

    const second = await signInThroughProvider('oscar', '/dashboard/sign-in');
    const member = await second.evaluate(async () => (await (await fetch('/api/auth/session')).json()) as { user: { email: string; role: string } });
    expect(member.user).toMatchObject({ email: 'oscar@example.com', role: 'member' });
    await second.context().close();
  });

  it('sends a callback without its flow, or with a forged state, back to the sign-in page', async () => {
    const bare = await fetch(`${server.url}/api/auth/oidc/callback?code=abc&state=forged`, { redirect: 'manual' });
    expect(bare.status).toBe(302);
    expect(bare.headers.get('location')).toBe(`${server.url}/dashboard/sign-in#error=sso_expired`);
    const start = await fetch(`${server.url}/api/auth/oidc/start`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location') ?? '');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('client_id')).toBe('secscan');
    const flow = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(flow).toMatch(/^secscan_oidc=/);
    const forged = await fetch(`${server.url}/api/auth/oidc/callback?code=abc&state=forged`, { redirect: 'manual', headers: { cookie: flow } });
    expect(forged.headers.get('location')).toBe(`${server.url}/dashboard/sign-in#error=sso_failed`);
    expect(forged.headers.get('set-cookie')).not.toContain('secscan_session=ss_');
  });

  it('never logs the client secret', () => {
    expect(server.stdout.join('\n') + server.stderr()).not.toContain(CLIENT_SECRET);
  });
});
