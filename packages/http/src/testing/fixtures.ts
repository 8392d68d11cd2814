/** Builders for unit tests of the app: a fake scanner, stores and deps (no grammars, no I/O). */
import {
  createMemoryKeyStore,
  createMemoryStores,
  createMemoryRateLimitStore,
  createMemoryScanStore,
  createMemorySessionStore,
  PRIVATE_IP_RANGES,
  RULES,
  sha256Hex,
  type ScanInput,
  type ScanOptions,
  type ScanResult,
  type ScanStore,
  type Stores,
} from '@secscan/core';
import { createManualClock, sampleStoredScan, type ManualClock } from '@secscan/core/testing';
import type { AccessConfig, AppConfig, AppDeps, ErrorLogEntry, RequestLogEntry } from '../deps.ts';

/** The admin token of test apps. */
export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789-abcdefghijklmnop';

/** Access rules of test apps: generous limits (tests of the limits set their own), an admin API. */
export const TEST_ACCESS: AccessConfig = {
  anonymous: true,
  adminTokenSha256: await sha256Hex(TEST_ADMIN_TOKEN),
  sessionTtlSeconds: 86_400,
  trustProxyHops: 0,
  trustedProxies: PRIVATE_IP_RANGES,
  limits: { anonymousPerMinute: 1000, anonymousPerHour: 10_000, sessionPerMinute: 1000, freePerMinute: 1000, proPerMinute: 1000 },
  // A cheap Argon2id, so unit tests sign in in a millisecond (the servers always use OWASP's).
  accounts: { signUpPolicy: null, passwordMinLength: 15, invitationTtlSeconds: 7 * 86_400, publicUrl: null, oidc: null, kdf: { memoryKiB: 64, iterations: 1, parallelism: 1 } },
};

/** The config unit tests run with: small limits so size tests stay fast. */
export const TEST_CONFIG: AppConfig = {
  version: '9.9.9-test',
  maxBodyBytes: 4096,
  maxCodeBytes: 1024,
  storeCode: false,
  scanTimeBudgetMs: 1000,
  healthTimeoutMs: 200,
  corsOrigins: [],
  access: TEST_ACCESS,
};

/** 2026-01-02T03:04:05Z, when test apps' clocks start. */
export const TEST_TIME = Date.UTC(2026, 0, 2, 3, 4, 5);

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

/** Deps for a test app, with overrides; `recorded` collects what the app did, `clock` moves its time (and its stores'). */
export function testDeps(overrides: Partial<Omit<AppDeps, 'config' | 'stores'>> & { config?: Partial<AppConfig>; scans?: ScanStore; stores?: Partial<Stores> } = {}): {
  deps: AppDeps;
  recorded: Recorded;
  clock: ManualClock;
} {
  const recorded: Recorded = { scans: [], requests: [], errors: [] };
  let ids = 0;
  const clock = createManualClock(TEST_TIME);
  const { config, scans, stores, ...rest } = overrides;
  const deps: AppDeps = {
    scanner: {
      rules: RULES,
      async scan(input, options) {
        recorded.scans.push({ input, options });
        return fakeResult(input);
      },
    },
    stores: {
      ...createMemoryStores({ clock }),
      scans: scans ?? createMemoryScanStore(),
      keys: createMemoryKeyStore(),
      sessions: createMemorySessionStore({ clock }),
      rateLimits: createMemoryRateLimitStore({ clock }),
      ...stores,
    },
    config: { ...TEST_CONFIG, ...config },
    docs: { scalarJs: async () => new TextEncoder().encode('/* scalar */') },
    clock,
    newId: () => `0190a000-0000-7000-8000-${(++ids).toString(16).padStart(12, '0')}`,
    logger: { request: (e) => recorded.requests.push(e), error: (e) => recorded.errors.push(e) },
    ...rest,
  };
  return { deps, recorded, clock };
}

/** A JSON POST to /api/scan. */
export function scanRequest(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request('http://localhost/api/scan', {
    method: 'POST',
    // A runtime always passes the Host header; a Request made in code has none unless given one.
    headers: { host: 'localhost', 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A request to the admin API with the test admin token (or `token`; null sends none). */
export function adminRequest(method: string, path: string, body?: unknown, token: string | null = TEST_ADMIN_TOKEN): Request {
  const headers: Record<string, string> = { host: 'localhost' };
  if (token !== null) headers['authorization'] = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Request(`http://localhost${path}`, { method, headers, ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}) });
}
