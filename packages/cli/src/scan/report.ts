/**
 * The outcome of a `secscan scan` run and its three renderings: text for people (one line per
 * finding plus the snippet), JSON for scripts, and one SARIF 2.1.0 log for code scanning. Pure
 * functions of the report, so every format is tested without touching a file system.
 */
import { relative, isAbsolute, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RULES, SEVERITIES, toSarif, VERSION, type ScanResult, type ScanSummary, type Severity } from '@secscan/core';
import type { SkippedFile } from '../discover/skip.ts';
import type { FailOn } from './options.ts';

/** One scanned file and what the scanner said about it. */
export interface ScannedFile {
  /** Relative to the working directory, `/`-separated. */
  path: string;
  /** The artifact URI for SARIF: relative to the repository root (see `sarifUri`). */
  uri: string;
  result: ScanResult;
}

/** Everything a run produced, in the order the files were discovered. */
export interface ScanReport {
  files: ScannedFile[];
  skipped: SkippedFile[];
  failOn: FailOn;
}

/** Findings per severity over all files. */
export function totals(report: ScanReport): ScanSummary {
  const sum: ScanSummary = { total: 0, critical: 0, high: 0, medium: 0, low: 0, info: 0 };
  for (const { result } of report.files) {
    for (const severity of SEVERITIES) sum[severity] += result.summary[severity];
    sum.total += result.summary.total;
  }
  return sum;
}

/** Whether a severity is at or above the failure threshold. */
export function isFailing(severity: Severity, failOn: FailOn): boolean {
  return failOn !== 'none' && SEVERITIES.indexOf(severity) <= SEVERITIES.indexOf(failOn);
}

/** How many findings are at or above the threshold (any makes the exit code 1). */
export function failingCount(report: ScanReport): number {
  const sum = totals(report);
  return SEVERITIES.filter((s) => isFailing(s, report.failOn)).reduce((n, s) => n + sum[s], 0);
}

/**
 * Makes text from scanned files safe to print: control characters (ANSI escapes, carriage
 * returns, C1 controls) are shown as `\u{…}` so a hostile file cannot rewrite the terminal or a
 * CI log. Tabs stay.
 */
export function printable(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    out += (code < 0x20 && char !== '\t') || (code >= 0x7f && code <= 0x9f) ? `\\u{${code.toString(16)}}` : char;
  }
  return out;
}

const STYLE: Record<Severity | 'path' | 'dim', string> = {
  critical: '1;31',
  high: '31',
  medium: '33',
  low: '36',
  info: '2',
  path: '1',
  dim: '2',
};

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The closing line of a text report (and, for JSON and SARIF, the line on stderr). */
export function summaryLine(report: ScanReport): string {
  const sum = totals(report);
  const scanned = report.files.length;
  const skipped = report.skipped.length > 0 ? `, ${plural(report.skipped.length, 'file')} skipped` : '';
  if (scanned === 0) return `No files scanned${skipped}.`;
  if (sum.total === 0) return `No findings in ${plural(scanned, 'file')} scanned${skipped}.`;
  const breakdown = SEVERITIES.filter((s) => sum[s] > 0)
    .map((s) => `${sum[s]} ${s}`)
    .join(', ');
  const withFindings = report.files.filter((f) => f.result.findings.length > 0).length;
  const failing = failingCount(report);
  const verdict = failing > 0 ? ` ${failing} at or above --fail-on ${report.failOn}.` : '';
  return `${plural(sum.total, 'finding')} (${breakdown}) in ${withFindings} of ${plural(scanned, 'file')} scanned${skipped}.${verdict}`;
}

/** Notes for stderr: files skipped, and scans cut short (their findings may be incomplete). */
export function notes(report: ScanReport): string[] {
  const lines = report.skipped.map((s) => `note: ${printable(s.path)}: skipped, ${s.detail}`);
  for (const { path, result } of report.files) {
    if (result.truncated) lines.push(`note: ${printable(path)}: ${result.truncatedReason ?? 'scan truncated'}; findings may be incomplete`);
  }
  return lines;
}

/** The text report: `path:line:col severity ruleId message`, the snippet with line numbers, then the summary unless quiet. */
export function formatText(report: ScanReport, options: { color: boolean; quiet: boolean }): string {
  const paint = (style: keyof typeof STYLE, text: string): string => (options.color ? `\u001b[${STYLE[style]}m${text}\u001b[0m` : text);
  const blocks: string[] = [];
  for (const { path, result } of report.files) {
    for (const f of result.findings) {
      const { startLine, startColumn } = f.location;
      const head = `${paint('path', `${printable(path)}:${startLine}:${startColumn}`)} ${paint(f.severity, f.severity)} ${paint('dim', f.ruleId)} ${printable(f.message)}`;
      const lines = f.snippet.split('\n');
      const width = String(startLine + lines.length - 1).length;
      const snippet = lines.map((line, i) => `  ${paint('dim', `${String(startLine + i).padStart(width)} |`)} ${printable(line.trimEnd())}`);
      blocks.push([head, ...snippet].join('\n'));
    }
  }
  if (!options.quiet) blocks.push(summaryLine(report));
  return blocks.length > 0 ? `${blocks.join('\n\n')}\n` : '';
}

/** The JSON report: totals, then each scanned file with its findings (as the API returns them), then skipped files. */
export function formatJson(report: ScanReport): string {
  const body = {
    tool: { name: 'secscan', version: VERSION },
    summary: totals(report),
    filesScanned: report.files.length,
    filesSkipped: report.skipped.length,
    suppressed: report.files.reduce((n, f) => n + f.result.suppressed, 0),
    failOn: report.failOn,
    failing: failingCount(report),
    // Each file as the API answers a scan, less what is the same for every file (engine) or said already (filename).
    files: report.files.map(({ path, result: { engine: _engine, filename: _filename, ...result } }) => ({ path, ...result })),
    skipped: report.skipped,
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}

/**
 * One SARIF 2.1.0 log for the whole run. Files with findings are listed as artifacts, and so are
 * truncated ones (their run is then marked unsuccessful); clean files are left out to keep the
 * log small (GitHub caps uploads).
 */
export function formatSarif(report: ScanReport): string {
  const inputs = report.files.filter((f) => f.result.findings.length > 0 || f.result.truncated).map((f) => ({ result: f.result, uri: f.uri }));
  return `${JSON.stringify(toSarif(inputs, RULES), null, 2)}\n`;
}

/**
 * A file's SARIF artifact URI: relative to `base` (the repository root, as GitHub code scanning
 * expects), `/`-separated and percent-encoded per segment (RFC 3986); a `file:` URL when the file
 * lies outside `base`.
 */
export function sarifUri(absolutePath: string, base: string): string {
  const rel = relative(base, absolutePath);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return pathToFileURL(absolutePath).href;
  return rel.split(sep).map(encodeURIComponent).join('/');
}
