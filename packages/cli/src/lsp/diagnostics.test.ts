import { createScanner, RULES, type ScanResult } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';
import { describe, expect, it } from 'vitest';
import { documentLanguage, suppressionAction, toDiagnostics, uriPath } from './diagnostics.ts';

const RULE_MAP = new Map(RULES.map((rule) => [rule.id, rule]));

/** A scan result with one finding of `ruleId` at 1-based line 2, columns 5–9. */
function resultWith(ruleId: string): ScanResult {
  const rule = RULE_MAP.get(ruleId);
  if (!rule) throw new Error(ruleId);
  return {
    language: rule.languages[0] ?? 'generic',
    findings: [
      {
        id: 'f1',
        ruleId,
        title: rule.title,
        message: 'Untrusted data reaches a sink',
        severity: rule.severity,
        confidence: rule.confidence,
        cwe: [...rule.cwe],
        owasp: [...rule.owasp],
        location: { startLine: 2, startColumn: 5, endLine: 2, endColumn: 9 },
        snippet: 'x',
        remediation: rule.remediation,
        dataflow: [{ location: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 4 }, note: 'source: argv' }],
      },
    ],
    summary: { total: 1, critical: 0, high: 0, medium: 0, low: 0, info: 0 },
    suppressed: 0,
    truncated: false,
    partialParse: false,
    engine: { version: '0', rules: RULES.length },
    durationMs: 1,
  };
}

describe('language server diagnostics', () => {
  it('picks the language from the file name, else from the editor’s language id', () => {
    expect(documentLanguage('file:///w/app.py', 'plaintext')).toBe('python');
    expect(documentLanguage('file:///w/My%20App/view.tsx', 'typescriptreact')).toBe('typescript');
    expect(documentLanguage('file:///w/.env.local', 'dotenv')).toBe('generic');
    expect(documentLanguage('untitled:Untitled-1', 'javascriptreact')).toBe('javascript');
    expect(documentLanguage('untitled:Untitled-2', 'cs')).toBe('csharp');
    expect(documentLanguage('untitled:Untitled-3', 'markdown')).toBeNull();
    expect(documentLanguage('untitled:Untitled-4', '__proto__')).toBeNull();
    expect(uriPath('file:///w/My%20App/a.js')).toBe('/w/My App/a.js');
  });

  it('turns a finding into a diagnostic: 0-based range, severity, rule reference, data flow', () => {
    const [diagnostic] = toDiagnostics('file:///w/a.js', resultWith('javascript.sql-injection'), RULE_MAP);
    expect(diagnostic).toMatchObject({
      range: { start: { line: 1, character: 4 }, end: { line: 1, character: 8 } },
      severity: 1,
      source: 'secscan',
      code: 'javascript.sql-injection',
      codeDescription: { href: RULE_MAP.get('javascript.sql-injection')?.references[0] },
      relatedInformation: [{ location: { uri: 'file:///w/a.js', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } } }, message: 'source: argv' }],
    });
    expect(diagnostic?.message).toMatch(/^Untrusted data reaches a sink \(CWE-89\)\nFix: /);
  });

  it('suppresses with the language’s line comment, indented like the finding’s line, in a form the scanner reads', async () => {
    const text = 'import os\ndef f():\n    os.system(input())\n';
    const [diagnostic] = toDiagnostics('file:///w/a.py', resultWith('python.command-injection'), RULE_MAP);
    if (!diagnostic) throw new Error('no diagnostic');
    const action = suppressionAction('file:///w/a.py', text, 'python', { ...diagnostic, range: { start: { line: 2, character: 4 }, end: { line: 2, character: 22 } } });
    const edit = action?.edit?.changes?.['file:///w/a.py']?.[0];
    expect(edit?.newText).toBe('    # secscan-ignore python.command-injection: explain why this is safe\n');
    // The real scanner reads the inserted line as a suppression of that rule.
    const lines = text.split('\n');
    lines.splice(2, 0, (edit?.newText ?? '').trimEnd());
    const scanner = createScanner({ loader: grammarLoader });
    expect((await scanner.scan({ code: text, language: 'python' })).findings.map((f) => f.ruleId)).toContain('python.command-injection');
    const patched = await scanner.scan({ code: lines.join('\n'), language: 'python' });
    expect(patched.findings.map((f) => f.ruleId)).not.toContain('python.command-injection');
    expect(patched.suppressed).toBeGreaterThan(0);
  });

  it('offers no suppression where a comment would break the file (JSON)', () => {
    const [diagnostic] = toDiagnostics('file:///w/config.json', resultWith('javascript.sql-injection'), RULE_MAP);
    if (!diagnostic) throw new Error('no diagnostic');
    expect(suppressionAction('file:///w/config.json', '{}', 'generic', diagnostic)).toBeNull();
    expect(suppressionAction('file:///w/config.yml', 'a: 1\nb: 2\n', 'generic', diagnostic)?.edit?.changes?.['file:///w/config.yml']?.[0]?.newText).toMatch(/^# secscan-ignore /);
  });
});
