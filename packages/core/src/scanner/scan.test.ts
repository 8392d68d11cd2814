import { describe, expect, it } from 'vitest';
import { grammarLoader } from '@secscan/grammars';
import { createScanner, LANGUAGES, type LanguageId } from '../index.ts';
import { isTestPath } from './scan.ts';

const scanner = createScanner({ loader: grammarLoader });
const CODE_LANGUAGES = LANGUAGES.filter((l): l is Exclude<LanguageId, 'generic'> => l !== 'generic');

function randomBytes(n: number, seed: number): string {
  let x = seed >>> 0;
  let out = '';
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out += String.fromCharCode((x >>> 16) & 0xffff);
  }
  return out;
}

describe('scan() on hostile input never throws and stays within its budget', () => {
  const inputs: [string, () => string][] = [
    ['empty', () => ''],
    ['random UTF-16 code units (lone surrogates, NULs)', () => randomBytes(20_000, 7)],
    ['NUL bytes', () => '\u0000'.repeat(10_000)],
    ['invalid UTF-8 decoded with replacement characters', () => new TextDecoder().decode(new Uint8Array(Array.from({ length: 20_000 }, (_, i) => (i * 37) % 256)))],
    ['1 MiB on one line', () => 'a = "'.concat('x'.repeat(1 << 20), '"')],
    ['10,000 nested brackets', () => '('.repeat(10_000) + ')'.repeat(10_000)],
    ['100,000 nested brackets', () => '[{('.repeat(33_334)],
    ['50,000-deep expression', () => `x = ${'a + '.repeat(50_000)}b`],
  ];

  for (const [name, make] of inputs) {
    it.each(CODE_LANGUAGES.map((l) => [l]))(`${name} (%s)`, async (language) => {
      const code = make();
      const started = performance.now();
      const result = await scanner.scan({ code, language }, { timeBudgetMs: 3000 });
      const elapsed = performance.now() - started;
      expect(result.language).toBe(language);
      expect(Array.isArray(result.findings)).toBe(true);
      expect(result.summary.total).toBe(result.findings.length);
      // The budget covers parsing and analysis; allow slack for grammar loading and GC on a busy machine.
      expect(elapsed).toBeLessThan(3000 + 2000);
    });
  }

  it('reports truncation when the time budget runs out', async () => {
    const code = Array.from({ length: 40_000 }, (_, i) => `const v${i} = req.query.a${i} + "x";`).join('\n');
    const result = await scanner.scan({ code, language: 'javascript' }, { timeBudgetMs: 1 });
    expect(result.truncated).toBe(true);
    expect(result.truncatedReason).toMatch(/time budget/);
  });

  it('answers an unknown language with a secrets-only scan instead of throwing', async () => {
    const result = await scanner.scan({ code: 'x', language: 'cobol' });
    expect(result.language).toBe('generic');
    expect(result.truncated).toBe(true);
    expect(result.truncatedReason).toMatch(/unsupported language/);
  });
});

describe('scan() results', () => {
  const vulnerable = [
    "const express = require('express');",
    'const app = express();',
    "app.get('/u', (req, res) => {",
    '  db.query("SELECT * FROM users WHERE id = " + req.query.id);',
    '});',
  ].join('\n');

  it('infers the language from the file name', async () => {
    const result = await scanner.scan({ code: vulnerable, filename: 'src/routes/users.mjs' });
    expect(result.language).toBe('javascript');
    expect(result.filename).toBe('src/routes/users.mjs');
    expect(result.findings.map((f) => f.ruleId)).toEqual(['javascript.sql-injection']);
  });

  it('gives every finding a 1-based location, a snippet, CWE strings and a data-flow trace', async () => {
    const [finding] = (await scanner.scan({ code: vulnerable, language: 'js' })).findings;
    expect(finding).toBeDefined();
    // A sink call is reported from the call to the end of its dangerous argument (end column exclusive, as SARIF).
    expect(finding?.location).toEqual({ startLine: 4, startColumn: 3, endLine: 4, endColumn: 60 });
    expect(finding?.snippet).toBe('  db.query("SELECT * FROM users WHERE id = " + req.query.id);');
    expect(finding?.cwe).toEqual(['CWE-89']);
    expect(finding?.dataflow?.[0]?.note).toBe('source: req.query.id');
    expect(finding?.dataflow?.at(-1)?.note).toBe('sink: db.query');
  });

  it('keeps a finding id stable when lines above it move', async () => {
    const a = await scanner.scan({ code: vulnerable, language: 'javascript' });
    const b = await scanner.scan({ code: `// header\n\n${vulnerable}`, language: 'javascript' });
    expect(b.findings[0]?.location.startLine).toBe(6);
    expect(b.findings[0]?.id).toBe(a.findings[0]?.id);
  });

  it('drops findings suppressed on their line or the line above, and counts them', async () => {
    const above = vulnerable.replace('  db.query', '  // secscan-ignore javascript.sql-injection: ids are validated upstream\n  db.query');
    const same = vulnerable.replace('req.query.id);', 'req.query.id); // secscan-ignore javascript.sql-injection: test');
    const other = vulnerable.replace('  db.query', '  // secscan-ignore python.command-injection: wrong rule\n  db.query');
    for (const code of [above, same]) {
      const r = await scanner.scan({ code, language: 'javascript' });
      expect(r.findings).toEqual([]);
      expect(r.suppressed).toBe(1);
    }
    const r = await scanner.scan({ code: other, language: 'javascript' });
    expect(r.findings).toHaveLength(1);
    expect(r.suppressed).toBe(0);
  });

  it("honours gosec and bandit `#nosec` markers on the finding's lines or alone on the line above", async () => {
    const same = vulnerable.replace('req.query.id);', 'req.query.id); // #nosec G201 -- reviewed');
    const spaced = vulnerable.replace('req.query.id);', 'req.query.id); // # nosec');
    const above = vulnerable.replace('  db.query', '  // #nosec G201 -- reviewed\n  db.query');
    const trailing = vulnerable.replace('  db.query', '  const n = 1; // #nosec\n  db.query');
    const word = vulnerable.replace('req.query.id);', 'req.query.id); // #nosecurity');
    const gosec = vulnerable.replace('req.query.id);', 'req.query.id); //gosec:disable G201 -- reviewed');
    for (const code of [same, spaced, above, gosec]) expect((await scanner.scan({ code, language: 'javascript' })).suppressed).toBe(1);
    for (const code of [trailing, word]) expect((await scanner.scan({ code, language: 'javascript' })).findings).toHaveLength(1);
  });

  it('scans a fragment that does not parse through error recovery', async () => {
    const fragment = "  const id = req.params.id;\n  db.query('DELETE FROM t WHERE id = ' + id)\n}) // end of a larger file";
    const result = await scanner.scan({ code: fragment, language: 'javascript' });
    expect(result.partialParse).toBe(true);
    expect(result.findings.map((f) => f.ruleId)).toEqual(['javascript.sql-injection']);
  });

  it('filters by minimum confidence', async () => {
    const code = 'function find(email) {\n  return db.query("SELECT * FROM users WHERE email = \'" + email + "\'");\n}';
    expect((await scanner.scan({ code, language: 'javascript' })).findings[0]?.confidence).toBe('medium');
    expect((await scanner.scan({ code, language: 'javascript' }, { minConfidence: 'high' })).findings).toEqual([]);
  });
});

describe('credentials in test files', () => {
  it.each([
    ['test/fixtures/users.py', true],
    ['src/__tests__/auth.test.ts', true],
    ['pkg/store/store_test.go', true],
    ['tests/test_login.py', true],
    ['src/test/java/com/acme/UserServiceTest.java', true],
    ['spec/models/user_spec.rb', true],
    ['src/main/java/com/acme/UserService.java', false],
    ['config/latest.json', false],
    ['app/contest.py', false],
    [undefined, false],
  ])('%s is a test file: %s', (name, expected) => {
    expect(isTestPath(name)).toBe(expected);
  });

  it('are reported at low confidence there, as they are elsewhere', async () => {
    const scanner = createScanner({ loader: grammarLoader });
    const code = 'STRIPE = "sk_live_4eC39HqLyjWDarjtT1zdp7dcXq2Lm9Hw"\n';
    const inTest = await scanner.scan({ code, filename: 'tests/conftest.py' });
    const inApp = await scanner.scan({ code, filename: 'app/billing.py' });
    expect(inTest.findings.map((f) => [f.ruleId, f.confidence])).toEqual([['secrets.hardcoded-secret', 'low']]);
    expect(inApp.findings.map((f) => [f.ruleId, f.confidence])).toEqual([['secrets.hardcoded-secret', 'high']]);
  });
});
