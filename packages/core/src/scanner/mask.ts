/**
 * Masking secret values wherever a finding shows code: snippets, messages, data-flow notes — and so
 * everything built from them (JSON answers, SARIF, stored history, finding ids).
 *
 * A masked value keeps at most its first four characters (a quarter of it for short values), enough
 * to recognise which key it was, and every other character becomes `*`, so a masked text has the
 * length of the original and offsets keep pointing at the same code.
 *
 * Every function here is linear in the text it is given plus the ranges it visits: a line with
 * thousands of secrets is masked in one pass, never rebuilt once per secret (issue #12).
 */
import type { SyntaxNode } from './syntax.ts';

/** A range of the scanned code to mask: `start` inclusive, `end` exclusive, as UTF-16 offsets. */
export interface MaskRange {
  start: number;
  end: number;
}

/** The character that replaces a masked one. */
export const MASK_CHAR = '*';

/** How many leading characters of a secret of `length` characters stay visible. */
export function visiblePrefix(length: number): number {
  return Math.min(4, Math.floor(length / 4));
}

/**
 * Sorts ranges by start and merges overlapping or touching ones, so that a text can be masked in
 * one left-to-right pass (two secrets that touch are masked as one).
 */
export function mergeMaskRanges(ranges: readonly MaskRange[]): MaskRange[] {
  const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: MaskRange[] = [];
  for (const r of sorted) {
    const last = merged[merged.length - 1];
    if (last && r.start <= last.end) {
      if (r.end > last.end) last.end = r.end;
    } else merged.push({ start: r.start, end: r.end });
  }
  return merged;
}

/** Index of the first merged range that ends after `offset` (ranges are sorted and disjoint). */
export function firstRangeEndingAfter(ranges: readonly MaskRange[], offset: number): number {
  let lo = 0;
  let hi = ranges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((ranges[mid] as MaskRange).end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * `code.slice(from, to)` with every masked character replaced, in one pass. `ranges` must be merged
 * (`mergeMaskRanges`); a range that starts before `from` keeps its visible prefix relative to its own
 * start, so a slice shows exactly what the whole text would show there.
 */
export function maskedSlice(code: string, from: number, to: number, ranges: readonly MaskRange[]): string {
  let i = firstRangeEndingAfter(ranges, from);
  if (i >= ranges.length || (ranges[i] as MaskRange).start >= to) return code.slice(from, to);
  const parts: string[] = [];
  let at = from;
  for (; i < ranges.length; i++) {
    const r = ranges[i] as MaskRange;
    if (r.start >= to) break;
    const maskFrom = Math.max(r.start + visiblePrefix(r.end - r.start), at);
    const maskTo = Math.min(r.end, to);
    if (maskFrom >= maskTo) continue;
    parts.push(code.slice(at, maskFrom), MASK_CHAR.repeat(maskTo - maskFrom));
    at = maskTo;
  }
  parts.push(code.slice(at, to));
  return parts.join('');
}

/** Characters that open or close a string literal in the languages we scan. */
function isQuote(c: number): boolean {
  return c === 0x22 || c === 0x27 || c === 0x60; // " ' `
}

/**
 * The content of a string literal node without its delimiters and prefixes: `"pw"`, `b'pw'`,
 * `@"pw"`, `"""pw"""`, `R"(pw)"`, a heredoc (whole node when it has no quotes). Null when empty.
 */
export function literalContent(node: SyntaxNode): MaskRange | null {
  const text = node.source.text;
  let start = node.start;
  let end = node.end;
  // A prefix of letters and sigils (b, r, f, u8, L, @, $) before the opening quote, then up to three quotes.
  let open = start;
  while (open < end && open - start < 4 && !isQuote(text.charCodeAt(open))) open++;
  if (open < end && isQuote(text.charCodeAt(open))) {
    const quote = text.charCodeAt(open);
    start = open;
    for (let n = 0; n < 3 && start < end && text.charCodeAt(start) === quote; n++) start++;
    for (let n = 0; n < 3 && end > start && text.charCodeAt(end - 1) === quote; n++) end--;
  }
  return end > start ? { start, end } : null;
}

/** Whether a leaf node is a number literal (`0x2b`, `1234`, `7.5f`): its text starts with a digit. */
function isNumberLeaf(node: SyntaxNode): boolean {
  if (!node.named || node.children.length > 0 || node.end <= node.start) return false;
  const c = node.source.text.charCodeAt(node.start);
  return c >= 0x30 && c <= 0x39;
}

/** Most nodes visited under one credential finding (its node is a literal, an assignment or a call: small). */
const MAX_NODES_PER_FINDING = 10_000;

/**
 * The literal values a credential finding covers, as ranges to mask: the content of every string
 * literal under its node (`stringTypes`: the language's string node types), or, when there is none,
 * every number literal (a key written byte by byte: `{0x2b, 0x7e, …}`).
 */
export function credentialLiteralRanges(node: SyntaxNode, stringTypes: ReadonlySet<string>): MaskRange[] {
  const strings: MaskRange[] = [];
  const numbers: MaskRange[] = [];
  const stack: SyntaxNode[] = [node];
  let visited = 0;
  while (stack.length > 0 && visited < MAX_NODES_PER_FINDING) {
    const n = stack.pop() as SyntaxNode;
    visited++;
    // Named nodes only: a keyword token can share a literal's type name (TypeScript's `string` type).
    if (n.named && stringTypes.has(n.type)) {
      const content = literalContent(n);
      if (content) strings.push(content);
      continue; // a string's children are its parts: the whole content is masked already
    }
    if (isNumberLeaf(n)) numbers.push({ start: n.start, end: n.end });
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as SyntaxNode);
  }
  return strings.length > 0 ? strings : numbers;
}

/**
 * `text` (a message or a note that may quote code) with every raw value of `ranges` in `code`
 * replaced by its masked form. Only values of four characters or more are looked for: shorter ones
 * would match ordinary words.
 */
export function maskQuotedValues(text: string, code: string, ranges: readonly MaskRange[]): string {
  let out = text;
  for (const r of ranges) {
    if (r.end - r.start < 4 || r.end - r.start > out.length) continue;
    const raw = code.slice(r.start, r.end);
    if (out.includes(raw)) out = out.replaceAll(raw, maskedSlice(code, r.start, r.end, [r]));
  }
  return out;
}
