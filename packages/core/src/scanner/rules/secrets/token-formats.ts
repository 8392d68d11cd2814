import type { SecretHit } from '../../rule.ts';
import { fakeKind, finishHits, looksFake, tokenHit } from '../../secrets/detect.ts';
import { defineSecretRule, ROTATE_AND_MOVE } from '../../secrets/define.ts';
import { TOKEN_FORMATS, type Alphabet, type Part, type TokenFormat } from '../../secrets/formats.ts';

/** Whether a char code is in an alphabet. */
function inAlphabet(c: number, a: Alphabet): boolean {
  const digit = c >= 48 && c <= 57;
  const upper = c >= 65 && c <= 90;
  const lower = c >= 97 && c <= 122;
  switch (a) {
    case 'digits':
      return digit;
    case 'lower':
      return lower;
    case 'upper':
      return upper;
    case 'letters':
      return lower || upper;
    case 'alnum':
    case 'b62':
      return digit || lower || upper;
    case 'lowernum':
      return digit || lower;
    case 'uppernum':
      return digit || upper;
    case 'hex':
      return digit || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
    case 'hexlower':
      return digit || (c >= 97 && c <= 102);
    case 'hexupper':
      return digit || (c >= 65 && c <= 70);
    case 'token':
    case 'b64url':
      return digit || lower || upper || c === 95 || c === 45;
    case 'b64':
      return digit || lower || upper || c === 43 || c === 47;
    case 'b64pad':
      return digit || lower || upper || c === 43 || c === 47 || c === 61;
    case 'tokeneq':
      return digit || lower || upper || c === 95 || c === 45 || c === 61;
  }
}

const isWordChar = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/** Matches `parts` forward from `at`; the end, or -1. Runs are greedy and never backtrack. */
function matchForward(text: string, at: number, parts: readonly Part[]): number {
  let i = at;
  for (const part of parts) {
    if (typeof part === 'string') {
      if (!text.startsWith(part, i)) return -1;
      i += part.length;
      continue;
    }
    const [alphabet, min, max] = part;
    const start = i;
    const limit = Math.min(text.length, start + max + 1);
    while (i < limit && inAlphabet(text.charCodeAt(i), alphabet)) i++;
    if (i - start < min || i - start > max) return -1;
  }
  return i;
}

/** Matches the runs before an anchor backwards from `end`; the start, or -1. */
function matchBackward(text: string, end: number, parts: readonly Part[]): number {
  let i = end;
  for (let k = parts.length - 1; k >= 0; k--) {
    const part = parts[k] as Part;
    if (typeof part === 'string') {
      if (i - part.length < 0 || !text.startsWith(part, i - part.length)) return -1;
      i -= part.length;
      continue;
    }
    const [alphabet, min, max] = part;
    const stop = i;
    const limit = Math.max(0, stop - max - 1);
    while (i > limit && inAlphabet(text.charCodeAt(i - 1), alphabet)) i--;
    if (stop - i < min || stop - i > max) return -1;
  }
  return i;
}

/** The alphabet a pattern ends with (to check that a run is not cut out of a longer one). */
function lastAlphabet(parts: readonly Part[]): Alphabet | null {
  const last = parts[parts.length - 1];
  return last !== undefined && typeof last !== 'string' ? last[0] : null;
}
function firstAlphabet(parts: readonly Part[]): Alphabet | null {
  const first = parts[0];
  return first !== undefined && typeof first !== 'string' ? first[0] : null;
}

/** Whether a match is a whole token: not glued to word characters (or the run's own alphabet) on either side. */
function bounded(text: string, start: number, end: number, parts: readonly Part[], anywhere: boolean): boolean {
  if (start > 0) {
    const before = text.charCodeAt(start - 1);
    const first = firstAlphabet(parts);
    if (first ? inAlphabet(before, first) : !anywhere && isWordChar(before)) return false;
  }
  if (end < text.length) {
    const after = text.charCodeAt(end);
    const last = lastAlphabet(parts);
    if (last ? inAlphabet(after, last) || isWordChar(after) : false) return false;
  }
  return true;
}

/**
 * A stand-in in a token's shape (`AAAA…`, `…EXAMPLE`, `xxxx`, or, for formats found by keyword only,
 * hand-made runs like `1234-ABCD`): documentation and samples, not a credential anyone can use.
 */
function standIn(value: string): boolean {
  return looksFake(value, 8);
}

function detectPrefixed(text: string, format: TokenFormat, parts: readonly Part[], hits: SecretHit[]): void {
  const anchorIndex = parts.findIndex((p) => typeof p === 'string');
  if (anchorIndex < 0) return;
  const anchor = parts[anchorIndex] as string;
  const before = parts.slice(0, anchorIndex);
  const after = parts.slice(anchorIndex);
  for (let at = text.indexOf(anchor); at >= 0; at = text.indexOf(anchor, at + anchor.length)) {
    const start = before.length > 0 ? matchBackward(text, at, before) : at;
    if (start < 0) continue;
    const end = matchForward(text, at, after);
    if (end < 0 || !bounded(text, start, end, parts, format.anywhere === true)) continue;
    // A provider prefix plus the exact shape is a token even when its body was typed by hand
    // (`aBcDeF…123456`): reported at low confidence; placeholders (`AAAA…`, `…EXAMPLE`) are not.
    const fake = fakeKind(text.slice(start < at ? start : at + anchor.length, end), 8);
    if (fake === 'placeholder') continue;
    hits.push(tokenHit(start, end, format.description, fake === 'synthetic' ? 'low' : undefined));
  }
}

/** A value after a provider keyword on the same line: `HEROKU_API_KEY = "<uuid>"`. */
function detectNearKeyword(text: string, lower: string, format: TokenFormat, hits: SecretHit[]): void {
  for (const keyword of format.keywords ?? []) {
    for (let at = lower.indexOf(keyword); at >= 0; at = lower.indexOf(keyword, at + keyword.length)) {
      let lineEnd = text.indexOf('\n', at);
      if (lineEnd < 0) lineEnd = text.length;
      const windowEnd = Math.min(lineEnd, at + keyword.length + 120);
      for (let p = at + keyword.length; p < windowEnd; p++) {
        const prev = text.charCodeAt(p - 1);
        if (isWordChar(prev) || prev === 45) continue; // only at the start of a token
        let found = false;
        for (const parts of format.patterns) {
          const end = matchForward(text, p, parts);
          if (end < 0 || !bounded(text, p, end, parts, false) || standIn(text.slice(p, end))) continue;
          hits.push(tokenHit(p, end, format.description));
          found = true;
          break;
        }
        if (found) break;
      }
    }
  }
}

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  let lower: string | null = null; // the lowercase text, for keyword formats, made once
  for (const format of TOKEN_FORMATS) {
    if (format.keywords) detectNearKeyword(text, (lower ??= text.toLowerCase()), format, hits);
    else for (const parts of format.patterns) detectPrefixed(text, format, parts, hits);
  }
  return finishHits(hits);
}

export default defineSecretRule({
  class: 'hardcoded-secret',
  name: 'token-formats',
  confidence: 'high',
  message: 'A provider token is written in the code.',
  remediation: `Revoke the token in the provider's console and issue a new one with the least scope that works. ${ROTATE_AND_MOVE}`,
  references: ['https://github.com/gitleaks/gitleaks#rules'],
  detect,
});
