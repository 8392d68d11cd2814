import { VERSION } from '../version.ts';
import type { Rule } from './rule.ts';
import type { Finding, Location, ScanResult, Severity } from './types.ts';

/** A SARIF 2.1.0 log (the subset secscan writes; see the OASIS SARIF 2.1.0 standard). */
export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: SarifRun[];
}

interface SarifRun {
  tool: { driver: Record<string, unknown> & { rules: Record<string, unknown>[] } };
  results: Record<string, unknown>[];
  artifacts: Record<string, unknown>[];
  columnKind: 'utf16CodeUnits';
  invocations: Record<string, unknown>[];
}

/** One scanned file for `toSarif`. */
export interface SarifInput {
  result: ScanResult;
  /** The artifact's URI as code scanning should show it (relative to the repository root). */
  uri: string;
}

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'note',
  info: 'note',
};

// GitHub code scanning reads `security-severity` (a CVSS-like score) to rank security alerts.
const SECURITY_SEVERITY: Record<Severity, string> = {
  critical: '9.5',
  high: '8.0',
  medium: '5.5',
  low: '3.0',
  info: '1.0',
};

function region(loc: Location, snippet?: string): Record<string, unknown> {
  const r: Record<string, unknown> = {
    startLine: loc.startLine,
    startColumn: loc.startColumn,
    endLine: loc.endLine,
    endColumn: loc.endColumn,
  };
  if (snippet !== undefined) r['snippet'] = { text: snippet };
  return r;
}

function physical(uri: string, index: number, loc: Location, snippet?: string): Record<string, unknown> {
  return { physicalLocation: { artifactLocation: { uri, index }, region: region(loc, snippet) } };
}

function pascal(id: string): string {
  return id
    .split(/[.\-_]/)
    .filter(Boolean)
    .map((p) => p[0]?.toUpperCase() + p.slice(1))
    .join('');
}

function ruleDescriptor(rule: Rule): Record<string, unknown> {
  const cweTags = rule.cwe.flatMap((c) => [c, `external/cwe/${c.toLowerCase()}`]);
  return {
    id: rule.id,
    name: pascal(rule.id),
    shortDescription: { text: rule.title },
    fullDescription: { text: rule.message.replaceAll('{sink}', 'a dangerous call').replaceAll('{source}', 'untrusted input') },
    help: { text: rule.remediation, markdown: `${rule.remediation}\n\n${rule.references.map((r) => `- ${r}`).join('\n')}` },
    ...(rule.references[0] ? { helpUri: rule.references[0] } : {}),
    defaultConfiguration: { level: LEVEL[rule.severity] },
    properties: {
      tags: ['security', ...cweTags, ...rule.owasp.map((o) => `owasp-${o}`)],
      precision: rule.confidence === 'high' ? 'high' : rule.confidence === 'medium' ? 'medium' : 'low',
      'security-severity': SECURITY_SEVERITY[rule.severity],
    },
  };
}

function resultOf(f: Finding, ruleIndex: number, uri: string, artifactIndex: number): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ruleId: f.ruleId,
    ruleIndex,
    level: LEVEL[f.severity],
    message: { text: f.message },
    locations: [physical(uri, artifactIndex, f.location, f.snippet)],
    partialFingerprints: { 'secscan/v1': f.id },
    properties: { severity: f.severity, confidence: f.confidence, cwe: f.cwe },
  };
  if (f.dataflow && f.dataflow.length > 0) {
    // The source and the places the value was built, as related locations too: viewers that do not
    // draw code flows (and reviewers reading the alert) still see where the data came from.
    out['relatedLocations'] = f.dataflow.slice(0, -1).map((step, i) => ({ id: i, ...physical(uri, artifactIndex, step.location), message: { text: step.note } }));
    out['codeFlows'] = [
      {
        threadFlows: [
          {
            locations: f.dataflow.map((step) => ({
              location: { ...physical(uri, artifactIndex, step.location), message: { text: step.note } },
            })),
          },
        ],
      },
    ];
  }
  return out;
}

/**
 * Converts scan results to one SARIF 2.1.0 run that GitHub code scanning accepts as is. Only the
 * rules that produced results are listed (a log per request stays small).
 */
export function toSarif(inputs: readonly SarifInput[], rules: readonly Rule[], options: { informationUri?: string } = {}): SarifLog {
  const byId = new Map(rules.map((r) => [r.id, r]));
  const used: Rule[] = [];
  const index = new Map<string, number>();
  const results: Record<string, unknown>[] = [];
  const artifacts: Record<string, unknown>[] = [];
  let truncated = false;
  inputs.forEach(({ result, uri }, artifactIndex) => {
    artifacts.push({ location: { uri }, ...(result.language !== 'generic' ? { sourceLanguage: result.language } : {}) });
    truncated ||= result.truncated;
    for (const f of result.findings) {
      let i = index.get(f.ruleId);
      if (i === undefined) {
        const rule = byId.get(f.ruleId);
        if (!rule) continue;
        i = used.length;
        used.push(rule);
        index.set(f.ruleId, i);
      }
      results.push(resultOf(f, i, uri, artifactIndex));
    }
  });
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'secscan',
            version: VERSION,
            semanticVersion: VERSION,
            // Only a real page: secscan has no public home page, so by default there is none.
            ...(options.informationUri ? { informationUri: options.informationUri } : {}),
            rules: used.map(ruleDescriptor),
          },
        },
        results,
        artifacts,
        columnKind: 'utf16CodeUnits',
        invocations: [{ executionSuccessful: !truncated }],
      },
    ],
  };
}
