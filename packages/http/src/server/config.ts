/**
 * Server configuration from environment variables (DESIGN §7): one parser shared by the Node, Bun
 * and Deno servers, so a value means the same everywhere. Every variable has a default; a bad value
 * stops the server at start with a message naming the variable.
 */
import { VERSION } from '@secscan/core';
import type { AppConfig } from '../deps.ts';

/** Everything a server needs to start. */
export interface ServerConfig {
  port: number;
  host: string;
  app: AppConfig;
  /** Bound of the in-memory scan store. */
  maxStoredScans: number;
  /** How long in-flight requests may take to finish after SIGTERM/SIGINT before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Things worth telling the operator that do not stop the server (e.g. unknown SECSCAN_* variables). */
  warnings: string[];
}

/** One documented variable: the README's configuration table lists exactly these. */
export interface ConfigVariable {
  name: string;
  default: string;
  description: string;
}

const MIB = 1024 * 1024;

/** Every variable the servers read, with its default, in README order. */
export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  { name: 'PORT', default: '8787', description: 'TCP port to listen on; 0 picks a free one (the log line `listening` tells which).' },
  { name: 'HOST', default: '127.0.0.1', description: 'Address to listen on; `0.0.0.0` (or `::`) for every interface, e.g. in a container.' },
  { name: 'SECSCAN_MAX_CODE_BYTES', default: '1048576', description: 'Largest `code`, in UTF-8 bytes (1 MiB); more is refused with 413.' },
  {
    name: 'SECSCAN_MAX_BODY_BYTES',
    default: '2 × SECSCAN_MAX_CODE_BYTES + 65536',
    description: 'Largest request body in bytes (room for JSON escaping); more is refused with 413 while it streams in.',
  },
  { name: 'SECSCAN_STORE_CODE', default: 'false', description: 'Keep the submitted code with a stored scan (`true`/`false`). Off: it is the user’s source.' },
  { name: 'SECSCAN_SCAN_TIME_BUDGET_MS', default: '5000', description: 'Wall-clock budget of one scan; past it the scan stops and answers `truncated: true`.' },
  { name: 'SECSCAN_HEALTH_TIMEOUT_MS', default: '1000', description: 'How long `/api/health` waits for the store before answering 503.' },
  { name: 'SECSCAN_CORS_ORIGINS', default: '(none)', description: 'Comma-separated origins allowed by CORS (`https://app.example.com`), or `*`. Empty: CORS off.' },
  { name: 'SECSCAN_MAX_STORED_SCANS', default: '10000', description: 'Scans the in-memory store keeps (oldest dropped first).' },
  { name: 'SECSCAN_SHUTDOWN_TIMEOUT_MS', default: '10000', description: 'On SIGTERM/SIGINT, how long in-flight requests may run before the process exits anyway (exit code 1).' },
];

/** Variables DESIGN.md reserves for later issues: accepted without a warning, not yet used. */
const RESERVED = new Set([
  'SECSCAN_ANONYMOUS',
  'SECSCAN_ANON_RPM',
  'SECSCAN_ANON_RPH',
  'SECSCAN_SESSION_RPM',
  'SECSCAN_FREE_RPM',
  'SECSCAN_PRO_RPM',
  'SECSCAN_TRUST_PROXY',
]);

/** A configuration that cannot run; `problems` has one line per bad variable. */
export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Shows a bad value in an error message without flooding it (values are ours to echo: none of these is a secret). */
function shown(value: string): string {
  return JSON.stringify(value.length > 64 ? `${value.slice(0, 64)}…` : value);
}

function isDigits(value: string): boolean {
  if (value.length === 0 || value.length > 15) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/** Parses the environment into a server configuration; throws ConfigError listing every bad variable. */
export function parseConfig(env: Readonly<Record<string, string | undefined>>): ServerConfig {
  const problems: string[] = [];
  const warnings: string[] = [];
  // An empty variable counts as unset, as env files and compose files often leave them.
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const integer = (name: string, fallback: number, min: number, max: number, unit: string): number => {
    const value = read(name);
    if (value === undefined) return fallback;
    const n = isDigits(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      problems.push(`${name}: expected a whole number from ${min} to ${max} (${unit}), got ${shown(value)}`);
      return fallback;
    }
    return n;
  };
  const boolean = (name: string, fallback: boolean): boolean => {
    const value = read(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if (value === 'true' || value === '1' || value === 'yes') return true;
    if (value === 'false' || value === '0' || value === 'no') return false;
    problems.push(`${name}: expected true or false, got ${shown(value)}`);
    return fallback;
  };

  const port = integer('PORT', 8787, 0, 65535, 'a TCP port');
  const host = read('HOST') ?? '127.0.0.1';
  if (host.length > 253 || /[^A-Za-z0-9.:[\]%_-]/.test(host)) problems.push(`HOST: expected a host name or IP address, got ${shown(host)}`);

  const maxCodeBytes = integer('SECSCAN_MAX_CODE_BYTES', MIB, 1, 64 * MIB, 'bytes');
  const maxBodyBytes = integer('SECSCAN_MAX_BODY_BYTES', 2 * maxCodeBytes + 65536, 1, 256 * MIB, 'bytes');
  if (read('SECSCAN_MAX_BODY_BYTES') !== undefined && maxBodyBytes < maxCodeBytes) {
    problems.push(`SECSCAN_MAX_BODY_BYTES (${maxBodyBytes}) must be at least SECSCAN_MAX_CODE_BYTES (${maxCodeBytes})`);
  }

  const corsOrigins: string[] = [];
  for (const raw of (read('SECSCAN_CORS_ORIGINS') ?? '').split(',')) {
    const origin = raw.trim();
    if (origin === '') continue;
    if (origin === '*') {
      corsOrigins.push(origin);
      continue;
    }
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = null;
    }
    if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.origin !== origin) {
      problems.push(`SECSCAN_CORS_ORIGINS: ${shown(origin)} is not an origin like https://app.example.com (scheme, host, optional port; no path or trailing slash)`);
    } else corsOrigins.push(origin);
  }

  if (read('DATABASE_URL') !== undefined) {
    // Never echo it: it usually holds a password.
    problems.push('DATABASE_URL: PostgreSQL storage is not available in this version yet; unset DATABASE_URL to use the in-memory store');
  }

  const known = new Set(CONFIG_VARIABLES.map((v) => v.name));
  for (const name of Object.keys(env)) {
    if (name.startsWith('SECSCAN_') && !known.has(name) && !RESERVED.has(name)) warnings.push(`${name} is not a secscan setting (typo?); it is ignored`);
  }

  const config: ServerConfig = {
    port,
    host,
    app: {
      version: VERSION,
      maxBodyBytes,
      maxCodeBytes,
      storeCode: boolean('SECSCAN_STORE_CODE', false),
      scanTimeBudgetMs: integer('SECSCAN_SCAN_TIME_BUDGET_MS', 5000, 1, 600_000, 'milliseconds'),
      healthTimeoutMs: integer('SECSCAN_HEALTH_TIMEOUT_MS', 1000, 1, 60_000, 'milliseconds'),
      corsOrigins,
    },
    maxStoredScans: integer('SECSCAN_MAX_STORED_SCANS', 10_000, 1, 10_000_000, 'scans'),
    shutdownTimeoutMs: integer('SECSCAN_SHUTDOWN_TIMEOUT_MS', 10_000, 0, 3_600_000, 'milliseconds'),
    warnings,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
