/**
 * The dashboard in real headless Chromium (issue #11), against real server processes on Node, Bun
 * and Deno, each with the memory stores and with PostgreSQL. One journey per runtime × store:
 *
 * the first user signs up and becomes admin → creates a key → the key scans through the API (200,
 * free limits) → usage shows the scan → history shows it, and opens it with its code and findings →
 * the playground scans → the key is revoked and gets 401 → the admin invites a second user, who
 * signs up through the link, signs out and in again, and sees none of the first user's keys or
 * scans (404 on their ids) nor the admin API (403).
 *
 * On every variant every request stays on our server and no page breaks its CSP or logs an error.
 * The pages are the same static files everywhere, so the accessibility check (axe-core: no serious
 * or critical violation) and the screenshots kept in tests/artifacts/dashboard/ (light, and a few
 * in dark) run once, on Node with the memory stores, which keeps the suite's time down.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createTestDatabase, type TestDatabase } from '@secscan/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, launchChromium, seriousAxeViolations, type AxeViolation } from './support/browser.ts';
import { RUNTIMES, startServer, type Runtime } from './support/servers.ts';

const VULNERABLE = `const express = require('express');
const db = require('./db');
const app = express();

app.get('/users', (req, res) => {
  db.query("SELECT * FROM users WHERE id = " + req.query.id, (err, rows) => res.json(rows));
});
`;

const FIRST = { email: 'ada@example.com', name: 'Ada Lovelace', password: 'analytical engine punched cards' };
const SECOND = { email: 'grace@example.com', name: 'Grace Hopper', password: 'compilers and nanoseconds of wire' };

const VARIANTS: { name: string; runtime: Runtime; store: 'memory' | 'postgres' }[] = RUNTIMES.flatMap((runtime) => [
  { name: `${runtime.name}-memory`, runtime, store: 'memory' as const },
  { name: `${runtime.name}-postgres`, runtime, store: 'postgres' as const },
]);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** A browser context that may reach only our server, and records what goes wrong in its pages. */
async function ourContext(origin: string, colorScheme: 'light' | 'dark' = 'light'): Promise<{ context: BrowserContext; problems: string[] }> {
  const context = await browser.newContext({ serviceWorkers: 'block', colorScheme, viewport: { width: 1280, height: 860 } });
  const problems: string[] = [];
  const host = new URL(origin).host;
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.host === host) await route.continue();
    else {
      problems.push(`request to another host: ${url.href}`);
      await route.abort('blockedbyclient');
    }
  });
  context.on('page', (page) => watch(page, problems));
  return { context, problems };
}

function watch(page: Page, problems: string[]): void {
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // A 4xx the test provokes on purpose shows as a failed resource load; everything else is a problem (CSP included).
    if (message.type() === 'error' && !message.text().includes('Failed to load resource')) problems.push(`console: ${message.text()}`);
  });
}

describe.each(VARIANTS)('dashboard journey on $name', ({ name, runtime, store }) => {
  it('runs the whole journey of two users, accessibly, on our own origin only', async () => {
    const shots = artifactsDir('dashboard');
    const database: TestDatabase | null = store === 'postgres' ? await createTestDatabase() : null;
    const server = await startServer(runtime, { SECSCAN_STORE_CODE: 'true', SECSCAN_SCAN_WORKERS: '1', ...(database ? { DATABASE_URL: database.url } : {}) });
    const violations: AxeViolation[] = [];
    const { context, problems } = await ourContext(server.url);
    const page = await context.newPage();
    const inspected = name === 'node-memory';
    const check = async (label: string, on: Page = page): Promise<void> => {
      if (!inspected) return;
      await on.waitForLoadState('networkidle');
      violations.push(...(await seriousAxeViolations(on, label)));
      await on.screenshot({ path: `${shots}/${name}-${label}.png`, fullPage: true });
    };
    const nav = (label: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true });
    try {
      // The first user: / leads to the dashboard, which on a fresh install offers to set it up.
      await page.goto(`${server.url}/`);
      await page.getByRole('heading', { name: 'Set up secscan' }).waitFor();
      await check('01-sign-up-first-user');
      await page.getByLabel('E-mail').fill(FIRST.email);
      await page.getByLabel('Name').fill(FIRST.name);
      await page.getByLabel('Password').fill(FIRST.password);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'API keys' }).waitFor();
      // The first user is the admin.
      await expect(page.getByRole('link', { name: 'Users' }).count()).resolves.toBe(1);

      // A key, shown once.
      await page.getByLabel('Key name').fill('CI pipeline');
      await page.getByRole('button', { name: 'Create key' }).click();
      const key = (await page.locator('#new-key-value').textContent()) ?? '';
      expect(key).toMatch(/^sk_live_[0-9A-Za-z]{49}$/);
      await check('02-keys-created');

      // The key scans through the API, on the free plan's limits.
      const scanned = await fetch(`${server.url}/api/scan`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ code: VULNERABLE, filename: 'users.js' }),
      });
      expect(scanned.status).toBe(200);
      expect(scanned.headers.get('ratelimit-policy')).toBe('"free-minute";q=100;w=60');
      const { scanId, findings } = (await scanned.json()) as { scanId: string; findings: { severity: string }[] };
      expect(findings.length).toBeGreaterThan(0);

      // Usage shows it.
      await nav('Usage').click();
      await page.getByRole('heading', { name: 'Usage' }).waitFor();
      await page.getByText('Key “CI pipeline” (free)').waitFor();
      await expect(page.getByText('1 of 100 used').count()).resolves.toBe(1);
      await expect(page.locator('.stat').first().textContent()).resolves.toContain('1scans in 30 days');
      await check('03-usage');

      // History shows it, and opens it with its code and findings.
      await nav('History').click();
      await page.getByRole('cell', { name: 'users.js' }).waitFor();
      await expect(page.getByRole('cell', { name: 'Key “CI pipeline”' }).count()).resolves.toBe(1);
      await check('04-history');
      await page.locator(`a[href="/dashboard/history/${scanId}"]`).click();
      await page.getByRole('heading', { name: 'users.js' }).waitFor();
      await page.getByRole('region', { name: 'Scanned code' }).waitFor();
      await expect(page.locator('.code-view tr.flagged').count()).resolves.toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Download SARIF' }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Save SARIF file' }).click();
      const sarif = await download;
      expect(sarif.suggestedFilename()).toBe(`secscan-${scanId}.sarif`);
      await check('05-scan-detail');

      // The playground scans with the session.
      await nav('Playground').click();
      await page.getByLabel('Code').fill(VULNERABLE);
      await page.getByLabel('File name').fill('playground.js');
      await page.getByRole('button', { name: 'Scan', exact: true }).click();
      await page.getByRole('heading', { name: /^Result: [1-9]\d* findings?/ }).waitFor();
      await check('06-playground');

      // Revoke: the key is refused from the next request on.
      await nav('API keys').click();
      await page.getByRole('button', { name: 'Revoke CI pipeline' }).click();
      await page.getByRole('button', { name: 'Yes, revoke CI pipeline' }).click();
      await page.getByText('Revoked', { exact: true }).waitFor();
      const refused = await fetch(`${server.url}/api/scan`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: '{"code":"x = 1","language":"py"}',
      });
      expect(refused.status).toBe(401);
      await check('07-keys-revoked');
      const keyId = await page.evaluate(async () => ((await (await fetch('/api/me/keys')).json()) as { keys: { id: string }[] }).keys[0]?.id ?? '');

      // The admin invites the second user.
      await nav('Users').click();
      await page.getByLabel('E-mail').fill(SECOND.email);
      await page.getByRole('button', { name: 'Create invitation link' }).click();
      const link = (await page.locator('#invitation-link').textContent()) ?? '';
      expect(link).toMatch(/\/dashboard\/sign-up#invitation=si_/);
      await check('08-admin-users');
      await nav('All keys').click();
      await page.getByRole('cell', { name: FIRST.email }).waitFor();
      await check('09-admin-keys');
      await nav('Settings').click();
      await page.getByRole('group', { name: 'Who may sign up' }).waitFor();
      await check('10-admin-settings');
      if (inspected) {
        // Dark mode, as a user who prefers it sees it.
        await page.emulateMedia({ colorScheme: 'dark' });
        for (const [label, path] of [
          ['usage', 'Usage'],
          ['keys', 'API keys'],
          ['history', 'History'],
        ] as const) {
          await nav(path).click();
          await page.getByRole('heading', { level: 1 }).waitFor();
          await check(`dark-${label}`);
        }
        await page.locator(`a[href="/dashboard/history/${scanId}"]`).click();
        await page.getByRole('region', { name: 'Scanned code' }).waitFor();
        await check('dark-scan-detail');
      }

      // The second user, in a browser of their own, through the invitation link.
      const second = await ourContext(server.url);
      try {
        const other = await second.context.newPage();
        await other.goto(link);
        await other.getByRole('heading', { name: 'Create your account' }).waitFor();
        await other.getByText('You are invited as').waitFor();
        await expect(other.getByLabel('E-mail').inputValue()).resolves.toBe(SECOND.email);
        await check('11-sign-up-invited', other);
        await other.getByLabel('Name').fill(SECOND.name);
        await other.getByLabel('Password').fill(SECOND.password);
        await other.getByRole('button', { name: 'Create account' }).click();
        await other.getByRole('heading', { name: 'API keys' }).waitFor();
        // A member: no admin pages; none of the first user's keys.
        await expect(other.getByRole('link', { name: 'Users' }).count()).resolves.toBe(0);
        await other.getByText('No keys yet').waitFor();
        // Sign out, and in again through the form.
        await other.getByRole('button', { name: 'Sign out' }).click();
        await other.getByRole('heading', { name: 'Sign in' }).waitFor();
        await check('12-sign-in', other);
        await other.getByLabel('E-mail').fill(SECOND.email);
        await other.getByLabel('Password').fill(SECOND.password);
        await other.getByRole('button', { name: 'Sign in' }).click();
        await other.getByRole('heading', { name: 'API keys' }).waitFor();
        await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History', exact: true }).click();
        await other.getByText('No scans yet').waitFor();
        // The first user's scan and key are not there for them: 404, as if they did not exist.
        const statuses = await other.evaluate(
          async ({ scanId, keyId }) => {
            const { csrfToken } = (await (await fetch('/api/auth/session')).json()) as { csrfToken: string };
            return {
              scan: (await fetch(`/api/me/scans/${scanId}`)).status,
              storedScan: (await fetch(`/api/scans/${scanId}`)).status,
              revoke: (await fetch(`/api/me/keys/${keyId}`, { method: 'DELETE', headers: { 'x-csrf-token': csrfToken } })).status,
              adminUsers: (await fetch('/api/admin/users')).status,
            };
          },
          { scanId, keyId },
        );
        expect(statuses).toEqual({ scan: 404, storedScan: 404, revoke: 404, adminUsers: 403 });
        expect(second.problems).toEqual([]);
      } finally {
        await second.context.close();
      }
      expect(problems).toEqual([]);
      expect(violations).toEqual([]);
    } finally {
      await context.close();
      await server.stop();
      await database?.drop();
    }
  });
});
