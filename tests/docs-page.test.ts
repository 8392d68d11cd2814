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
});
