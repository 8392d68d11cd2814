/**
 * From raw matches to reported findings: filtering (rules asked for, confidence, duplicates,
 * `secscan-ignore`), caps, masking, snippets, messages and ids — the part of a scan every finding
 * passes through, whatever rule or language produced it.
 *
 * Bounded in time and size (issue #12): each line is masked and hashed once however many findings
 * it carries; at most `maxFindingsPerRule` findings per rule and `maxFindings` per scan are built
 * (the rest are only counted, in `omitted`); messages, notes and snippet lines have a length cap; and
 * the deadline is checked as findings are built, so a scan that ran its analysis up to its budget
 * still answers in time, with `truncated`.
 *
 * Masking (mask.ts) covers the secret detectors' values and, for every credential finding (a
 * `*.hardcoded-credentials`/`*.hardcoded-secret` rule, a secret rule, or CWE-798/259/321), the
 * literals its node holds — in every finding's snippet, message and notes, and so in the ids.
 */
import type { RawMatch } from './engine/walker.ts';
import { Fingerprinter, normalizeLine, stableHash } from './fingerprint.ts';
import { credentialLiteralRanges, firstRangeEndingAfter, maskedSlice, maskQuotedValues, mergeMaskRanges, type MaskRange } from './mask.ts';
import { findSuppressions, isSuppressed } from './suppression.ts';
import type { SourceText } from './syntax.ts';
import { CONFIDENCES, type Confidence, type DataflowStep, type Finding, type OmittedFindings, type ScanSummary } from './types.ts';

/** Default most findings reported per scan. */
export const DEFAULT_MAX_FINDINGS = 1000;
/** Default most findings reported per rule and scan. */
export const DEFAULT_MAX_FINDINGS_PER_RULE = 100;

/** Lines of code shown in a snippet. */
const SNIPPET_LINES = 5;
/** Characters shown of one snippet line; a longer line is cut around the finding, with `…`. */
const SNIPPET_LINE_CHARS = 400;
/** Characters shown before the finding's column when a long line is cut. */
const SNIPPET_LEAD_CHARS = 100;
/** Longest message and data-flow note (rules quote names and calls from the code). */
const MAX_MESSAGE_CHARS = 500;
const MAX_NOTE_CHARS = 200;
/** Most masked values looked for in one finding's message and notes. */
const MAX_QUOTED_RANGES = 64;
/** Findings built between two looks at the clock. */
const DEADLINE_STRIDE = 32;

/** Classes whose findings in a test file are reported at low confidence (made-up credentials). */
const TEST_CREDENTIAL_CLASSES: ReadonlySet<string> = new Set(['hardcoded-secret', 'hardcoded-credentials']);

/** CWEs of hard-coded credentials, passwords and keys. */
const CREDENTIAL_CWES: ReadonlySet<string> = new Set(['CWE-798', 'CWE-259', 'CWE-321']);

/** What the report is built from. */
export interface ReportInput {
  matches: readonly RawMatch[];
  source: SourceText;
  /** Values the secret detectors found (their `secretStart`/`secretEnd`). */
  secretRanges: readonly MaskRange[];
  /** The language's string literal node types; null for text without a grammar (`generic`). */
  stringTypes: ReadonlySet<string> | null;
  /** Only these rule ids, when set. */
  wanted: ReadonlySet<string> | null;
  minConfidence: Confidence;
  maxFindings: number;
  maxFindingsPerRule: number;
  /** `performance.now()` past which no more findings are built. */
  deadline: number;
  /** Whether the file is a test's: its credential findings are reported at low confidence (made-up credentials). */
  testFile?: boolean;
}

/** The reported findings and what was left out. */
export interface Report {
  findings: Finding[];
  summary: ScanSummary;
  suppressed: number;
  /** Findings left out by the caps; null when none were. */
  omitted: OmittedFindings | null;
  /** Whether the deadline stopped the report before every match was looked at. */
  outOfTime: boolean;
}

/** Whether a match reports a hard-coded credential: its literals are masked wherever code is shown. */
export function isCredentialMatch(match: RawMatch): boolean {
  const { rule } = match;
  if (rule.matcher.kind === 'secret' || rule.id.endsWith('.hardcoded-credentials') || rule.id.endsWith('.hardcoded-secret')) return true;
  for (const cwe of match.cwe ?? rule.cwe) if (CREDENTIAL_CWES.has(cwe)) return true;
  return false;
}

function emptySummary(): ScanSummary {
  return { total: 0, critical: 0, high: 0, medium: 0, low: 0, info: 0 };
}

function fillMessage(template: string, sink: string | undefined, source: string | undefined): string {
  return template.replaceAll('{sink}', sink ?? 'a dangerous call').replaceAll('{source}', source ?? 'untrusted input');
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The merged ranges that intersect [from, to), at most `MAX_QUOTED_RANGES`. */
function rangesWithin(ranges: readonly MaskRange[], from: number, to: number): MaskRange[] {
  const out: MaskRange[] = [];
  for (let i = firstRangeEndingAfter(ranges, from); i < ranges.length && out.length < MAX_QUOTED_RANGES; i++) {
    const r = ranges[i] as MaskRange;
    if (r.start >= to) break;
    out.push(r);
  }
  return out;
}

/** Builds the findings of a scan from its matches (see the module comment). */
export function buildReport(input: ReportInput): Report {
  const { source, wanted, deadline } = input;
  const code = source.text;
  const report: Report = { findings: [], summary: emptySummary(), suppressed: 0, omitted: null, outOfTime: false };
  const rank = (m: RawMatch): number => CONFIDENCES.indexOf(m.confidence ?? m.rule.confidence);
  // At one place, one finding per rule: the most confident (a traced flow beats an audit of the same call).
  const ordered = [...input.matches].sort((a, b) => a.node.start - b.node.start || (a.rule.id < b.rule.id ? -1 : a.rule.id > b.rule.id ? 1 : 0) || rank(a) - rank(b));

  // Everything to mask, from every credential match — also those filtered out or capped below:
  // their values still appear in other findings' snippets.
  const toMask: MaskRange[] = [...input.secretRanges];
  // A provider-specific secret finding says more than a language's generic hard-coded-credential
  // finding on the same line: keep the former only.
  const secretLines = new Set<number>();
  for (let i = 0; i < ordered.length; i++) {
    const m = ordered[i] as RawMatch;
    if (m.rule.matcher.kind === 'secret') secretLines.add(source.lineOf(m.node.start));
    else if (input.stringTypes && isCredentialMatch(m)) toMask.push(...credentialLiteralRanges(m.node, input.stringTypes));
    if (i % 256 === 255 && performance.now() > deadline) {
      // Without the full list of values to mask no snippet can be shown safely.
      report.outOfTime = true;
      return report;
    }
  }
  const masked = mergeMaskRanges(toMask);

  const lines = new Map<number, { normalized: string; hash: string }>();
  const lineInfo = (line: number): { normalized: string; hash: string } => {
    let info = lines.get(line);
    if (!info) {
      const start = source.lineStarts[line - 1] ?? 0;
      const normalized = normalizeLine(maskedSlice(code, start, start + source.line(line).length, masked));
      info = { normalized, hash: stableHash(normalized) };
      lines.set(line, info);
    }
    return info;
  };
  const snippetOf = (startLine: number, startColumn: number, endLine: number): string => {
    const last = Math.min(endLine, startLine + SNIPPET_LINES - 1);
    const shown: string[] = [];
    for (let l = startLine; l <= last; l++) {
      const lineStart = source.lineStarts[l - 1] ?? 0;
      const length = source.line(l).length;
      if (length <= SNIPPET_LINE_CHARS) {
        shown.push(maskedSlice(code, lineStart, lineStart + length, masked));
        continue;
      }
      // A long line is cut to a window: around the finding on its first line, from the start on the others.
      const from = l === startLine ? Math.max(0, Math.min(startColumn - 1 - SNIPPET_LEAD_CHARS, length - SNIPPET_LINE_CHARS)) : 0;
      const to = from + SNIPPET_LINE_CHARS;
      shown.push(`${from > 0 ? '…' : ''}${maskedSlice(code, lineStart + from, lineStart + to, masked)}${to < length ? '…' : ''}`);
    }
    return shown.join('\n');
  };
  const maskText = (text: string, max: number, from: number, to: number): string => {
    const clipped = clip(text, max);
    return masked.length === 0 ? clipped : maskQuotedValues(clipped, code, rangesWithin(masked, from, to));
  };

  const suppressions = findSuppressions(source);
  const minConfidence = CONFIDENCES.indexOf(input.minConfidence);
  const seen = new Set<string>();
  const perRule = new Map<string, number>();
  const fingerprints = new Fingerprinter();
  const omitted: OmittedFindings = { total: 0, byRule: {} };
  for (let i = 0; i < ordered.length; i++) {
    if (i % DEADLINE_STRIDE === DEADLINE_STRIDE - 1 && performance.now() > deadline) {
      report.outOfTime = true;
      break;
    }
    const m = ordered[i] as RawMatch;
    if (m.rule.matcher.kind !== 'secret' && secretLines.has(source.lineOf(m.node.start)) && (m.cwe ?? m.rule.cwe).includes('CWE-798')) continue;
    if (wanted && !wanted.has(m.rule.id)) continue;
    const confidence = input.testFile && TEST_CREDENTIAL_CLASSES.has(m.rule.class) ? 'low' : (m.confidence ?? m.rule.confidence);
    if (CONFIDENCES.indexOf(confidence) > minConfidence) continue;
    const end = m.end !== undefined && m.end > m.node.start ? m.end : m.node.end;
    const location = source.location(m.node.start, end);
    const key = `${m.rule.id}:${location.startLine}:${location.startColumn}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (isSuppressed(suppressions, m.rule.id, location.startLine, location.endLine)) {
      report.suppressed++;
      continue;
    }
    const ofRule = perRule.get(m.rule.id) ?? 0;
    if (ofRule >= input.maxFindingsPerRule || report.findings.length >= input.maxFindings) {
      omitted.total++;
      omitted.byRule[m.rule.id] = (omitted.byRule[m.rule.id] ?? 0) + 1;
      continue;
    }
    perRule.set(m.rule.id, ofRule + 1);
    const line = lineInfo(location.startLine);
    const finding: Finding = {
      id: fingerprints.id(m.rule.id, location.startLine, line.normalized, line.hash),
      ruleId: m.rule.id,
      title: m.rule.title,
      message: maskText(m.message ?? fillMessage(m.rule.message, m.sinkLabel, m.taint?.label), MAX_MESSAGE_CHARS, m.node.start, end),
      severity: m.rule.severity,
      confidence,
      cwe: [...(m.cwe ?? m.rule.cwe)],
      owasp: [...m.rule.owasp],
      location,
      snippet: snippetOf(location.startLine, location.startColumn, location.endLine),
      remediation: m.rule.remediation,
    };
    if (m.taint) {
      const from = Math.min(m.taint.source.start, m.node.start);
      const note = (text: string): string => maskText(text, MAX_NOTE_CHARS, from, end);
      const flow: DataflowStep[] = [{ location: m.taint.source.location, note: note(`source: ${m.taint.label}`) }];
      for (const step of m.taint.steps) flow.push({ location: step.node.location, note: note(step.note) });
      flow.push({ location, note: note(`sink: ${m.sinkLabel ?? m.rule.title}`) });
      finding.dataflow = flow;
    }
    report.findings.push(finding);
  }
  if (omitted.total > 0) report.omitted = omitted;
  for (const f of report.findings) {
    report.summary.total++;
    report.summary[f.severity]++;
  }
  return report;
}
