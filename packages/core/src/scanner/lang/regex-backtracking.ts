/**
 * Whether a regular expression written in the scanned code can backtrack catastrophically: a
 * repeated group whose body can itself match one string in many ways (`([a-z]+)+$`, `(\w+\s?)*`,
 * `(a*)*`, `(x|x)+`). Repetitions with a mandatory separator the inner part cannot match
 * (`(\s*,\s*)*`, `\w+([-.]\w+)*`) split the input one way only and are not reported. A plain
 * character scan over the pattern (no regular expressions of our own): linear in its length.
 * Shared by every language whose patterns follow the Perl/JavaScript syntax.
 */

/** One item of a sequence: an atom (character, class, escape, group) and how often it repeats. */
interface Item {
  /** Canonical text of the atom (a group's is its body). */
  text: string;
  /** `none` (exactly once), `optional` (may be absent: `?`, `*`, `{0,n}`), or `many` (`+`, `*`, `{n,}`: unbounded). */
  repeat: 'once' | 'optional' | 'many' | 'optional-many';
  /** For a group: its alternatives, each a sequence. */
  alternatives: Item[][] | null;
}

const MAX_LENGTH = 2000;

/** Parses a pattern into alternatives of item sequences; null when it is not one we can read. */
function parse(pattern: string): Item[][] | null {
  let i = 0;
  const readAlternatives = (depth: number): Item[][] | null => {
    const alternatives: Item[][] = [[]];
    while (i < pattern.length) {
      const c = pattern[i] as string;
      if (c === ')') return depth > 0 ? alternatives : null;
      if (c === '|') {
        alternatives.push([]);
        i++;
        continue;
      }
      let text: string;
      let nested: Item[][] | null = null;
      const start = i;
      if (c === '\\') {
        text = pattern.slice(i, i + 2);
        i += 2;
      } else if (c === '[') {
        i++;
        if (pattern[i] === '^') i++;
        if (pattern[i] === ']') i++;
        while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
        if (i >= pattern.length) return null;
        i++;
        text = pattern.slice(start, i);
      } else if (c === '(') {
        i++;
        let lookaround = false;
        if (pattern[i] === '?') {
          // (?:…), (?=…), (?!…), (?<=…), (?<!…), (?<name>…)
          const next = pattern[i + 1];
          if (next === '=' || next === '!') lookaround = true;
          if (next === '<' && (pattern[i + 2] === '=' || pattern[i + 2] === '!')) lookaround = true;
          if (next === '<' && pattern[i + 2] !== '=' && pattern[i + 2] !== '!') {
            const close = pattern.indexOf('>', i);
            if (close < 0) return null;
            i = close + 1;
          } else i += next === '<' ? 3 : 2;
        }
        if (depth > 20) return null;
        nested = readAlternatives(depth + 1);
        if (!nested || pattern[i] !== ')') return null;
        i++;
        if (lookaround) nested = [[]];
        text = pattern.slice(start, i);
      } else {
        text = c;
        i++;
      }
      // Quantifier.
      let repeat: Item['repeat'] = 'once';
      const q = pattern[i];
      if (q === '*') repeat = 'optional-many';
      else if (q === '+') repeat = 'many';
      else if (q === '?') repeat = 'optional';
      else if (q === '{') {
        const close = pattern.indexOf('}', i);
        const body = close > i ? pattern.slice(i + 1, close) : '';
        const [lo, hi] = body.split(',');
        if (close > i && /^\d{1,6}$/.test(lo ?? '') && (hi === undefined || hi === '' || /^\d{1,6}$/.test(hi))) {
          const min = Number(lo);
          const unbounded = hi === '';
          const max = hi === undefined ? min : unbounded ? Infinity : Number(hi);
          repeat = unbounded ? (min === 0 ? 'optional-many' : 'many') : min === 0 ? 'optional' : max > 1 ? 'many' : 'once';
          // A bounded repeat (`{2,5}`) multiplies ways only polynomially: treat only {n,} as unbounded.
          if (!unbounded && max > 1) repeat = min === 0 ? 'optional' : 'once';
          i = close;
        } else {
          i--; // a literal `{`
        }
      }
      if (repeat !== 'once' || q === '{') i++;
      if (pattern[i] === '?' && repeat !== 'once') i++; // lazy
      alternatives[alternatives.length - 1]?.push({ text, repeat, alternatives: nested });
    }
    return depth === 0 ? alternatives : null;
  };
  return readAlternatives(0);
}

const unbounded = (item: Item): boolean => item.repeat === 'many' || item.repeat === 'optional-many';
const optional = (item: Item): boolean => item.repeat === 'optional' || item.repeat === 'optional-many';

/** Whether a repeated group's body can match one string in several ways. */
function ambiguousBody(alternatives: Item[][]): boolean {
  // `(a|a)+`, `(ab|ab)*`: the same branch twice.
  const texts = alternatives.map((seq) => seq.map((x) => `${x.text}${x.repeat}`).join(''));
  if (new Set(texts).size < texts.length) return true;
  if (alternatives.length !== 1) return false;
  const seq = alternatives[0] as Item[];
  // What must be matched every time: an item that is itself repeated without bound is the trouble.
  const mandatory = seq.filter((x) => !optional(x));
  if (mandatory.length === 0) return seq.some((x) => unbounded(x)); // `(a*)*`, `(\s?\w*)+`
  if (!mandatory.every((x) => unbounded(x))) return false;
  // `([a-z]+)+`, `(\w+\s?)*`, `((ab)+)+`: one repeated item, or the same one more than once.
  return new Set(mandatory.map((x) => x.text)).size === 1;
}

/** Whether any repeated group of the pattern can backtrack catastrophically. */
export function catastrophicBacktracking(pattern: string): boolean {
  if (pattern.length > MAX_LENGTH) return false;
  const tree = parse(pattern);
  if (!tree) return false;
  const stack: Item[][] = [...tree];
  let budget = 10_000;
  while (stack.length > 0 && budget-- > 0) {
    const seq = stack.pop() as Item[];
    for (const item of seq) {
      if (!item.alternatives) continue;
      if (unbounded(item) && ambiguousBody(item.alternatives)) return true;
      stack.push(...item.alternatives);
    }
  }
  return false;
}
