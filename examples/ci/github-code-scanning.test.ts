/**
 * The code scanning workflow is valid in the ways that matter, and the exact command it runs
 * produces a SARIF log that upload-sarif accepts: run here against a temp repository.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSarif, CLI_SOURCE, ROOT, runScript, SCRIPT_RUNTIMES, tempDir, VULNERABLE_PROJECT, writeTree } from '@secscan/cli/testing';

const WORKFLOW = await readFile(fileURLToPath(new URL('./github-code-scanning.yml', import.meta.url)), 'utf8');

interface YamlLine {
  indent: number;
  text: string;
}

/** Non-blank lines without comments, with their indentation: enough to walk a block mapping. */
function yamlLines(text: string): YamlLine[] {
  return text.split('\n').flatMap((raw) => {
    const hash = raw.search(/(^|\s)#/);
    const line = (hash < 0 ? raw : raw.slice(0, hash)).trimEnd();
    return line.trim() === '' ? [] : [{ indent: line.length - line.trimStart().length, text: line.trim() }];
  });
}

/** The lines nested under `path` (keys of block mappings, outermost first); throws when a key is missing. */
function section(text: string, path: readonly string[]): YamlLine[] {
  let scope = yamlLines(text);
  for (const key of path) {
    const indent = Math.min(...scope.map((l) => l.indent));
    const at = scope.findIndex((l) => l.indent === indent && (l.text === `${key}:` || l.text.startsWith(`${key}: `)));
    if (at < 0) throw new Error(`no key ${path.join('.')} (at ${key})`);
    const end = scope.findIndex((l, i) => i > at && l.indent <= indent);
    scope = scope.slice(at + 1, end < 0 ? undefined : end);
  }
  return scope;
}

/** The `key: value` pairs directly in a block. */
function pairs(lines: readonly YamlLine[]): Record<string, string> {
  const indent = Math.min(...lines.map((l) => l.indent));
  return Object.fromEntries(
    lines.filter((l) => l.indent === indent && l.text.includes(': ')).map((l) => [l.text.slice(0, l.text.indexOf(': ')), l.text.slice(l.text.indexOf(': ') + 2)]),
  );
}

const steps = section(WORKFLOW, ['jobs', 'scan', 'steps']).map((l) => l.text);
const runLine = steps.find((l) => l.startsWith('run: npx --yes @secscan/cli@')) ?? '';
const [launcher = '', ...cliArgs] = runLine
  .slice('run: '.length)
  .split(' ')
  .filter((w) => w !== '')
  .slice(2);
const sarifFile = steps.find((l) => l.startsWith('sarif_file: '))?.slice('sarif_file: '.length) ?? '';

describe('examples/ci/github-code-scanning.yml', () => {
  it('runs on pushes, pull requests and a schedule, with a read-only token except where it uploads', () => {
    expect(WORKFLOW).not.toContain('\t');
    expect(pairs(section(WORKFLOW, ['permissions']))).toEqual({ contents: 'read' });
    expect(pairs(section(WORKFLOW, ['jobs', 'scan', 'permissions']))).toEqual({ contents: 'read', 'security-events': 'write', actions: 'read' });
    const triggers = section(WORKFLOW, ['on']);
    expect(triggers.filter((l) => l.indent === triggers[0]?.indent).map((l) => l.text)).toEqual(['push:', 'pull_request:', 'schedule:']);
  });

  it('scans with the published CLI at this version and uploads the file it writes', async () => {
    const cli = JSON.parse(await readFile(join(ROOT, 'packages', 'cli', 'package.json'), 'utf8')) as { version: string };
    expect(launcher).toBe(`@secscan/cli@${cli.version}`);
    expect(cliArgs.slice(0, 2)).toEqual(['scan', '.']);
    expect(cliArgs[cliArgs.indexOf('--format') + 1]).toBe('sarif');
    expect(cliArgs[cliArgs.indexOf('--output') + 1]).toBe(sarifFile);
    expect(steps).toContain('uses: github/codeql-action/upload-sarif@v4');
    expect(steps).toContain("if: ${{ !cancelled() && hashFiles('secscan.sarif') != '' }}");
  });

  describe.each(SCRIPT_RUNTIMES.map((r) => [r.name, r] as const))('its scan command on %s', (_name, runtime) => {
    let repo: string;

    beforeAll(async () => {
      repo = await tempDir('workflow');
      await writeTree(repo, { ...VULNERABLE_PROJECT, '.git/HEAD': 'ref: refs/heads/main\n' });
    });

    afterAll(async () => {
      await rm(repo, { recursive: true, force: true });
    });

    it('writes the SARIF log upload-sarif reads, and fails the step on high findings', async () => {
      const result = await runScript(runtime, CLI_SOURCE, cliArgs, repo);
      expect(result.code, result.stderr).toBe(1);
      const sarif = await readFile(join(repo, sarifFile), 'utf8');
      expect(checkSarif(sarif)).toEqual(['src/routes/users.js:9:3 javascript.sql-injection', 'tools/ping.py:9:5 python.command-injection']);
      const log = JSON.parse(sarif) as { runs: { tool: { driver: { rules: { properties: Record<string, unknown> }[] } } }[] };
      // code scanning ranks security alerts by this property
      for (const rule of log.runs[0]?.tool.driver.rules ?? []) expect(rule.properties['security-severity']).toBe('9.5');
    });
  });
});
