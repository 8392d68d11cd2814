import { join } from 'node:path';
import type { Finding, ScanResult, Severity } from '@secscan/core';
import { describe, expect, it } from 'vitest';
import { failingCount, formatJson, formatSarif, formatText, isFailing, notes, printable, sarifUri, summaryLine, type ScanReport } from './report.ts';

function finding(severity: Severity, line: number, ruleId = 'javascript.sql-injection'): Finding {
  return {
    id: `id-${line}`,
    ruleId,
    title: 'SQL injection',
    message: 'Untrusted data from req.query.id is built into the SQL text passed to db.query',
    severity,
    confidence: 'high',
    cwe: ['CWE-89'],
    owasp: ['A03:2021'],
    location: { startLine: line, startColumn: 3, endLine: line, endColumn: 40 },
    snippet: '  db.query("SELECT * FROM users WHERE id = " + id);   ',
    remediation: 'Use a parameterized query.',
  };
}

function result(findings: Finding[], extra: Partial<ScanResult> = {}): ScanResult {
  const summary = { total: findings.length, critical: 0, high: 0, medium: 0, low: 0, info: 0 };
  for (const f of findings) summary[f.severity]++;
  return { language: 'javascript', findings, summary, suppressed: 0, truncated: false, partialParse: false, engine: { version: '0.1.0', rules: 1 }, durationMs: 1, ...extra };
}

const report: ScanReport = {
  files: [
    { path: 'src/app.js', uri: 'src/app.js', result: result([finding('critical', 9), finding('medium', 12)]) },
    { path: 'src/clean.js', uri: 'src/clean.js', result: result([]) },
    { path: 'src/slow.js', uri: 'src/slow.js', result: result([], { truncated: true, truncatedReason: 'time budget of 5000 ms exhausted' }) },
  ],
  skipped: [{ path: 'assets/blob.js', reason: 'binary', detail: 'binary file (a NUL byte in its first 8 KB)' }],
  failOn: 'high',
};

describe('exit threshold', () => {
  it.each([
    ['critical', 'high', true],
    ['high', 'high', true],
    ['medium', 'high', false],
    ['info', 'info', true],
    ['critical', 'none', false],
  ] as const)('%s at --fail-on %s fails: %s', (severity, failOn, expected) => {
    expect(isFailing(severity, failOn)).toBe(expected);
  });

  it('counts findings at or above the threshold across files', () => {
    expect(failingCount(report)).toBe(1);
    expect(failingCount({ ...report, failOn: 'medium' })).toBe(2);
    expect(failingCount({ ...report, failOn: 'none' })).toBe(0);
  });
});

describe('formatText', () => {
  it('prints path:line:col severity ruleId message, the snippet, and a summary', () => {
    expect(formatText(report, { color: false, quiet: false })).toBe(
      [
        'src/app.js:9:3 critical javascript.sql-injection Untrusted data from req.query.id is built into the SQL text passed to db.query',
        '  9 |   db.query("SELECT * FROM users WHERE id = " + id);',
        '',
        'src/app.js:12:3 medium javascript.sql-injection Untrusted data from req.query.id is built into the SQL text passed to db.query',
        '  12 |   db.query("SELECT * FROM users WHERE id = " + id);',
        '',
        '2 findings (1 critical, 1 medium) in 1 of 3 files scanned, 1 file skipped. 1 at or above --fail-on high.',
        '',
      ].join('\n'),
    );
  });

  it('numbers every line of a multi-line snippet', () => {
    const multi = { ...finding('high', 99), snippet: 'a(\n  b)' };
    const text = formatText({ files: [{ path: 'x.js', uri: 'x.js', result: result([multi]) }], skipped: [], failOn: 'none' }, { color: false, quiet: true });
    expect(text).toBe('x.js:99:3 high javascript.sql-injection Untrusted data from req.query.id is built into the SQL text passed to db.query\n   99 | a(\n  100 |   b)\n');
  });

  it('colours only when asked', () => {
    const coloured = formatText(report, { color: true, quiet: true });
    expect(coloured).toContain('\u001b[1;31mcritical\u001b[0m');
    expect(coloured).toContain('\u001b[33mmedium\u001b[0m');
    expect(formatText(report, { color: false, quiet: true })).not.toContain('\u001b');
  });

  it('prints nothing when quiet and clean', () => {
    expect(formatText({ files: [], skipped: [], failOn: 'high' }, { color: false, quiet: true })).toBe('');
  });

  it('neutralises terminal escapes that come from scanned code', () => {
    const hostile = { ...finding('high', 1), snippet: 'x = "\u001b[2J\u001b]0;pwned\u0007"\r' };
    const text = formatText({ files: [{ path: 'evil\u001b[31m.js', uri: 'e.js', result: result([hostile]) }], skipped: [], failOn: 'high' }, { color: false, quiet: true });
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('\r');
    expect(text).toContain('evil\\u{1b}[31m.js:1:3');
    expect(printable('tab\there\u0085')).toBe('tab\there\\u{85}');
  });
});

describe('summaryLine and notes', () => {
  it('says what happened in one line', () => {
    expect(summaryLine({ files: [], skipped: [], failOn: 'high' })).toBe('No files scanned.');
    expect(summaryLine({ files: [report.files[1]!], skipped: [], failOn: 'high' })).toBe('No findings in 1 file scanned.');
    expect(summaryLine({ ...report, failOn: 'critical' })).toBe('2 findings (1 critical, 1 medium) in 1 of 3 files scanned, 1 file skipped. 1 at or above --fail-on critical.');
    expect(summaryLine({ ...report, failOn: 'none' })).toBe('2 findings (1 critical, 1 medium) in 1 of 3 files scanned, 1 file skipped.');
  });

  it('notes skipped files and truncated scans', () => {
    expect(notes(report)).toEqual([
      'note: assets/blob.js: skipped, binary file (a NUL byte in its first 8 KB)',
      'note: src/slow.js: time budget of 5000 ms exhausted; findings may be incomplete',
    ]);
  });
});

describe('formatJson', () => {
  it('gives totals, each scanned file with its findings, and the skipped files', () => {
    const body = JSON.parse(formatJson(report)) as Record<string, unknown> & { files: Record<string, unknown>[] };
    expect(body).toMatchObject({
      tool: { name: 'secscan' },
      summary: { total: 2, critical: 1, high: 0, medium: 1, low: 0, info: 0 },
      filesScanned: 3,
      filesSkipped: 1,
      suppressed: 0,
      failOn: 'high',
      failing: 1,
      skipped: report.skipped,
    });
    expect(body.files.map((f) => [f['path'], (f['findings'] as unknown[]).length, f['truncated']])).toEqual([
      ['src/app.js', 2, false],
      ['src/clean.js', 0, false],
      ['src/slow.js', 0, true],
    ]);
    expect(body.files[2]).toHaveProperty('truncatedReason', 'time budget of 5000 ms exhausted');
    expect(body.files[0]).not.toHaveProperty('truncatedReason');
  });
});

describe('formatSarif', () => {
  it('writes one run for all files, listing files with findings or truncated scans', () => {
    const log = JSON.parse(formatSarif(report)) as {
      version: string;
      runs: {
        results: { ruleIndex: number; ruleId: string }[];
        artifacts: { location: { uri: string } }[];
        tool: { driver: { rules: { id: string }[] } };
        invocations: { executionSuccessful: boolean }[];
      }[];
    };
    expect(log.version).toBe('2.1.0');
    const run = log.runs[0]!;
    expect(run.artifacts.map((a) => a.location.uri)).toEqual(['src/app.js', 'src/slow.js']);
    expect(run.results).toHaveLength(2);
    for (const r of run.results) expect(run.tool.driver.rules[r.ruleIndex]?.id).toBe(r.ruleId);
    expect(run.invocations[0]?.executionSuccessful).toBe(false);
  });
});

describe('sarifUri', () => {
  const base = join('/', 'repo');
  it.each([
    [join(base, 'src', 'app.js'), 'src/app.js'],
    [join(base, 'my dir', 'a#1%.js'), 'my%20dir/a%231%25.js'],
    [join(base, 'ünï.py'), '%C3%BCn%C3%AF.py'],
    [join('/', 'elsewhere', 'x.js'), 'file:///elsewhere/x.js'],
  ])('%s → %s', (path, uri) => {
    expect(sarifUri(path, base)).toBe(uri);
  });
});
