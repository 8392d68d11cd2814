/**
 * The API reference in real headless Chromium: loaded from a running server with every request
 * to any other host blocked, it must render the scan operation, attempt no outside request, and
 * break no rule of its Content-Security-Policy.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { RUNTIMES, startServer, type ServerProcess } from './support/servers.ts';

const node = RUNTIMES.find((runtime) => runtime.name === 'node');

describe('API reference page in headless Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    if (!node) throw new Error('no node runtime');
    server = await startServer(node);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('renders the scan operation offline, under its CSP', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const ours = new URL(server.url).host;
    const outside: string[] = [];
    const served: string[] = [];
    await context.route('**/*', async (route) => {
      const requested = new URL(route.request().url());
      if (requested.host === ours) {
        served.push(requested.pathname);
        await route.continue();
      } else {
        outside.push(requested.href);
        await route.abort('blockedbyclient');
      }
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('requestfailed', (request) => {
      if (new URL(request.url()).host === ours) problems.push(`failed: ${request.url()}`);
    });

    const response = await page.goto(`${server.url}/api/docs`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    // The operation of POST /api/scan, by its summary, rendered by Scalar from our OpenAPI document.
    await page.getByText('Scan code for security vulnerabilities').first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.getByText('/api/scan').first().waitFor({ state: 'visible', timeout: 10_000 });
    await page.waitForLoadState('networkidle');

    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    expect(served).toEqual(expect.arrayContaining(['/api/docs', '/api/docs/scalar.js', '/api/openapi.json']));
    await context.close();
  });

  it('tries the scan operation with its example and gets JSON findings, not an empty SARIF log', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const ours = new URL(server.url).host;
    await context.route('**/*', (route) => (new URL(route.request().url()).host === ours ? route.continue() : route.abort('blockedbyclient')));
    const page = await context.newPage();
    await page.goto(`${server.url}/api/docs`, { waitUntil: 'load' });
    // The first operation's "Test Request" opens Scalar's client with the document's example body.
    const tryIt = page.getByRole('button', { name: /Test Request/ }).first();
    await tryIt.waitFor({ state: 'visible', timeout: 30_000 });
    await tryIt.click();
    const send = page.getByRole('button', { name: /^Send/ }).first();
    await send.waitFor({ state: 'visible', timeout: 10_000 });
    const [answer] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/scan') && r.request().method() === 'POST', { timeout: 30_000 }), send.click()]);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/json');
    const body = (await answer.json()) as { findings: { ruleId: string }[] };
    expect(body.findings.map((f) => f.ruleId)).toContain('javascript.sql-injection');
    await context.close();
  });
});
