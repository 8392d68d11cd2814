import { describe, expect, it } from 'vitest';
import { catastrophicBacktracking } from './regex-backtracking.ts';

describe('catastrophic backtracking', () => {
  it.each(['([a-z]+)+$', '^(\\w+\\s?)*$', '(a*)*b', '(a|a)+$', '((ab)+)+c', '(?:\\d+)+x', '^(x+x+)+y', '(.*){1,}z', '(?<word>[a-z]+)*!'])('reports %s', (pattern) => {
    expect(catastrophicBacktracking(pattern)).toBe(true);
  });

  it.each(['^[a-z]+$', '(\\s*,\\s*)*', '^\\w+([-.]\\w+)*@\\w+([-.]\\w+)*\\.\\w+$', '(.*a){10}', '([a-z]+[0-9]+)+', '(?=a+)+', '[(a+)+]', '\\(a+\\)+', '(unterminated'])(
    'leaves %s',
    (pattern) => {
      expect(catastrophicBacktracking(pattern)).toBe(false);
    },
  );
});
