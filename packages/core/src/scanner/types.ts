/** Severity of a finding, from most to least urgent. */
export type Severity = 'critical' | 'high' | 'medium' | 'low' | 'info';
/** How sure the engine is that a finding is a real vulnerability. */
export type Confidence = 'high' | 'medium' | 'low';

/** All severities, most urgent first. */
export const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low', 'info'];
/** All confidences, most certain first. */
export const CONFIDENCES: readonly Confidence[] = ['high', 'medium', 'low'];

/** A range in the scanned code: 1-based lines, 1-based columns counted in UTF-16 code units (as SARIF's default). */
export interface Location {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

/** One step of a taint trace, from the source to the sink. */
export interface DataflowStep {
  location: Location;
  note: string;
}

/** One reported vulnerability. */
export interface Finding {
  /** Stable fingerprint: the same code yields the same id, even when lines move. */
  id: string;
  ruleId: string;
  title: string;
  message: string;
  severity: Severity;
  confidence: Confidence;
  /** Always `CWE-<n>` strings. */
  cwe: string[];
  owasp: string[];
  location: Location;
  snippet: string;
  remediation: string;
  dataflow?: DataflowStep[];
}

/** Finding counts per severity. */
export interface ScanSummary {
  total: number;
  critical: number;
  high: number;
  medium: number;
  low: number;
  info: number;
}

/** Findings a scan found but left out of `findings` because a cap was reached (`ScanOptions.maxFindings`, `maxFindingsPerRule`). */
export interface OmittedFindings {
  /** How many were left out. */
  total: number;
  /** How many were left out per rule id. */
  byRule: Record<string, number>;
}

/** What one call of `scan()` returns. */
export interface ScanResult {
  language: string;
  filename?: string;
  findings: Finding[];
  summary: ScanSummary;
  /** Findings dropped by `secscan-ignore` comments. */
  suppressed: number;
  /** True when the scan stopped early or left findings out (time budget, size cap, finding cap, engine fault); findings are then partial. */
  truncated: boolean;
  /** Why the scan was truncated, when it was. */
  truncatedReason?: string;
  /** Findings left out by the finding caps, when any were (the scan is then `truncated`). */
  omitted?: OmittedFindings;
  /** True when the parser had to recover from syntax errors (fragments are still scanned). */
  partialParse: boolean;
  engine: { version: string; rules: number };
  durationMs: number;
}

/** Input of `scan()`. */
export interface ScanInput {
  code: string;
  /** A canonical language id or an alias; inferred from `filename` when absent. */
  language?: string | undefined;
  filename?: string | undefined;
}

/** Per-call options of `scan()`. */
export interface ScanOptions {
  /** Wall-clock budget in milliseconds; past it the scan stops and reports `truncated`. Default 5000. */
  timeBudgetMs?: number;
  /** Only run these rule ids (default: all rules of the language). */
  rules?: readonly string[];
  /** Minimum confidence to report (default: 'low', i.e. everything). */
  minConfidence?: Confidence;
  /** Most findings reported; more are counted in `omitted` and the scan is `truncated` (default 1000). */
  maxFindings?: number;
  /** Most findings reported per rule (default 100). */
  maxFindingsPerRule?: number;
}
