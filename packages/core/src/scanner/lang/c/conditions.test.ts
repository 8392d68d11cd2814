import { describe, expect, it } from 'vitest';
import { grammarLoader } from '@secscan/grammars';
import { createScanner } from '../../../index.ts';

const scanner = createScanner({ loader: grammarLoader });
const lines = async (code: string): Promise<number[]> =>
  (await scanner.scan({ code, language: 'c' })).findings.filter((f) => f.ruleId === 'c.command-injection').map((f) => f.location.startLine);

describe('conditions that fold to a constant', () => {
  it('walks only the branch that runs', async () => {
    const code = [
      '#include <stdlib.h>',
      '#define VERBOSE 0',
      'static int enabled = 1;',
      'static int disabled;',
      'static const int LEVEL = 5;',
      'static int always(void) { return 1; }',
      'int shared = 0;',
      'void f(void) {',
      '  char *d = getenv("X");',
      '  if (disabled) system(d);',
      '  if (VERBOSE) system(d);',
      '  if (LEVEL != 5) system(d);',
      '  if (!always()) system(d);',
      '  if (enabled && LEVEL == 5) system(d);',
      '  if (shared) system(d);',
      '  if (disabled) { } else { system(d); }',
      '}',
      '',
    ].join('\n');
    expect(await lines(code)).toEqual([14, 15, 16]);
  });

  it('does not fold a static the file writes, or a call that takes arguments', async () => {
    const code = [
      '#include <stdlib.h>',
      'static int ready = 0;',
      'static int off(int x) { return 0; }',
      'void start(void) { ready = 1; }',
      'void f(void) {',
      '  char *d = getenv("X");',
      '  if (ready) system(d);',
      '  if (off(1)) system(d);',
      '}',
      '',
    ].join('\n');
    expect(await lines(code)).toEqual([7, 8]);
  });
});
