import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { grammarLoader } from '@secscan/grammars';
import { createScanner } from '../../index.ts';
import { checkAnnotations, parseAnnotations } from '../../testing/annotations.ts';

/** docs/writing-rules.md's walkthrough: its model and fixture, as a newcomer would copy them. */
const doc = readFileSync(fileURLToPath(new URL('../../../../../docs/writing-rules.md', import.meta.url)), 'utf8');

/** The fenced block right after an HTML comment marker. */
function blockAfter(marker: string): string {
  const at = doc.indexOf(`<!-- ${marker} -->`);
  if (at < 0) throw new Error(`no ${marker} in docs/writing-rules.md`);
  const open = doc.indexOf('```', at);
  const start = doc.indexOf('\n', open) + 1;
  return doc.slice(start, doc.indexOf('\n```', start) + 1);
}

/** The model object of the `export default defineModel({...});` block (data only, so it evaluates to itself). */
function modelOf(source: string): unknown {
  const body = source
    .trim()
    .replace(/^export default defineModel\(/, '')
    .replace(/\);$/, '');
  return new Function(`return (${body});`)();
}

describe('docs/writing-rules.md walkthrough', () => {
  const model = modelOf(blockAfter('walkthrough:model'));
  const fixture = blockAfter('walkthrough:fixture python');

  it('its model passes the schema and its fixture holds: every ruleid found, nothing else', async () => {
    const scanner = createScanner({ loader: grammarLoader, models: [model] });
    const result = await scanner.scan({ code: fixture, language: 'python', filename: 'acme-web.py' });
    const annotations = parseAnnotations(fixture);
    expect(annotations.filter((a) => a.kind === 'ruleid').length).toBeGreaterThanOrEqual(2);
    expect(annotations.filter((a) => a.kind === 'ok').length).toBeGreaterThanOrEqual(2);
    const check = checkAnnotations(
      annotations,
      result.findings.map((f) => ({ ruleId: f.ruleId, line: f.location.startLine })),
    );
    expect(check.missed).toEqual([]);
    expect(check.falsePositives).toEqual([]);
  });

  it('finds nothing without the model: the data file is what teaches the scanner', async () => {
    const result = await createScanner({ loader: grammarLoader }).scan({ code: fixture, language: 'python', filename: 'acme-web.py' });
    expect(result.findings).toEqual([]);
  });
});
