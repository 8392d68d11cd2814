/**
 * Building blocks of the `secrets.*` detectors: character classes, bounded runs, context windows,
 * fake-value judgement and hit construction. Detectors find candidates with a literal prefix (one
 * simple regex or `indexOf`), then validate in code; every loop here is bounded, so a detector's
 * cost is linear in the text whatever it contains.
 */

import type { SecretHit } from '../rule.ts';
import type { Confidence } from '../types.ts';
import { isPlaceholder, shannonEntropy } from './credentials.ts';

/** Character classes (bit masks) for ASCII. */
export const DIGIT = 1;
export const UPPER = 2;
export const LOWER = 4;
export const UNDERSCORE = 8;
export const DASH = 16;
export const PLUS_SLASH = 32;
export const EQUALS = 64;
export const DOT = 128;
export const ALNUM = DIGIT | UPPER | LOWER;
/** `[A-Za-z0-9_]` */
export const WORD = ALNUM | UNDERSCORE;
/** `[A-Za-z0-9_-]`: base64url, and most token alphabets. */
export const TOKEN = ALNUM | UNDERSCORE | DASH;
/** `[A-Za-z0-9+/]`: base64 without padding. */
export const B64 = ALNUM | PLUS_SLASH;

const CLASSES = ((): Uint8Array => {
  const t = new Uint8Array(128);
  for (let c = 48; c <= 57; c++) t[c] = DIGIT;
  for (let c = 65; c <= 90; c++) t[c] = UPPER;
  for (let c = 97; c <= 122; c++) t[c] = LOWER;
  t[95] = UNDERSCORE;
  t[45] = DASH;
  t[43] = PLUS_SLASH;
  t[47] = PLUS_SLASH;
  t[61] = EQUALS;
  t[46] = DOT;
  return t;
})();

/** The class bits of a char code (0 for anything outside the table). */
export function classOf(code: number): number {
  return code < 128 ? (CLASSES[code] as number) : 0;
}

/** Whether `text[i]` exists and is in one of the `mask` classes. */
export function charIn(text: string, i: number, mask: number): boolean {
  return i >= 0 && i < text.length && (classOf(text.charCodeAt(i)) & mask) !== 0;
}

/** End of the run of `mask` characters starting at `from`, scanning at most `max` characters. */
export function runEnd(text: string, from: number, mask: number, max = 4096): number {
  const limit = Math.min(text.length, from + max);
  let i = from;
  while (i < limit && (classOf(text.charCodeAt(i)) & mask) !== 0) i++;
  return i;
}

/** Whether every character of `s` is in the `mask` classes. */
export function allIn(s: string, mask: number): boolean {
  for (let i = 0; i < s.length; i++) if ((classOf(s.charCodeAt(i)) & mask) === 0) return false;
  return s.length > 0;
}

/** The union of the class bits of the characters of `s`. */
export function classesOf(s: string): number {
  let bits = 0;
  for (let i = 0; i < s.length; i++) bits |= classOf(s.charCodeAt(i));
  return bits;
}

/** Whether `[from, to)` is a whole token: the characters just outside it are not in `mask`. */
export function isBounded(text: string, from: number, to: number, mask: number): boolean {
  return !charIn(text, from - 1, mask) && !charIn(text, to, mask);
}

/** Start of the line containing `i`, looking back at most `max` characters. */
export function lineStartOf(text: string, i: number, max = 4096): number {
  const limit = Math.max(0, i - max);
  for (let j = i - 1; j >= limit; j--) if (text.charCodeAt(j) === 10) return j + 1;
  return limit;
}

const marks = new Uint8Array(128);

/**
 * One pass over a value: its number of distinct characters and its longest run of consecutive
 * ascending or descending characters (`abcdef`, `654321`).
 */
function shape(s: string): { distinct: number; sequence: number } {
  let distinct = 0;
  let best = s.length > 0 ? 1 : 0;
  let up = 1;
  let down = 1;
  const seen: number[] = [];
  let other: Set<number> | null = null;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) {
      if (marks[c] === 0) {
        marks[c] = 1;
        seen.push(c);
        distinct++;
      }
    } else {
      other ??= new Set<number>();
      if (!other.has(c)) {
        other.add(c);
        distinct++;
      }
    }
    if (i > 0) {
      const d = c - s.charCodeAt(i - 1);
      up = d === 1 ? up + 1 : 1;
      down = d === -1 ? down + 1 : 1;
      if (up > best) best = up;
      if (down > best) best = down;
    }
  }
  for (const c of seen) marks[c] = 0;
  return { distinct, sequence: best };
}

// Values published in specifications and provider documentation, copied into countless samples.
const KNOWN_EXAMPLES = new Set([
  '2YotnFZFEjr1zCsicMWpAA', // RFC 6749 access token
  'tGzv3JOkF0XG5Qx2TlKWIA', // RFC 6749 refresh token
  'SplxlOBeZQQYbYS6WxSbIA', // RFC 6749 authorization code
  'xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy', // Slack API documentation
  'xoxp-23984754863-2348975623103', // Slack API documentation
  'AIzaSyDaGmWKa4JsXZ-HjGw7ISLn_3namBGewQe', // Google Maps documentation
  'sk_test_4eC39HqLyjWDarjtT1zdp7dc', // Stripe documentation
  'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', // AWS documentation
  'je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY', // AWS documentation (STS)
]);

// Words that real random tokens do not contain but documentation, tests and templates do.
const FAKE_WORDS = /example|sample|dummy|placeholder|changeme|change_me|replace|redacted|your_?|fake|xxxx|insert|mock|secret_?here|token_?here|key_?here/i;
// `test` in a token body: hand-made for a test suite (`…Ntest`), yet as usable as any other if real.
const TEST_WORD = /test/i;

/** How a token-shaped value is fake: not usable at all, or hand-made but in a real key's shape. */
export type Fakeness = 'placeholder' | 'synthetic';

/**
 * Whether a token-shaped value is a stand-in, and which kind. `placeholder`: nobody can use it — a
 * template (`<token>`, `${TOKEN}`, `xxxx`), a documented example (AWS's `…EXAMPLE` keys), template
 * words (`example`, `dummy`, `your_`…) or too few distinct characters to be random (`AAAA…`).
 * `synthetic`: built by hand in the token's shape — a run like `abcdef` / `123456` or the word
 * `test` — which documentation and test suites do, but so does anyone pasting a real key into a
 * test; detectors of prefixed formats report these at low confidence, the others drop them.
 * Digit-only values need fewer distinct characters (a random 20-digit string often misses one).
 */
export function fakeKind(value: string, minDistinct = 8): Fakeness | null {
  if (KNOWN_EXAMPLES.has(value)) return 'placeholder';
  const { distinct, sequence } = shape(value);
  const digits = allIn(value, DIGIT);
  if (distinct < Math.min(digits ? Math.min(minDistinct, 7) : minDistinct, value.length)) return 'placeholder';
  // (`isPlaceholder` calls every all-digit value one, which fits passwords, not long token parts.)
  if (FAKE_WORDS.test(value) || (!digits && isPlaceholder(value))) return 'placeholder';
  if (sequence >= 6 || TEST_WORD.test(value)) return 'synthetic';
  return null;
}

/**
 * Whether a token-shaped value is a stand-in of either kind (see `fakeKind`): what detectors drop
 * unless the value carries a provider's own prefix.
 */
export function looksFake(value: string, minDistinct = 8): boolean {
  return fakeKind(value, minDistinct) !== null;
}

const counts = new Int32Array(128);

/** Shannon entropy in bits per character (allocation-free for ASCII). */
export function entropy(value: string): number {
  const n = value.length;
  if (n === 0) return 0;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    if (c >= 128) {
      for (let j = 0; j < i; j++) counts[value.charCodeAt(j)] = 0;
      return shannonEntropy(value);
    }
    counts[c] = (counts[c] as number) + 1;
  }
  let bits = 0;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    const k = counts[c] as number;
    if (k > 0) {
      const p = k / n;
      bits -= p * Math.log2(p);
      counts[c] = 0;
    }
  }
  return bits;
}

function isVowel(c: number): boolean {
  // a e i o u y, either case
  const l = c | 32;
  return l === 97 || l === 101 || l === 105 || l === 111 || l === 117 || l === 121;
}

/**
 * The share of a value covered by pronounceable words (`[A-Z]?[a-z]{2,}` runs with a vowel in every
 * four letters and no four consonants in a row): 0.7–0.85 for `MySuperSecretJwtKey2024`, under 0.5
 * for 97–99.9% of random base62/base64 strings of 20–48 characters.
 */
export function wordiness(v: string): number {
  let covered = 0;
  let i = 0;
  const n = v.length;
  while (i < n) {
    const c = v.charCodeAt(i);
    const upper = c >= 65 && c <= 90;
    let j = upper ? i + 1 : i;
    while (j < n && v.charCodeAt(j) >= 97 && v.charCodeAt(j) <= 122) j++;
    const len = j - i;
    if (j === i || (upper && len === 1)) {
      i++;
      continue;
    }
    if (len >= 3) {
      let vowels = 0;
      let consonantRun = 0;
      let maxRun = 0;
      for (let k = i; k < j; k++) {
        if (isVowel(v.charCodeAt(k))) {
          vowels++;
          consonantRun = 0;
        } else {
          consonantRun++;
          if (consonantRun > maxRun) maxRun = consonantRun;
        }
      }
      if (vowels * 4 >= len && maxRun < 4) covered += len;
    }
    i = j;
  }
  return covered / n;
}

/** A hit where the whole match is the secret. */
export function tokenHit(start: number, end: number, description: string, confidence?: Confidence): SecretHit {
  const h: SecretHit = { start, end, secretStart: start, secretEnd: end, description };
  if (confidence) h.confidence = confidence;
  return h;
}

/** A hit whose secret value is a sub-range of the match. */
export function valueHit(start: number, end: number, secretStart: number, secretEnd: number, description: string, confidence?: Confidence): SecretHit {
  const h: SecretHit = { start, end, secretStart, secretEnd, description };
  if (confidence) h.confidence = confidence;
  return h;
}

/** Returned by an `eachMatch` callback to stop the search. */
export const STOP = -1;

/**
 * Runs `fn` for each match of a global regex, resuming after each match (so a run is never
 * re-scanned). `fn` may return an index to resume from instead (it must be past the match start),
 * or `STOP`.
 */
export function eachMatch(text: string, re: RegExp, fn: (m: RegExpExecArray) => number | void): void {
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const next = fn(m);
    if (next === STOP) break;
    const resume = typeof next === 'number' && next > m.index ? next : m.index + Math.max(1, m[0].length);
    re.lastIndex = resume;
  }
}

/**
 * Runs `fn` at each occurrence of a literal in `text`, left to right (plain `indexOf`, so linear).
 * `fn` may return an index to resume from (past the occurrence) or `STOP`.
 */
export function eachLiteral(text: string, literal: string, fn: (at: number) => number | void): void {
  let at = text.indexOf(literal);
  while (at >= 0) {
    const next = fn(at);
    if (next === STOP) break;
    const resume = typeof next === 'number' && next > at ? next : at + literal.length;
    at = text.indexOf(literal, resume);
  }
}

/**
 * Runs `fn` on each maximal run of `mask` characters at least `min` long, as `[start, end)`: every
 * character is read once, so the cost is linear whatever the text.
 */
export function eachRun(text: string, mask: number, min: number, fn: (start: number, end: number) => void): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    if ((classOf(text.charCodeAt(i)) & mask) === 0) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && (classOf(text.charCodeAt(i)) & mask) !== 0) i++;
    if (i - start >= min) fn(start, i);
  }
}

/** Whether a string is all hexadecimal digits of one case (`[0-9a-f]+` or `[0-9A-F]+`). */
export function isHex(s: string, lowerOnly = false): boolean {
  if (s.length === 0) return false;
  let lower = false;
  let upper = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) continue;
    if (c >= 97 && c <= 102) lower = true;
    else if (c >= 65 && c <= 70) upper = true;
    else return false;
  }
  return !(lower && upper) && !(lowerOnly && upper);
}

/** Whether `s` contains `{` + digits + `}` (`{}`, `{0}`: a format placeholder). */
export function hasIndexPlaceholder(s: string): boolean {
  for (let i = s.indexOf('{'); i >= 0; i = s.indexOf('{', i + 1)) {
    let j = i + 1;
    while (j < s.length && j - i <= 12 && s.charCodeAt(j) >= 48 && s.charCodeAt(j) <= 57) j++;
    if (s.charCodeAt(j) === 125) return true;
  }
  return false;
}

const TEMPLATE_MARKERS = ['${', '$(', '#{', '{{', '}}', '%('];

/** Whether a value is a template or an interpolation rather than a literal: `${VAR}`, `$(cmd)`, `#{x}`, `{{ x }}`, `%(x)s`, `{0}`. */
export function hasTemplateMarker(s: string): boolean {
  return TEMPLATE_MARKERS.some((m) => s.includes(m)) || hasIndexPlaceholder(s);
}

function isIdentStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
}

function isIdentPart(c: number): boolean {
  return isIdentStart(c) || (c >= 48 && c <= 57);
}

/**
 * Whether a value is code rather than a literal: a call (`getPassword()`, `cfg.secret(…)`) or a
 * member read (`config.password`, `settings.db_pass`).
 */
export function isCodeExpression(v: string): boolean {
  if (v.length === 0 || !isIdentStart(v.charCodeAt(0))) return false;
  let i = 1;
  while (i < v.length && (isIdentPart(v.charCodeAt(i)) || v.charCodeAt(i) === 46)) i++;
  if (v.charCodeAt(i) === 40) return true; // `name(`
  const dot = v.indexOf('.');
  if (dot <= 0 || dot !== v.lastIndexOf('.') || i !== v.length) return false;
  const lowerStart = (c: number): boolean => (c >= 97 && c <= 122) || c === 95 || c === 36;
  return lowerStart(v.charCodeAt(0)) && dot + 1 < v.length && lowerStart(v.charCodeAt(dot + 1));
}

/**
 * Merged windows `[p - before, p + after)` around sorted positions: where a context-dependent
 * detector looks for values. Their total length never exceeds the text's.
 */
export function windowsAround(positions: readonly number[], before: number, after: number, length: number): [number, number][] {
  const out: [number, number][] = [];
  for (const p of positions) {
    const s = Math.max(0, p - before);
    const e = Math.min(length, p + after);
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** Whether a sorted list of ranges has one overlapping `[from, to)` (binary search). */
export function overlapsAny(ranges: readonly { start: number; end: number }[], from: number, to: number): boolean {
  let lo = 0;
  let hi = ranges.length;
  // First range whose start is >= to: every candidate overlapping is before it.
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ranges[mid] as { start: number }).start < to) lo = mid + 1;
    else hi = mid;
  }
  // Ranges are short (bounded tokens), so looking back a few is enough; bound the walk anyway.
  for (let i = lo - 1, n = 0; i >= 0 && n < 64; i--, n++) {
    const r = ranges[i] as { start: number; end: number };
    if (r.end > from) return true;
  }
  return false;
}

/** Whether one of the sorted, non-overlapping ranges ends in `[at - gap, at]` (binary search). */
export function endsNear(ranges: readonly { start: number; end: number }[], at: number, gap: number): boolean {
  let lo = 0;
  let hi = ranges.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ranges[mid] as { start: number }).start < at) lo = mid + 1;
    else hi = mid;
  }
  const before = ranges[lo - 1];
  return before !== undefined && before.end <= at && at - before.end <= gap;
}

/**
 * Memoises a detector on the last text it saw, until the current synchronous run ends (the engine
 * runs every secret rule of a scan in one synchronous loop). Lets the generic detector consult the
 * provider detectors' hits without running them twice, and keeps no text alive after the scan.
 */
export function memoizeDetector(detect: (text: string) => SecretHit[]): (text: string) => SecretHit[] {
  let lastText: string | null = null;
  let lastHits: SecretHit[] = [];
  return (text: string): SecretHit[] => {
    if (lastText !== null && lastText === text) return lastHits.map((h) => ({ ...h }));
    const hits = detect(text);
    lastText = text;
    lastHits = hits;
    queueMicrotask(() => {
      lastText = null;
      lastHits = [];
    });
    return hits.map((h) => ({ ...h }));
  };
}

/** Sorts hits by start and drops exact duplicates of the secret range. */
export function finishHits(hits: SecretHit[]): SecretHit[] {
  hits.sort((a, b) => a.start - b.start || a.secretStart - b.secretStart);
  const out: SecretHit[] = [];
  const seen = new Set<string>();
  for (const h of hits) {
    const key = `${h.secretStart}:${h.secretEnd}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(h);
  }
  return out;
}
