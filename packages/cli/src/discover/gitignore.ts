/**
 * gitignore-style patterns (used for `.gitignore` files and `--exclude`), matched without regular
 * expressions: a pattern is compiled into per-segment token lists and matched with the classic
 * two-pointer wildcard algorithm, whose worst case is O(pattern × path) — no input can make it
 * backtrack exponentially.
 *
 * Supported, as in gitignore(5): blank lines and `#` comments; `\` escapes (`\#`, `\!`, `\ `);
 * trailing spaces trimmed; `!` re-includes; a trailing `/` matches directories only; a leading or
 * middle `/` anchors the pattern to the ignore file's directory, otherwise it matches at any depth;
 * `*` and `?` (never across `/`); `[abc]`, `[a-z]`, `[!a]`, `[^a]`; `**` as a whole segment at the
 * start (any leading directories), in the middle (zero or more directories) or at the end
 * (everything inside). Characters are compared as Unicode code points, case-sensitively.
 */

type Token = { kind: 'char'; char: string } | { kind: 'any' } | { kind: 'star' } | { kind: 'class'; negated: boolean; ranges: readonly (readonly [number, number])[] };

/** A whole `**` segment (any number of path segments), or one segment's tokens. */
type Segment = 'globstar' | readonly Token[];

/** One compiled pattern line. */
export interface IgnoreRule {
  /** The line as written (for messages and tests). */
  source: string;
  /** `!pattern`: a match re-includes the path. */
  negated: boolean;
  /** `pattern/`: matches directories only. */
  dirOnly: boolean;
  segments: readonly Segment[];
}

/** Parses `[...]` whose `[` is at `open`; returns the class and the index after `]`, or null when unterminated. */
function parseClass(chars: readonly string[], open: number): { token: Token; next: number } | null {
  let i = open + 1;
  let negated = false;
  if (chars[i] === '!' || chars[i] === '^') {
    negated = true;
    i++;
  }
  const ranges: [number, number][] = [];
  const first = i;
  while (i < chars.length) {
    let from = chars[i] ?? '';
    if (from === ']' && i > first) return { token: { kind: 'class', negated, ranges }, next: i + 1 };
    if (from === '\\' && i + 1 < chars.length) from = chars[++i] ?? '';
    let to = from;
    if (chars[i + 1] === '-' && i + 2 < chars.length && chars[i + 2] !== ']') {
      i += 2;
      to = chars[i] ?? from;
      if (to === '\\' && i + 1 < chars.length) to = chars[++i] ?? from;
    }
    ranges.push([from.codePointAt(0) ?? 0, to.codePointAt(0) ?? 0]);
    i++;
  }
  return null;
}

/** Compiles one path segment of a pattern into tokens (one per code point). */
function tokenize(text: string): Token[] {
  const chars = [...text];
  const tokens: Token[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] ?? '';
    if (c === '\\' && i + 1 < chars.length) {
      tokens.push({ kind: 'char', char: chars[++i] ?? '' });
    } else if (c === '*') {
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' }); // `**` inside a segment is just `*`
    } else if (c === '?') {
      tokens.push({ kind: 'any' });
    } else if (c === '[') {
      const parsed = parseClass(chars, i);
      if (parsed) {
        tokens.push(parsed.token);
        i = parsed.next - 1;
      } else tokens.push({ kind: 'char', char: '[' });
    } else tokens.push({ kind: 'char', char: c });
  }
  return tokens;
}

function matchesOne(token: Token, char: string): boolean {
  switch (token.kind) {
    case 'char':
      return token.char === char;
    case 'any':
      return true;
    case 'star':
      return false;
    case 'class': {
      const point = char.codePointAt(0) ?? 0;
      const inside = token.ranges.some(([from, to]) => point >= from && point <= to);
      return inside !== token.negated;
    }
  }
}

/**
 * Matches a sequence against a pattern whose elements are single-item predicates or stars (`*`
 * over characters, `**` over segments). Greedy with one remembered star: when a later element
 * fails, the last star absorbs one more item. This is complete because a star matches any
 * sequence, and it visits each (pattern, item) pair at most once per star: O(n × m).
 */
function wildMatch<P, I>(pattern: readonly P[], items: readonly I[], isStar: (p: P) => boolean, one: (p: P, item: I) => boolean): boolean {
  let p = 0;
  let s = 0;
  let starP = -1;
  let starS = 0;
  while (s < items.length) {
    const element = pattern[p];
    if (element !== undefined && isStar(element)) {
      starP = p++;
      starS = s;
    } else if (element !== undefined && one(element, items[s] as I)) {
      p++;
      s++;
    } else if (starP >= 0) {
      p = starP + 1;
      s = ++starS;
    } else return false;
  }
  while (p < pattern.length && isStar(pattern[p] as P)) p++;
  return p === pattern.length;
}

function matchSegment(tokens: readonly Token[], name: string): boolean {
  return wildMatch(tokens, [...name], (t) => t.kind === 'star', matchesOne);
}

const ANY_NAME: readonly Token[] = [{ kind: 'star' }];

/** Removes trailing spaces unless escaped with a backslash (gitignore(5)). */
function trimTrailingSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && line[end - 1] === ' ' && line[end - 2] !== '\\') end--;
  return line.slice(0, end);
}

/** Compiles one pattern line; null for blank lines and comments. */
export function compilePattern(line: string): IgnoreRule | null {
  let text = trimTrailingSpaces(line.endsWith('\r') ? line.slice(0, -1) : line);
  if (text === '' || text.startsWith('#')) return null;
  let negated = false;
  if (text.startsWith('!')) {
    negated = true;
    text = text.slice(1);
  }
  let dirOnly = false;
  while (text.endsWith('/') && !text.endsWith('\\/')) {
    dirOnly = true;
    text = text.slice(0, -1);
  }
  const anchored = text.includes('/');
  const parts = text.split('/').filter((part) => part !== '');
  if (parts.length === 0) return null;
  const segments: Segment[] = parts.map((part) => (part === '**' ? 'globstar' : tokenize(part)));
  // No slash: the pattern matches a name at any depth, i.e. it is `**/pattern`.
  if (!anchored && segments[0] !== 'globstar') segments.unshift('globstar');
  // A trailing `/**` matches everything inside, not the directory itself: at least one segment.
  if (segments.at(-1) === 'globstar') segments.splice(segments.length - 1, 0, ANY_NAME);
  return { source: line, negated, dirOnly, segments };
}

/** Compiles the lines of a `.gitignore` file (or any list of patterns). */
export function parseIgnoreFile(text: string): IgnoreRule[] {
  return text.split('\n').flatMap((line) => compilePattern(line) ?? []);
}

/** Whether one rule matches a path given as segments relative to the rule's base directory. */
export function ruleMatches(rule: IgnoreRule, segments: readonly string[], isDir: boolean): boolean {
  if (rule.dirOnly && !isDir) return false;
  return wildMatch(
    rule.segments,
    segments,
    (s) => s === 'globstar',
    (s, name) => s !== 'globstar' && matchSegment(s, name),
  );
}

/**
 * The verdict of a list of rules on a path: the last matching rule decides (a `!` rule
 * re-includes), as in git. Returns null when no rule matches, so callers can consult an outer list.
 */
export function ignoredBy(rules: readonly IgnoreRule[], segments: readonly string[], isDir: boolean): boolean | null {
  for (let i = rules.length - 1; i >= 0; i--) {
    const rule = rules[i];
    if (rule && ruleMatches(rule, segments, isDir)) return !rule.negated;
  }
  return null;
}
