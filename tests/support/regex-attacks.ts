/**
 * Adversarial inputs for a regular expression, from its source alone: for every quantified part
 * (`\s*`, `[^\]]+`, `(?:ab|c)*`, `x{2,}`) long runs of characters it accepts — reached through a
 * lead-in that matches the pattern's fixed parts before it, left unterminated or ended by a
 * character nothing accepts, and repeated so that every start position pays. These are the inputs
 * on which a backtracking engine goes polynomial or exponential when the pattern lets it.
 */

/** A part of a pattern: its source, and whether a quantifier follows it. */
interface Part {
  source: string;
  quantified: boolean;
}

/** Characters tried against each part: ASCII, whitespace, and a few beyond. */
const CANDIDATES = [...Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i)), '\t', '\n', '\r', '\u0000', '\u00a0', 'é', 'ß', '\u2028', '😀'];
/** Characters a part is most likely to be attacked with, tried first. */
const PREFERRED = ['a', ' ', '0', '/', '.', '-', '_', '=', '"', "'", '\\', ':', '(', '[', '{', '<', '@', '\t', '\n', 'A', 'x', '1', '*', '#'];

/** Length of the quantifier at `at` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each maybe lazy), or 0. */
function quantifierLength(pattern: string, at: number): number {
  const c = pattern[at];
  let length = 0;
  if (c === '*' || c === '+' || c === '?') length = 1;
  else if (c === '{') {
    const close = pattern.indexOf('}', at);
    if (close > at && /^\{\d+(,\d*)?\}$/.test(pattern.slice(at, close + 1))) length = close + 1 - at;
  }
  if (length > 0 && pattern[at + length] === '?') length++;
  return length;
}

/** The end (exclusive) of the escape, class or group starting at `at`. */
function atomEnd(pattern: string, at: number): number {
  const c = pattern[at];
  if (c === '\\') {
    const next = pattern[at + 1];
    if (next === 'u' && pattern[at + 2] === '{') return pattern.indexOf('}', at) + 1;
    if (next === 'u') return at + 6;
    if (next === 'x') return at + 4;
    if ((next === 'p' || next === 'P') && pattern[at + 2] === '{') return pattern.indexOf('}', at) + 1;
    if (next === 'c') return at + 3;
    return at + 2;
  }
  if (c === '[') {
    let i = at + 1;
    if (pattern[i] === '^') i++;
    if (pattern[i] === ']') i++;
    for (; i < pattern.length; i++) {
      if (pattern[i] === '\\') i++;
      else if (pattern[i] === ']') return i + 1;
    }
    return pattern.length;
  }
  if (c === '(') {
    let depth = 0;
    for (let i = at; i < pattern.length; i++) {
      const ch = pattern[i];
      if (ch === '\\') i++;
      else if (ch === '[') i = atomEnd(pattern, i) - 1;
      else if (ch === '(') depth++;
      else if (ch === ')' && --depth === 0) return i + 1;
    }
    return pattern.length;
  }
  return at + 1;
}

/** The top-level parts of a pattern (groups whole), and, recursively, the parts inside groups. */
function partsOf(pattern: string): Part[] {
  const parts: Part[] = [];
  for (let at = 0; at < pattern.length; ) {
    const c = pattern[at];
    if (c === '|' || c === '^' || c === '$') {
      at++;
      continue;
    }
    const end = Math.max(at + 1, atomEnd(pattern, at));
    const source = pattern.slice(at, end);
    const q = quantifierLength(pattern, end);
    parts.push({ source, quantified: q > 0 && pattern[end] !== '?' });
    if (c === '(') {
      // The group's insides are attacked too: `(\s*,\s*)+` hides `\s*` twice.
      let inner = source.slice(1, -1);
      const prefix = /^\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(inner);
      if (prefix) inner = inner.slice(prefix[0].length);
      parts.push(...partsOf(inner));
    }
    at = end + q;
  }
  return parts;
}

/** Up to `max` characters the part accepts on its own (with the pattern's flags), most useful first. */
function acceptedBy(source: string, flags: string, max: number): string[] {
  let re: RegExp;
  try {
    re = new RegExp(`^(?:${source})$`, flags.replace(/[gy]/g, ''));
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const c of [...PREFERRED, ...CANDIDATES]) {
    if (out.length >= max) break;
    if (!out.includes(c) && re.test(c)) out.push(c);
  }
  return out;
}

/** A character no part of the pattern accepts (ends a run so that the match must fail), if any. */
function stranger(parts: readonly Part[], flags: string): string {
  for (const c of ['\u0000', '\u0001', '!', '~', '\u00a7', '\uffff', '\n', ' ']) {
    if (parts.every((part) => !acceptedBy(part.source, flags, 200).includes(c))) return c;
  }
  return '\u0000';
}

/** Adversarial strings of about `length` characters for `pattern` with `flags` (at most `max` of them). */
export function attacksFor(pattern: string, flags: string, length: number, max = 8): string[] {
  let parts: Part[];
  try {
    parts = partsOf(pattern);
  } catch {
    return [];
  }
  const end = stranger(parts, flags);
  const out = new Set<string>();
  for (let i = 0; i < parts.length && out.size < max; i++) {
    const part = parts[i] as Part;
    if (!part.quantified) continue;
    // What leads up to this part: one accepted character for each fixed part before it.
    const leadIn = parts
      .slice(0, i)
      .filter((p) => !p.quantified)
      .slice(-12)
      .map((p) => acceptedBy(p.source, flags, 1)[0] ?? '')
      .join('');
    for (const c of acceptedBy(part.source, flags, 2)) {
      const run = c.repeat(Math.max(1, Math.floor(length / c.length)));
      out.add(`${leadIn}${run}`);
      out.add(`${leadIn}${run}${end}`);
      if (leadIn.length > 0) out.add(`${leadIn}${c}`.repeat(Math.max(1, Math.floor(length / (leadIn.length + c.length)))));
      if (out.size >= max) break;
    }
  }
  return [...out].slice(0, max);
}
