/**
 * Server configuration from environment variables (DESIGN §7): one parser shared by the Node, Bun
 * and Deno servers, so a value means the same everywhere. Every variable has a default; a bad value
 * stops the server at start with a message naming the variable.
 */
import {
  API_KEY_PREFIX,
  DEFAULT_MAX_FINDINGS,
  DEFAULT_MAX_FINDINGS_PER_RULE,
  DEFAULT_PASSWORD_MIN_LENGTH,
  DEFAULT_RATE_LIMITS,
  LOWEST_PASSWORD_MIN_LENGTH,
  parseIpRange,
  PRIVATE_IP_RANGES,
  SESSION_TOKEN_PREFIX,
  SIGN_UP_POLICIES,
  VERSION,
  type IpRange,
  type SignUpPolicy,
} from '@secscan/core';
import type { AccessConfig, AppConfig, OidcConfig } from '../deps.ts';
import { Secret } from './secret.ts';

/** Everything a server needs to start. */
export interface ServerConfig {
  port: number;
  host: string;
  /** The app's settings, except access (below: its admin token is hashed at start). */
  app: Omit<AppConfig, 'access'>;
  /** Authentication and rate limits, except the admin token's hash and the OIDC client secret. */
  access: Omit<AccessConfig, 'adminTokenSha256'>;
  /** SECSCAN_OIDC_CLIENT_SECRET, held until start-up hands it to the OIDC client; null when unset. */
  oidcClientSecret: Secret | null;
  /** SECSCAN_ADMIN_TOKEN, held only until start-up hashes it; null when unset (then there is no admin API). */
  adminToken: Secret | null;
  /** Bound of the in-memory scan store. */
  maxStoredScans: number;
  /** Bound of the in-memory rate-limit store: clients (keys, session subjects, address groups) tracked at once. */
  maxRateLimitedClients: number;
  /** How long in-flight requests may take to finish after SIGTERM/SIGINT before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** PostgreSQL, when DATABASE_URL is set; null for the in-memory stores. */
  database: DatabaseConfig | null;
  /** How many days stored scans are kept; older ones are deleted by the periodic sweep. */
  retentionDays: number;
  /** Seconds between two sweeps (scans past retention, expired sessions, finished rate-limit windows). */
  sweepIntervalSeconds: number;
  /** Where and how scans run: the worker pool in front of the scanner. */
  scanning: ScanningConfig;
  /** How long a client may take to send a request, or keep an idle connection (slow-client protection). */
  timeouts: ConnectionTimeouts;
  /** Most client connections open at once; more are refused as they arrive (Node, Deno; see the README for Bun). */
  maxConnections: number;
  /** Model files (SECSCAN_MODELS) whose models join the built-in ones; read at start. */
  modelFiles: string[];
  /** Things worth telling the operator that do not stop the server (e.g. unknown SECSCAN_* variables). */
  warnings: string[];
}

/** The scan pool's settings (SECSCAN_SCAN_WORKERS and friends). */
export interface ScanningConfig {
  /** Worker threads; 0 scans in-process; null: one per CPU core (the server knows how many). */
  workers: number | null;
  /** Scans running at once; null: as many as there are workers (1 in-process). */
  maxConcurrent: number | null;
  /** Scans waiting for a free worker before new ones are refused with 503. */
  maxQueued: number;
  /** Hard limit of one scan, and of its wait in the queue: the worker is terminated and replaced. */
  timeoutMs: number;
}

/** Bounds on slow and idle clients; what each runtime can enforce is in the README. */
export interface ConnectionTimeouts {
  /** Until a request's headers are complete (Node's headersTimeout). */
  headersMs: number;
  /** Until its body is complete, once the app reads it (every runtime: 408). */
  bodyMs: number;
  /** How long an idle keep-alive connection stays open (Node's keepAliveTimeout, Bun's idleTimeout). */
  idleMs: number;
}

/** How to reach PostgreSQL (DATABASE_URL and the SECSCAN_DB_* variables). */
export interface DatabaseConfig {
  /** DATABASE_URL: never printed (it usually holds a password); handed to the driver once. */
  url: Secret;
  poolSize: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
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
  {
    name: 'SECSCAN_MAX_FINDINGS',
    default: String(DEFAULT_MAX_FINDINGS),
    description: 'Most findings one scan answers and stores; beyond it the scan answers `truncated: true` with `omitted` counts.',
  },
  {
    name: 'SECSCAN_MAX_FINDINGS_PER_RULE',
    default: String(DEFAULT_MAX_FINDINGS_PER_RULE),
    description: 'Most findings of one rule in one scan (a file with 50,000 `eval(…)` lines answers 100 of them and counts the rest in `omitted`).',
  },
  { name: 'SECSCAN_HEALTH_TIMEOUT_MS', default: '1000', description: 'How long `/api/health` waits for the store before answering 503.' },
  {
    name: 'SECSCAN_SCAN_TIMEOUT_MS',
    default: '10000',
    description:
      'Hard limit of one scan (and of its wait for a free worker). A scan past it is stopped — its worker terminated and replaced — and answered 422 `scan_timeout`; a wait past it, 503. Must exceed `SECSCAN_SCAN_TIME_BUDGET_MS`.',
  },
  {
    name: 'SECSCAN_SCAN_WORKERS',
    default: '(CPU cores)',
    description: 'Worker threads that run scans off the request loop, one scan each at a time. `0`: scan in-process (no isolation, no hard timeout; for debugging).',
  },
  {
    name: 'SECSCAN_MAX_CONCURRENT_SCANS',
    default: '(SECSCAN_SCAN_WORKERS, or 1 in-process)',
    description: 'Scans running at once, at most one per worker; spare workers take over while a stopped one restarts.',
  },
  { name: 'SECSCAN_MAX_QUEUED_SCANS', default: '64', description: 'Scans waiting for a free worker; beyond it a scan is answered 503 with `Retry-After` at once.' },
  {
    name: 'SECSCAN_HEADERS_TIMEOUT_MS',
    default: '10000',
    description:
      'Time a client has to send a request’s headers, from connecting or from its previous answer; then the connection is closed (Node). Bun closes a connection without a complete request head after its own ~10 s; Deno cannot bound it.',
  },
  {
    name: 'SECSCAN_BODY_TIMEOUT_MS',
    default: '30000',
    description:
      'Time a client has to send a request’s whole body; past it 408 with `Connection: close` (every runtime; Deno still reads what trickles in until the client stops).',
  },
  {
    name: 'SECSCAN_IDLE_TIMEOUT_MS',
    default: '10000',
    description: 'An idle keep-alive connection is closed after this long (Node; Bun: in whole seconds, at most 255; Deno cannot bound it).',
  },
  {
    name: 'SECSCAN_MAX_CONNECTIONS',
    default: '10000',
    description:
      'Client connections open at once; a connection beyond it is closed as it arrives (Node, Deno; Bun.serve offers no hook for it). Keep it below the process’s open-file limit (`ulimit -n`).',
  },
  { name: 'SECSCAN_CORS_ORIGINS', default: '(none)', description: 'Comma-separated origins allowed by CORS (`https://app.example.com`), or `*`. Empty: CORS off.' },
  {
    name: 'SECSCAN_ANONYMOUS',
    default: 'true',
    description: 'Accept scans without credentials, as anonymous callers limited per client IP. `false`: the scan endpoint answers 401 without an API key or session.',
  },
  {
    name: 'SECSCAN_ADMIN_TOKEN',
    default: '(none)',
    description:
      'Turns on the admin API (`/api/admin/…`, `secscan keys`/`sessions`): at least 32 characters of `A-Z a-z 0-9 - . _ ~ + / =`, e.g. `openssl rand -base64 32`. Only its SHA-256 is kept. Unset: no admin API (404).',
  },
  { name: 'SECSCAN_SESSION_TTL_SECONDS', default: '86400', description: 'Lifetime of a session created without its own `ttlSeconds` (24 h); 60 to 2592000.' },
  {
    name: 'SECSCAN_SIGNUP_POLICY',
    default: '(admins choose; invite)',
    description:
      'Who may create a dashboard account once the first user (who becomes admin) exists: `open`, `invite` (admins hand out invitation links) or `closed`. Set: fixed, and shown read-only in the dashboard. Unset: admins choose it in the dashboard, starting at `invite`.',
  },
  { name: 'SECSCAN_PASSWORD_MIN_LENGTH', default: '15', description: 'Shortest password accepted (NIST SP 800-63B: 15 for a password used alone); 8 to 64.' },
  { name: 'SECSCAN_INVITATION_TTL_HOURS', default: '168', description: 'How long an invitation link stays valid (7 days); 1 to 720.' },
  {
    name: 'SECSCAN_PUBLIC_URL',
    default: '(none)',
    description:
      'The address people reach the server at behind a proxy, e.g. `https://secscan.example.com`: the OIDC redirect URI, the session cookie’s `Secure` flag and the same-origin check follow it. Unset: taken from each request.',
  },
  {
    name: 'SECSCAN_OIDC_ISSUER',
    default: '(none)',
    description: 'Turns on single sign-on with this OpenID Connect provider (its issuer URL; discovery is read on first use). `https://` except for loopback addresses.',
  },
  {
    name: 'SECSCAN_OIDC_CLIENT_ID',
    default: '(none)',
    description: 'The client id registered at the provider (redirect URI: `<public URL>/api/auth/oidc/callback`). Required with `SECSCAN_OIDC_ISSUER`.',
  },
  {
    name: 'SECSCAN_OIDC_CLIENT_SECRET',
    default: '(none)',
    description: 'The client secret (sent with HTTP Basic); unset for a public client, which relies on PKCE alone. Never logged.',
  },
  { name: 'SECSCAN_OIDC_SCOPES', default: 'openid email profile', description: 'Scopes asked for; `openid` is added when missing.' },
  { name: 'SECSCAN_OIDC_NAME', default: 'single sign-on', description: 'The provider’s name on the sign-in button (“Sign in with …”).' },
  {
    name: 'SECSCAN_OIDC_AUTO_CREATE',
    default: 'true',
    description:
      'Give people the provider authenticates an account when they have none (as members). `false`: only when the sign-up policy is `open`; existing accounts with the same verified e-mail are linked either way.',
  },
  { name: 'SECSCAN_ANON_RPM', default: '10', description: 'Anonymous requests per minute, per client IP (IPv6: per /56).' },
  { name: 'SECSCAN_ANON_RPH', default: '100', description: 'Anonymous requests per hour, per client IP (IPv6: per /56).' },
  { name: 'SECSCAN_SESSION_RPM', default: '100', description: 'Requests per minute per session subject.' },
  { name: 'SECSCAN_FREE_RPM', default: '100', description: 'Requests per minute of a `free` API key.' },
  { name: 'SECSCAN_PRO_RPM', default: '1000', description: 'Requests per minute of a `pro` API key (`enterprise` keys carry their own).' },
  {
    name: 'SECSCAN_TRUST_PROXY',
    default: '0',
    description:
      'How many proxies in front of the server append to `X-Forwarded-For`; the client is the address that many entries from the right, read only through proxies in `SECSCAN_TRUSTED_PROXIES`. 0: the header is ignored and the socket address is the client.',
  },
  {
    name: 'SECSCAN_TRUSTED_PROXIES',
    default: '(loopback and private addresses)',
    description:
      'Comma-separated addresses or CIDR blocks of those proxies (`10.0.0.0/8, 2001:db8::/32`): `X-Forwarded-For` is believed only from a peer in them, and only through entries in them. Default: 127.0.0.0/8, 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, 169.254.0.0/16, ::1, fc00::/7, fe80::/10.',
  },
  {
    name: 'DATABASE_URL',
    default: '(none)',
    description:
      'PostgreSQL to keep scans, keys, sessions and rate-limit counters in, shared by every process that uses it: `postgres://user:password@host:5432/secscan` (`?sslmode=require` for TLS). Migrations run at start. Never logged. Unset: in-memory stores.',
  },
  { name: 'SECSCAN_DB_POOL_SIZE', default: '10', description: 'Connections each process opens to PostgreSQL at most.' },
  { name: 'SECSCAN_DB_CONNECT_TIMEOUT_MS', default: '5000', description: 'How long opening a PostgreSQL connection may take.' },
  {
    name: 'SECSCAN_DB_STATEMENT_TIMEOUT_MS',
    default: '5000',
    description:
      'How long one SQL statement may run (PostgreSQL’s `statement_timeout`). A store call that gets no answer within connect + statement timeout fails, and the request answers 503.',
  },
  { name: 'SECSCAN_RETENTION_DAYS', default: '30', description: 'Days a stored scan is kept (both stores); the sweep deletes older ones.' },
  { name: 'SECSCAN_SWEEP_INTERVAL_SECONDS', default: '600', description: 'How often each process deletes scans past retention, expired sessions and finished rate-limit windows.' },
  {
    name: 'SECSCAN_MAX_STORED_SCANS',
    default: '10000',
    description: 'Scans the in-memory store keeps; when full, the oldest scan of the caller holding the most is dropped first (one caller cannot push out others’ history).',
  },
  {
    name: 'SECSCAN_MAX_RATE_LIMITED_CLIENTS',
    default: '100000',
    description:
      'Clients (keys, session subjects, IP groups) the in-memory rate limiter tracks at once; beyond it the anonymous client closest to its window’s end is forgotten early (keys and sessions never are).',
  },
  {
    name: 'SECSCAN_MODELS',
    default: '(none)',
    description:
      "Comma-separated paths of JSON model files (your frameworks' sources, sinks and sanitizers; docs/writing-rules.md) added to the built-in models. Read at start; an invalid file stops the server naming the file and field.",
  },
  { name: 'SECSCAN_SHUTDOWN_TIMEOUT_MS', default: '10000', description: 'On SIGTERM/SIGINT, how long in-flight requests may run before the process exits anyway (exit code 1).' },
];

/** Shortest admin token accepted. */
export const MIN_ADMIN_TOKEN_LENGTH = 32;
/** Longest admin token accepted. */
const MAX_ADMIN_TOKEN_LENGTH = 512;
/** Fewest distinct characters in an admin token (refuses `aaaa…` and `changemechangeme…`). */
const MIN_ADMIN_TOKEN_DISTINCT = 10;

/** Whether a character may appear in a bearer token (RFC 6750 §2.1 b64token), so the token can be sent at all. */
function isTokenChar(c: number): boolean {
  return (
    (c >= 0x30 && c <= 0x39) ||
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x61 && c <= 0x7a) ||
    c === 0x2d ||
    c === 0x2e ||
    c === 0x5f ||
    c === 0x7e ||
    c === 0x2b ||
    c === 0x2f ||
    c === 0x3d
  );
}

/** What is wrong with an admin token, or null. The messages never quote the token. */
function adminTokenProblem(token: string): string | null {
  const hint = `use at least ${MIN_ADMIN_TOKEN_LENGTH} random characters, e.g. \`openssl rand -base64 32\``;
  if (token.length < MIN_ADMIN_TOKEN_LENGTH || token.length > MAX_ADMIN_TOKEN_LENGTH)
    return `must be ${MIN_ADMIN_TOKEN_LENGTH} to ${MAX_ADMIN_TOKEN_LENGTH} characters long; ${hint}`;
  for (let i = 0; i < token.length; i++) {
    if (!isTokenChar(token.charCodeAt(i))) return 'may only hold the characters A-Z a-z 0-9 - . _ ~ + / = (it is sent as a Bearer token)';
  }
  if (new Set(token).size < MIN_ADMIN_TOKEN_DISTINCT) return `is too repetitive to be a secret; ${hint}`;
  if (token.startsWith(API_KEY_PREFIX) || token.startsWith(SESSION_TOKEN_PREFIX))
    return `must not start with ${API_KEY_PREFIX} or ${SESSION_TOKEN_PREFIX} (those are API keys and session tokens)`;
  return null;
}

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

/** Whether a value is a PostgreSQL connection URL with a host (`postgres://` or `postgresql://`). */
function isPostgresUrl(value: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return false;
  }
  return (parsed.protocol === 'postgres:' || parsed.protocol === 'postgresql:') && parsed.hostname !== '';
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

  // The admin token is a secret: it is never echoed, and only its hash outlives start-up.
  const adminTokenValue = read('SECSCAN_ADMIN_TOKEN');
  const adminProblem = adminTokenValue === undefined ? null : adminTokenProblem(adminTokenValue);
  if (adminProblem !== null) problems.push(`SECSCAN_ADMIN_TOKEN: ${adminProblem}`);

  const rpm = (name: string, fallback: number, what: string): number => integer(name, fallback, 1, 1_000_000, what);
  const limits = {
    anonymousPerMinute: rpm('SECSCAN_ANON_RPM', DEFAULT_RATE_LIMITS.anonymousPerMinute, 'requests per minute'),
    anonymousPerHour: rpm('SECSCAN_ANON_RPH', DEFAULT_RATE_LIMITS.anonymousPerHour, 'requests per hour'),
    sessionPerMinute: rpm('SECSCAN_SESSION_RPM', DEFAULT_RATE_LIMITS.sessionPerMinute, 'requests per minute'),
    freePerMinute: rpm('SECSCAN_FREE_RPM', DEFAULT_RATE_LIMITS.freePerMinute, 'requests per minute'),
    proPerMinute: rpm('SECSCAN_PRO_RPM', DEFAULT_RATE_LIMITS.proPerMinute, 'requests per minute'),
  };
  if (limits.anonymousPerHour < limits.anonymousPerMinute) {
    warnings.push(`SECSCAN_ANON_RPH (${limits.anonymousPerHour}) is below SECSCAN_ANON_RPM (${limits.anonymousPerMinute}): the hour limit binds first`);
  }

  // DATABASE_URL usually holds a password: never echo it, not even in an error.
  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl !== undefined && !isPostgresUrl(databaseUrl)) {
    problems.push('DATABASE_URL: expected postgres://user:password@host:port/database (the value is not shown: it may hold a password)');
  }
  const pool = {
    poolSize: integer('SECSCAN_DB_POOL_SIZE', 10, 1, 1000, 'connections'),
    connectTimeoutMs: integer('SECSCAN_DB_CONNECT_TIMEOUT_MS', 5000, 100, 600_000, 'milliseconds'),
    statementTimeoutMs: integer('SECSCAN_DB_STATEMENT_TIMEOUT_MS', 5000, 100, 3_600_000, 'milliseconds'),
  };
  const database: DatabaseConfig | null = databaseUrl === undefined ? null : { url: new Secret(databaseUrl), ...pool };
  if (databaseUrl === undefined) {
    for (const name of ['SECSCAN_DB_POOL_SIZE', 'SECSCAN_DB_CONNECT_TIMEOUT_MS', 'SECSCAN_DB_STATEMENT_TIMEOUT_MS']) {
      if (read(name) !== undefined) warnings.push(`${name} has no effect without DATABASE_URL`);
    }
  }

  const scanning: ScanningConfig = {
    workers: read('SECSCAN_SCAN_WORKERS') === undefined ? null : integer('SECSCAN_SCAN_WORKERS', 0, 0, 256, 'worker threads'),
    maxConcurrent: read('SECSCAN_MAX_CONCURRENT_SCANS') === undefined ? null : integer('SECSCAN_MAX_CONCURRENT_SCANS', 1, 1, 256, 'scans'),
    maxQueued: integer('SECSCAN_MAX_QUEUED_SCANS', 64, 0, 100_000, 'scans'),
    timeoutMs: integer('SECSCAN_SCAN_TIMEOUT_MS', 10_000, 1, 3_600_000, 'milliseconds'),
  };
  const scanTimeBudgetMs = integer('SECSCAN_SCAN_TIME_BUDGET_MS', 5000, 1, 600_000, 'milliseconds');
  const maxFindings = integer('SECSCAN_MAX_FINDINGS', DEFAULT_MAX_FINDINGS, 1, 100_000, 'findings');
  const maxFindingsPerRule = integer('SECSCAN_MAX_FINDINGS_PER_RULE', DEFAULT_MAX_FINDINGS_PER_RULE, 1, 100_000, 'findings');
  if (scanning.timeoutMs <= scanTimeBudgetMs) {
    // The budget answers a long scan with partial findings; the hard timeout is for scans that ignore it.
    problems.push(`SECSCAN_SCAN_TIMEOUT_MS (${scanning.timeoutMs}) must be greater than SECSCAN_SCAN_TIME_BUDGET_MS (${scanTimeBudgetMs})`);
  }
  if (scanning.workers !== null && scanning.workers > 0 && scanning.maxConcurrent !== null && scanning.maxConcurrent > scanning.workers) {
    problems.push(`SECSCAN_MAX_CONCURRENT_SCANS (${scanning.maxConcurrent}) must not exceed SECSCAN_SCAN_WORKERS (${scanning.workers}): each worker runs one scan at a time`);
  }
  const timeouts: ConnectionTimeouts = {
    headersMs: integer('SECSCAN_HEADERS_TIMEOUT_MS', 10_000, 1000, 600_000, 'milliseconds'),
    bodyMs: integer('SECSCAN_BODY_TIMEOUT_MS', 30_000, 1, 3_600_000, 'milliseconds'),
    idleMs: integer('SECSCAN_IDLE_TIMEOUT_MS', 10_000, 1000, 255_000, 'milliseconds'),
  };

  const trustProxyHops = integer('SECSCAN_TRUST_PROXY', 0, 0, 10, 'the number of proxies in front of the server');
  let trustedProxies: readonly IpRange[] = PRIVATE_IP_RANGES;
  const proxiesValue = read('SECSCAN_TRUSTED_PROXIES');
  if (proxiesValue !== undefined) {
    const ranges: IpRange[] = [];
    for (const raw of proxiesValue.split(',')) {
      const item = raw.trim();
      if (item === '') continue;
      const range = parseIpRange(item);
      if (range) ranges.push(range);
      else problems.push(`SECSCAN_TRUSTED_PROXIES: ${shown(item)} is not an IP address or CIDR block like 10.0.0.0/8 or 2001:db8::/32`);
    }
    trustedProxies = ranges;
    if (trustProxyHops === 0) warnings.push('SECSCAN_TRUSTED_PROXIES has no effect while SECSCAN_TRUST_PROXY is 0');
  }
  const signUpValue = read('SECSCAN_SIGNUP_POLICY')?.toLowerCase();
  let signUpPolicy: SignUpPolicy | null = null;
  if (signUpValue !== undefined) {
    if ((SIGN_UP_POLICIES as readonly string[]).includes(signUpValue)) signUpPolicy = signUpValue as SignUpPolicy;
    else problems.push(`SECSCAN_SIGNUP_POLICY: expected one of ${SIGN_UP_POLICIES.join(', ')}, got ${shown(signUpValue)}`);
  }
  const publicUrlValue = read('SECSCAN_PUBLIC_URL');
  let publicUrl: string | null = null;
  if (publicUrlValue !== undefined) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(publicUrlValue);
    } catch {
      parsed = null;
    }
    if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.search !== '' || parsed.hash !== '') {
      problems.push(`SECSCAN_PUBLIC_URL: expected an http(s) URL like https://secscan.example.com, got ${shown(publicUrlValue)}`);
    } else publicUrl = parsed.href.endsWith('/') ? parsed.href.slice(0, -1) : parsed.href;
  }
  const issuer = read('SECSCAN_OIDC_ISSUER');
  const clientId = read('SECSCAN_OIDC_CLIENT_ID');
  const clientSecretValue = read('SECSCAN_OIDC_CLIENT_SECRET');
  let oidc: OidcConfig | null = null;
  if (issuer !== undefined) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(issuer);
    } catch {
      parsed = null;
    }
    const loopback = parsed !== null && (parsed.hostname === '127.0.0.1' || parsed.hostname === 'localhost' || parsed.hostname === '[::1]');
    if (!parsed || !(parsed.protocol === 'https:' || (parsed.protocol === 'http:' && loopback))) {
      problems.push(`SECSCAN_OIDC_ISSUER: expected the provider's https:// issuer URL (http:// only on a loopback address), got ${shown(issuer)}`);
    }
    if (clientId === undefined) problems.push('SECSCAN_OIDC_CLIENT_ID: required with SECSCAN_OIDC_ISSUER');
    const scopes = new Set((read('SECSCAN_OIDC_SCOPES') ?? 'openid email profile').split(' ').filter((scope) => scope !== ''));
    scopes.add('openid');
    oidc = {
      issuer,
      clientId: clientId ?? '',
      clientSecret: null,
      scopes: [...scopes].join(' '),
      name: read('SECSCAN_OIDC_NAME') ?? 'single sign-on',
      autoCreate: boolean('SECSCAN_OIDC_AUTO_CREATE', true),
    };
  } else {
    for (const name of ['SECSCAN_OIDC_CLIENT_ID', 'SECSCAN_OIDC_CLIENT_SECRET', 'SECSCAN_OIDC_SCOPES', 'SECSCAN_OIDC_NAME', 'SECSCAN_OIDC_AUTO_CREATE']) {
      if (read(name) !== undefined) warnings.push(`${name} has no effect without SECSCAN_OIDC_ISSUER`);
    }
  }
  const accounts = {
    signUpPolicy,
    passwordMinLength: integer('SECSCAN_PASSWORD_MIN_LENGTH', DEFAULT_PASSWORD_MIN_LENGTH, LOWEST_PASSWORD_MIN_LENGTH, 64, 'characters'),
    invitationTtlSeconds: integer('SECSCAN_INVITATION_TTL_HOURS', 168, 1, 720, 'hours') * 3600,
    publicUrl,
    oidc,
  };
  const modelFiles = (read('SECSCAN_MODELS') ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (modelFiles.length > 64) problems.push(`SECSCAN_MODELS: at most 64 files, got ${modelFiles.length}`);

  const known = new Set(CONFIG_VARIABLES.map((v) => v.name));
  for (const name of Object.keys(env)) {
    if (name.startsWith('SECSCAN_') && !known.has(name)) warnings.push(`${name} is not a secscan setting (typo?); it is ignored`);
  }

  const config: ServerConfig = {
    port,
    host,
    app: {
      version: VERSION,
      maxBodyBytes,
      maxCodeBytes,
      storeCode: boolean('SECSCAN_STORE_CODE', false),
      scanTimeBudgetMs,
      maxFindings,
      maxFindingsPerRule,
      bodyTimeoutMs: timeouts.bodyMs,
      healthTimeoutMs: integer('SECSCAN_HEALTH_TIMEOUT_MS', 1000, 1, 60_000, 'milliseconds'),
      corsOrigins,
    },
    access: {
      anonymous: boolean('SECSCAN_ANONYMOUS', true),
      sessionTtlSeconds: integer('SECSCAN_SESSION_TTL_SECONDS', 86_400, 60, 2_592_000, 'seconds'),
      trustProxyHops,
      trustedProxies,
      limits,
      accounts,
    },
    oidcClientSecret: oidc !== null && clientSecretValue !== undefined ? new Secret(clientSecretValue) : null,
    adminToken: adminTokenValue !== undefined && adminProblem === null ? new Secret(adminTokenValue) : null,
    maxStoredScans: integer('SECSCAN_MAX_STORED_SCANS', 10_000, 1, 10_000_000, 'scans'),
    maxRateLimitedClients: integer('SECSCAN_MAX_RATE_LIMITED_CLIENTS', 100_000, 1000, 10_000_000, 'clients'),
    shutdownTimeoutMs: integer('SECSCAN_SHUTDOWN_TIMEOUT_MS', 10_000, 0, 3_600_000, 'milliseconds'),
    database,
    retentionDays: integer('SECSCAN_RETENTION_DAYS', 30, 1, 36_500, 'days'),
    sweepIntervalSeconds: integer('SECSCAN_SWEEP_INTERVAL_SECONDS', 600, 1, 86_400, 'seconds'),
    scanning,
    timeouts,
    maxConnections: integer('SECSCAN_MAX_CONNECTIONS', 10_000, 10, 1_000_000, 'connections'),
    modelFiles,
    warnings,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
