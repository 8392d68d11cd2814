import type { SourceText } from './syntax.ts';

/**
 * `secscan-ignore <ruleId>: <reason>` on a finding's line or the line above drops that finding
 * (a bare `secscan-ignore` drops every finding there). The class alone (`secscan-ignore sql-injection`)
 * works too: rule ids are `<language>.<class>`, and a comment should not have to name the language. The marker is looked for on raw lines, so it
 * works in every language's comment syntax, including `generic` files.
 */

const MARKER = 'secscan-ignore';
/**
 * gosec's and bandit's marker (`// #nosec G402`, `# nosec B602`): code that was reviewed under those
 * tools keeps its decisions here. Their rule codes do not name our rules, so it drops every finding
 * whose lines it is on (a multi-line call marked at its last line, as gosec allows), and, when it is
 * alone on its line, the finding on the line below.
 */
const NOSEC = 'nosec';
const GOSEC_DISABLE = 'gosec:disable';
/** The set entry a `#nosec` line gets; a marker alone on its line also covers the statement below. */
const NOSEC_ENTRY = '#nosec';
const NOSEC_ABOVE = '#nosec-above';
// The rule id right after the marker: letters, digits, dots, dashes, underscores. Linear.
const RULE_AFTER = /^[ \t]+([A-Za-z0-9_.-]+)/;

/** Suppressions by 1-based line: rule ids, or '*' for all. */
export function findSuppressions(source: SourceText): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  const text = source.text;
  for (let from = text.indexOf(MARKER); from !== -1; from = text.indexOf(MARKER, from + MARKER.length)) {
    const line = source.lineOf(from) + 1;
    const m = RULE_AFTER.exec(text.slice(from + MARKER.length, from + MARKER.length + 200));
    let rule = m?.[1] ?? '*';
    while (rule.endsWith('.')) rule = rule.slice(0, -1); // a sentence's full stop is not part of the id
    if (rule === '') rule = '*';
    let set = out.get(line);
    if (!set) out.set(line, (set = new Set()));
    set.add(rule);
  }
  for (let from = text.indexOf(NOSEC); from !== -1; from = text.indexOf(NOSEC, from + NOSEC.length)) {
    const hash = text[from - 1] === '#' ? from - 1 : text[from - 1] === ' ' && text[from - 2] === '#' ? from - 2 : -1;
    if (hash < 0 || /[A-Za-z0-9_]/.test(text[from + NOSEC.length] ?? '')) continue;
    markNosec(out, source, text, hash, from);
  }
  // gosec's newer spelling of the same marker: `//gosec:disable G112 -- reason`.
  for (let from = text.indexOf(GOSEC_DISABLE); from !== -1; from = text.indexOf(GOSEC_DISABLE, from + GOSEC_DISABLE.length)) {
    markNosec(out, source, text, from, from);
  }
  return out;
}

/** Records a `#nosec` marker at `from` (its comment text starts at `hash`). */
function markNosec(out: Map<number, Set<string>>, source: SourceText, text: string, hash: number, from: number): void {
  const line = source.lineOf(from) + 1;
  let set = out.get(line);
  if (!set) out.set(line, (set = new Set()));
  set.add(NOSEC_ENTRY);
  // Only a comment before it on its line (`// #nosec G117 -- reason`): it annotates the next statement.
  const start = text.lastIndexOf('\n', hash) + 1;
  const before = text.slice(start, hash).trim();
  if (before === '//' || before === '' || before === '/*') set.add(NOSEC_ABOVE);
}

/** Whether a finding of `ruleId` (`<language>.<class>`) on lines `line`…`endLine` is suppressed. */
export function isSuppressed(suppressions: Map<number, Set<string>>, ruleId: string, line: number, endLine = line): boolean {
  const cls = ruleId.slice(ruleId.indexOf('.') + 1);
  for (const l of [line, line - 1]) {
    const set = suppressions.get(l);
    if (set && (set.has('*') || set.has(ruleId) || set.has(cls))) return true;
  }
  if (suppressions.get(line - 1)?.has(NOSEC_ABOVE)) return true;
  for (let l = line; l <= Math.min(endLine, line + 50); l++) if (suppressions.get(l)?.has(NOSEC_ENTRY)) return true;
  return false;
}
