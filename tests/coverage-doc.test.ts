/** docs/scanner.md's class-by-language table is generated from the rules a default scanner runs and must not drift from them. */
import { readFileSync } from 'node:fs';
import { createScanner } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';
import { describe, expect, it } from 'vitest';
import { coverageTable, withCoverageTable } from '../scripts/coverage-doc.ts';
import { ROOT } from './support/servers.ts';

const rules = createScanner({ loader: grammarLoader }).rules;

describe('docs/scanner.md coverage table', () => {
  it('is the table of the current rules (run `npx bun scripts/coverage.ts` after adding a rule or model)', () => {
    const doc = readFileSync(`${ROOT}docs/scanner.md`, 'utf8');
    expect(doc).toBe(withCoverageTable(doc, rules));
  });

  it('ticks a class only in the languages its rules serve', () => {
    const table = coverageTable(rules.filter((r) => r.class === 'sql-injection' && r.languages.includes('python')));
    const row = table.split('\n').find((line) => line.includes('`sql-injection`'));
    // Columns: C, C++, C#, Go, Java, JS, PHP, Py, Ruby, TS.
    expect(
      row
        ?.split('|')
        .slice(2, 12)
        .map((cell) => cell.trim()),
    ).toEqual(['', '', '', '', '', '', '', '✓', '', '']);
  });
});
