/**
 * Headless Chromium for the browser tests: Debian's chromium driven by playwright-core, with the
 * flags that work in CI containers, and an axe-core accessibility check run inside a page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT } from './servers.ts';

/** Debian's chromium package (`apt-get install -y chromium`; .ci/run installs it); override with CHROMIUM_PATH. */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
/** Flags for a quiet, sandbox-less headless run in CI containers. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches Chromium; throws a clear message when it is not installed. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/** Where browser tests keep their screenshots (gitignored): tests/artifacts/<suite>/. */
export function artifactsDir(suite: string): string {
  const dir = `${ROOT}tests/artifacts/${suite}`;
  mkdirSync(dir, { recursive: true });
  return dir;
}

const AXE_SOURCE = readFileSync(`${ROOT}node_modules/axe-core/axe.min.js`, 'utf8');

/** An accessibility violation as the tests report it. */
export interface AxeViolation {
  page: string;
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules) on the page as it is now and resolves its serious and
 * critical violations. The engine is evaluated through the DevTools protocol, which the page's CSP
 * does not govern, so the page under test keeps its real policy.
 */
export async function seriousAxeViolations(page: Page, label: string): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ page: label, ...v }));
}
