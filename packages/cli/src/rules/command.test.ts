import { RULES } from '@secscan/core';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../command.ts';
import { runCli } from '../run.ts';
import { formatRulesTable, summarizeRules, unknownRuleError, type RuleSummary } from './command.ts';

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
    const ids = [...new Set(RULES.map((r) => r.id))].sort();
    expect(lines.at(-1)).toBe(`${ids.length} rules`);
    const rows = lines.slice(1, -1);
    expect(rows.map((row) => row.split(' ')[0])).toEqual(ids);
    expect(rows.find((row) => row.startsWith('javascript.sql-injection '))).toMatch(/ critical +CWE-89 +(\S+,)?javascript(,\S+)? +SQL injection$/);
  });

  it('filters by language, aliases included, and prints JSON', async () => {
    const { code, stdout } = await cli(['rules', '--language', 'py', '--format', 'json']);
    expect(code).toBe(0);
    const rules = JSON.parse(stdout) as RuleSummary[];
    expect(rules.map((r) => r.id)).toEqual([...new Set(RULES.filter((r) => r.languages.includes('python')).map((r) => r.id))].sort());
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

describe('summarizeRules', () => {
  it('lists an id made of several parts once, with the highest severity and every CWE and language', () => {
    const parts = RULES.filter((r) => r.id === 'secrets.hardcoded-secret');
    expect(parts.length).toBeGreaterThan(1);
    const [summary, ...others] = summarizeRules(parts);
    expect(others).toEqual([]);
    expect(summary?.severity).toBe(parts.some((p) => p.severity === 'critical') ? 'critical' : 'high');
    expect(new Set(summary?.cwe)).toEqual(new Set(parts.flatMap((p) => p.cwe)));
    expect(new Set(summary?.languages)).toEqual(new Set(parts.flatMap((p) => p.languages)));
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
