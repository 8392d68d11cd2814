/**
 * SECSCAN_MODELS on the three servers, as real processes: a user model teaches every scan worker
 * (and the in-process scanner) a framework; an invalid model file stops the start with a message
 * naming the file and the field.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RUNTIMES, startServer } from './support/servers.ts';

const dir = mkdtempSync(join(tmpdir(), 'secscan-models-'));
const model = {
  name: 'acme-web',
  language: 'python',
  sources: [{ path: 'acme.web.request.params', kind: 'remote' }],
  sinks: [{ call: 'acme.web.sql.run', class: 'sql-injection' }],
};
const good = join(dir, 'acme-web.json');
const bad = join(dir, 'broken.json');
writeFileSync(good, JSON.stringify(model));
writeFileSync(bad, JSON.stringify({ ...model, sinks: [{ call: 'acme.web.sql.run', class: 'sqli' }] }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const code = 'from acme.web import request, sql\n\ndef orders():\n    sql.run("SELECT * FROM orders WHERE status = \'" + request.params["s"] + "\'")\n';

async function scanRules(url: string): Promise<string[]> {
  const response = await fetch(`${url}/api/scan`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, language: 'python' }) });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { findings: { ruleId: string; location: { startLine: number } }[] };
  return body.findings.map((f) => `${f.ruleId}@${f.location.startLine}`);
}

describe.each(RUNTIMES.map((r) => [r.name, r] as const))('SECSCAN_MODELS on %s', (_name, runtime) => {
  it('adds the model to the scan workers (and, on Node, to the in-process scanner); refuses a bad file at start', async () => {
    // Without the model the scanner does not know acme.web (models.test.ts); here every worker must.
    for (const workers of runtime.name === 'node' ? ['1', '0'] : ['1']) {
      const server = await startServer(runtime, { SECSCAN_MODELS: good, SECSCAN_SCAN_WORKERS: workers });
      try {
        await server.warm();
        expect(await scanRules(server.url)).toEqual(['python.sql-injection@4']);
        expect(server.logs().some((l) => l['msg'] === 'models loaded' && l['models'] === 1)).toBe(true);
      } finally {
        await server.stop();
      }
    }
    await expect(startServer(runtime, { SECSCAN_MODELS: `${good},${bad}` }, 30_000)).rejects.toThrow(
      /SECSCAN_MODELS: invalid model files?:\n.*broken\.json\.sinks\[0\]\.class \(acme-web\): must be a taint class/,
    );
  });
});
