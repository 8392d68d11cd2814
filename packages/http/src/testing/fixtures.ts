/** Builders for unit tests of the app: a fake scanner, stores and deps (no grammars, no I/O). */
import { createMemoryScanStore, RULES, type ScanInput, type ScanOptions, type ScanResult, type ScanStore } from '@secscan/core';
import { sampleStoredScan } from '@secscan/core/testing';
import type { AppConfig, AppDeps, ErrorLogEntry, RequestLogEntry } from '../deps.ts';

/** The config unit tests run with: small limits so size tests stay fast. */
export const TEST_CONFIG: AppConfig = {
  version: '9.9.9-test',
  maxBodyBytes: 4096,
  maxCodeBytes: 1024,
  storeCode: false,
  scanTimeBudgetMs: 1000,
  healthTimeoutMs: 200,
  corsOrigins: [],
};

/** A scan result with one SQL injection finding, whatever the input. */
export function fakeResult(input: ScanInput): ScanResult {
  return {
    language: input.language ?? 'generic',
    ...(input.filename !== undefined ? { filename: input.filename } : {}),
    findings: sampleStoredScan().findings,
    summary: { total: 1, critical: 0, high: 1, medium: 0, low: 0, info: 0 },
    suppressed: 0,
    truncated: false,
    partialParse: false,
    engine: { version: '0.1.0', rules: RULES.length },
    durationMs: 1.25,
  };
}

/** What a test app recorded: scanner calls and log entries. */
export interface Recorded {
  scans: { input: ScanInput; options: ScanOptions | undefined }[];
  requests: RequestLogEntry[];
  errors: ErrorLogEntry[];
}

/** Deps for a test app, with overrides; `recorded` collects what the app did. */
export function testDeps(overrides: Partial<Omit<AppDeps, 'config'>> & { config?: Partial<AppConfig>; scans?: ScanStore } = {}): { deps: AppDeps; recorded: Recorded } {
  const recorded: Recorded = { scans: [], requests: [], errors: [] };
  let ids = 0;
  const { config, scans, ...rest } = overrides;
  const deps: AppDeps = {
    scanner: {
      rules: RULES,
      async scan(input, options) {
        recorded.scans.push({ input, options });
        return fakeResult(input);
      },
    },
    stores: { scans: scans ?? createMemoryScanStore() },
    config: { ...TEST_CONFIG, ...config },
    docs: { scalarJs: async () => new TextEncoder().encode('/* scalar */') },
    clock: { now: () => Date.UTC(2026, 0, 2, 3, 4, 5) },
    newId: () => `0190a000-0000-7000-8000-${(++ids).toString(16).padStart(12, '0')}`,
    logger: { request: (e) => recorded.requests.push(e), error: (e) => recorded.errors.push(e) },
    ...rest,
  };
  return { deps, recorded };
}

/** A JSON POST to /api/scan. */
export function scanRequest(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request('http://localhost/api/scan', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
