import { RULES } from '@secscan/core';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../command.ts';
import { runCli } from '../run.ts';
import { formatRulesTable, unknownRuleError, type RuleSummary } from './command.ts';

async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), cwd: '/', env: {} };
  return { code: await runCli(argv, io), stdout, stderr };
}

describe('secscan rules', () => {
  it('lists every rule with its severity, CWEs, languages and title, sorted by id', async () => {
    const { code, stdout, stderr } = await cli(['rules']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID +SEVERITY +CWE +LANGUAGES +TITLE$/);
    expect(lines.at(-1)).toBe(`${RULES.length} rules`);
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(RULES.length);
    expect(rows.map((row) => row.split(' ')[0])).toEqual(RULES.map((r) => r.id).sort());
    expect(rows.find((row) => row.startsWith('javascript.sql-injection '))).toMatch(/ critical +CWE-89 +javascript,typescript +SQL injection$/);
  });

  it('filters by language, aliases included, and prints JSON', async () => {
    const { code, stdout } = await cli(['rules', '--language', 'py', '--format', 'json']);
    expect(code).toBe(0);
    const rules = JSON.parse(stdout) as RuleSummary[];
    expect(rules.length).toBe(RULES.filter((r) => r.languages.includes('python')).length);
    expect(rules.every((r) => r.languages.includes('python'))).toBe(true);
    expect(rules[0]).toEqual({
      id: expect.any(String),
      title: expect.any(String),
      severity: expect.any(String),
      confidence: expect.any(String),
      cwe: expect.any(Array),
      owasp: expect.any(Array),
      languages: expect.any(Array),
      references: expect.any(Array),
    });
  });

  it('refuses unknown languages, formats and arguments with exit code 2', async () => {
    expect(await cli(['rules', '--language', 'cobol'])).toMatchObject({ code: 2, stderr: expect.stringContaining("unknown language 'cobol'") });
    expect(await cli(['rules', '--format', 'sarif'])).toMatchObject({ code: 2, stderr: expect.stringContaining("invalid value for --format: 'sarif'") });
    expect(await cli(['rules', 'python'])).toMatchObject({ code: 2, stderr: expect.stringContaining('takes no arguments') });
  });

  it('is listed in the main help', async () => {
    expect((await cli(['--help'])).stdout).toMatch(/^ {2}rules +List the rules/m);
  });
});

describe('unknownRuleError', () => {
  it("lists the language's rules when the id names a language", () => {
    const message = unknownRuleError('python.sqli').message;
    expect(message).toMatch(/^unknown rule id 'python\.sqli' \(did you mean python\.[a-z-]+\?\)\. The python rules: /);
    for (const rule of RULES.filter((r) => r.id.startsWith('python.'))) expect(message).toContain(rule.id);
    expect(message).not.toContain('javascript.');
  });

  it('lists every id, one line per family, otherwise', () => {
    const message = unknownRuleError('sqli').message;
    for (const rule of RULES) expect(message).toContain(rule.id);
    expect(message).toContain('secscan rules');
  });

  it('formats a table whose columns line up', () => {
    const table = formatRulesTable(RULES.slice(0, 5));
    const [header, ...rows] = table.trimEnd().split('\n');
    const titleColumn = header?.indexOf('TITLE') ?? -1;
    for (const row of rows.slice(0, -1)) expect(row[titleColumn - 1]).toBe(' ');
  });
});
