/**
 * Test annotations in realistic sample files, in the style of semgrep-rules: a comment line
 * `ruleid: <id>` says the next code line must be reported by rule <id>; `ok: <id>` says it must
 * not; `todoruleid:` marks a known miss and `todook:` a known false alarm (both counted by the
 * accuracy report, neither fails the suite). Several ids may be listed, comma-separated.
 */

/** What one annotation expects. */
export type Expectation = 'ruleid' | 'ok' | 'todoruleid' | 'todook';

/** An annotation bound to the 1-based line it applies to. */
export interface Annotation {
  kind: Expectation;
  ruleId: string;
  /** The line the annotation applies to (the next code line). */
  line: number;
  /** The line of the annotation comment itself. */
  at: number;
}

const MARKERS = ['//', '#', '/*', '<!--', '--', ';', "'"];
const KEYWORDS: readonly Expectation[] = ['todoruleid', 'todook', 'ruleid', 'ok'];

/** `<comment marker> <keyword>: <ids>` on a comment-only line, read with plain string operations. */
function readAnnotation(raw: string): { kind: Expectation; ids: string[] } | null {
  let rest = raw.trimStart();
  const marker = MARKERS.find((m) => rest.startsWith(m));
  if (!marker) return null;
  rest = rest.slice(marker.length).trimStart();
  const kind = KEYWORDS.find((k) => rest.startsWith(k));
  if (!kind) return null;
  rest = rest.slice(kind.length).trimStart();
  if (!rest.startsWith(':')) return null;
  const ids = rest
    .slice(1)
    .replace('*/', ' ')
    .replace('-->', ' ')
    .split(',')
    .map((part) => part.trim().split(' ')[0]?.split('\t')[0] ?? '')
    .filter((id) => id.length > 0);
  return ids.length > 0 ? { kind, ids } : null;
}

/** Finds the annotations of a sample file. */
export function parseAnnotations(text: string): Annotation[] {
  const lines = text.split('\n');
  const out: Annotation[] = [];
  let pending: { kind: Expectation; ids: string[]; at: number }[] = [];
  lines.forEach((raw, i) => {
    const annotation = readAnnotation(raw);
    if (annotation) {
      pending.push({ ...annotation, at: i + 1 });
      return;
    }
    if (pending.length > 0 && raw.trim() !== '') {
      for (const p of pending) for (const ruleId of p.ids) out.push({ kind: p.kind, ruleId, line: i + 1, at: p.at });
      pending = [];
    }
  });
  return out;
}

/** A reported finding, reduced to what annotations compare. */
export interface ReportedFinding {
  ruleId: string;
  line: number;
}

/** The comparison of one file's findings with its annotations. */
export interface AnnotationCheck {
  /** `ruleid:` lines that were reported. */
  truePositives: Annotation[];
  /** `ruleid:` lines that were not reported. */
  missed: Annotation[];
  /** Findings on `ok:` lines, or on lines with no `ruleid:` for that rule. */
  falsePositives: (ReportedFinding & { annotated: boolean })[];
  /** `todoruleid:` lines (known misses) that are now reported — promote them. */
  fixedMisses: Annotation[];
  /** Known misses still missed, and known false alarms still raised. */
  knownMisses: Annotation[];
  knownFalseAlarms: Annotation[];
}

/** Compares findings with annotations. A finding matches a `ruleid:` when it starts on that line. */
export function checkAnnotations(annotations: readonly Annotation[], findings: readonly ReportedFinding[]): AnnotationCheck {
  const found = new Set(findings.map((f) => `${f.ruleId}@${f.line}`));
  const expected = new Set<string>();
  const tolerated = new Set<string>();
  const check: AnnotationCheck = { truePositives: [], missed: [], falsePositives: [], fixedMisses: [], knownMisses: [], knownFalseAlarms: [] };
  for (const a of annotations) {
    const key = `${a.ruleId}@${a.line}`;
    switch (a.kind) {
      case 'ruleid':
        expected.add(key);
        (found.has(key) ? check.truePositives : check.missed).push(a);
        break;
      case 'todoruleid':
        tolerated.add(key);
        (found.has(key) ? check.fixedMisses : check.knownMisses).push(a);
        break;
      case 'todook':
        tolerated.add(key);
        if (found.has(key)) check.knownFalseAlarms.push(a);
        break;
      case 'ok':
        break;
    }
  }
  const okLines = new Set(annotations.filter((a) => a.kind === 'ok').map((a) => `${a.ruleId}@${a.line}`));
  for (const f of findings) {
    const key = `${f.ruleId}@${f.line}`;
    if (expected.has(key) || tolerated.has(key)) continue;
    check.falsePositives.push({ ...f, annotated: okLines.has(key) });
  }
  return check;
}
