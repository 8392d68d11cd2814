/** The embedding example runs on Node (imported), Bun and Deno (as real processes) and prints the same findings. */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT, runScript, SCRIPT_RUNTIMES } from '@secscan/cli/testing';
import { main } from './scan-snippet.ts';

const EXAMPLE = fileURLToPath(new URL('./scan-snippet.ts', import.meta.url));

const EXPECTED = `7:22 critical javascript.sql-injection (CWE-89)
  Untrusted data from req.query.status is built into the SQL text passed to db.query
  flow: 5:source: req.query.status -> 5:assigned to status -> 7:sink: db.query
1 finding in javascript code
`;

describe('examples/embed/scan-snippet.ts', () => {
  it('prints the SQL injection with its data flow on Node', async () => {
    const lines: string[] = [];
    expect(await main((line) => lines.push(line))).toBe(1);
    expect(`${lines.join('\n')}\n`).toBe(EXPECTED);
  });

  it.each(SCRIPT_RUNTIMES.map((r) => [r.name, r] as const))('prints the same on %s', async (_name, runtime) => {
    expect(await runScript(runtime, EXAMPLE, [], ROOT)).toEqual({ code: 0, stdout: EXPECTED, stderr: '' });
  });
});
