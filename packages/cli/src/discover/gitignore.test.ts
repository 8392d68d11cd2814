import { describe, expect, it } from 'vitest';
import { compilePattern, ignoredBy, parseIgnoreFile, ruleMatches } from './gitignore.ts';

/** Whether `pattern` matches `path` (a slash-separated path relative to the ignore file). */
function matches(pattern: string, path: string, isDir = false): boolean {
  const rule = compilePattern(pattern);
  if (!rule) throw new Error(`${pattern} compiles to nothing`);
  return ruleMatches(rule, path.split('/'), isDir);
}

describe('gitignore patterns', () => {
  it.each([
    // a name without a slash matches at any depth
    ['*.log', 'debug.log', true],
    ['*.log', 'a/b/debug.log', true],
    ['*.log', 'debug.log.txt', false],
    ['secret.env', 'config/secret.env', true],
    // `*` and `?` never cross a slash; `*` matches dotfiles
    ['a*b', 'a/b', false],
    ['*', '.env', true],
    ['file?.js', 'file1.js', true],
    ['file?.js', 'file10.js', false],
    // a leading or middle slash anchors to the ignore file's directory
    ['/build.js', 'build.js', true],
    ['/build.js', 'src/build.js', false],
    ['src/gen', 'src/gen', true],
    ['src/gen', 'lib/src/gen', false],
    // `**`
    ['**/fixtures', 'fixtures', true],
    ['**/fixtures', 'a/b/fixtures', true],
    ['a/**/b', 'a/b', true],
    ['a/**/b', 'a/x/y/b', true],
    ['a/**/b', 'a/x/y/c', false],
    ['gen/**', 'gen/x.js', true],
    ['gen/**', 'gen/deep/x.js', true],
    ['gen/**', 'gen', false],
    ['x**y', 'xaby', true],
    // character classes, ranges, negation, escapes
    ['log[0-9].txt', 'log7.txt', true],
    ['log[0-9].txt', 'logx.txt', false],
    ['log[!0-9].txt', 'logx.txt', true],
    ['log[^0-9].txt', 'log7.txt', false],
    ['[]]x', ']x', true],
    ['[abc', '[abc', true],
    ['\\*.js', '*.js', true],
    ['\\*.js', 'a.js', false],
    ['\\#notes', '#notes', true],
    ['\\!important', '!important', true],
    ['trailing\\ ', 'trailing ', true],
    ['trailing   ', 'trailing', true],
    // code points, not UTF-16 units
    ['?.txt', '😀.txt', true],
    ['[😀-😂].md', '😁.md', true],
  ])('%s vs %s → %s', (pattern, path, expected) => {
    expect(matches(pattern, path)).toBe(expected);
  });

  it('matches directories only with a trailing slash', () => {
    expect(matches('logs/', 'logs', true)).toBe(true);
    expect(matches('logs/', 'logs', false)).toBe(false);
    expect(matches('a/logs/', 'a/logs', true)).toBe(true);
  });

  it('skips blank lines and comments, handles CRLF', () => {
    const rules = parseIgnoreFile('# comment\r\n\r\n*.tmp\r\n   \n/\n');
    expect(rules.map((r) => r.source)).toEqual(['*.tmp\r']);
    expect(ignoredBy(rules, ['x.tmp'], false)).toBe(true);
  });

  it('lets the last matching rule decide, with ! re-including', () => {
    const rules = parseIgnoreFile('*.env\n!example.env\n');
    expect(ignoredBy(rules, ['prod.env'], false)).toBe(true);
    expect(ignoredBy(rules, ['example.env'], false)).toBe(false);
    expect(ignoredBy(rules, ['app.js'], false)).toBeNull();
  });

  it('stays fast on patterns and paths built to make backtracking matchers explode', () => {
    const started = performance.now();
    const stars = `${'*a'.repeat(200)}b`;
    expect(matches(stars, 'a'.repeat(5000))).toBe(false);
    const globstars = `${'**/a/'.repeat(50)}b`;
    expect(matches(globstars, Array.from({ length: 2000 }, () => 'a').join('/'))).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
