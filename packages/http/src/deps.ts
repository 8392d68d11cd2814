/** What `createApp` is built from: every capability with I/O is passed in, so the app runs anywhere. */
import type { Clock, RateLimitSettings, Scanner, SignUpPolicy, Stores } from '@secscan/core';

export type { Clock } from '@secscan/core';

/** Who may call and how much (DESIGN §3, §4); see config.ts for the environment variables. */
export interface AccessConfig {
  /** Whether requests without credentials may scan (as anonymous callers). */
  anonymous: boolean;
  /** Lower-case hex SHA-256 of the admin token; null when there is no admin API. Never the token itself. */
  adminTokenSha256: string | null;
  /** Lifetime of a session issued without its own `ttlSeconds`. */
  sessionTtlSeconds: number;
  /** How many proxies in front of the server append to X-Forwarded-For; 0 trusts none (the socket's address is the client). */
  trustProxyHops: number;
  limits: RateLimitSettings;
  /** The dashboard's accounts: sign-up, passwords, invitations, single sign-on. */
  accounts: AccountsConfig;
}

/** OpenID Connect single sign-on (authorization code + PKCE); see config.ts for its variables. */
export interface OidcConfig {
  /** The provider's issuer URL; its discovery document is read on first use. */
  issuer: string;
  clientId: string;
  /** The client secret (client_secret_basic); null for a public client, which relies on PKCE alone. */
  clientSecret: string | null;
  /** Scopes asked for; `openid` is always among them. */
  scopes: string;
  /** What the sign-in button says ("Sign in with <name>"). */
  name: string;
  /** Whether people the provider authenticates get an account when they have none (else the sign-up policy decides). */
  autoCreate: boolean;
}

/** The account rules of the dashboard (SECSCAN_SIGNUP_POLICY, SECSCAN_PASSWORD_MIN_LENGTH, …). */
export interface AccountsConfig {
  /** The sign-up policy the operator fixed; null lets admins choose it in the dashboard. */
  signUpPolicy: SignUpPolicy | null;
  passwordMinLength: number;
  /** How long an invitation link stays valid. */
  invitationTtlSeconds: number;
  /** The server's public origin (`https://secscan.example.com`) behind a proxy: the OIDC redirect URI, cookies' Secure flag, same-origin checks. */
  publicUrl: string | null;
  oidc: OidcConfig | null;
  /** Argon2id cost of new hashes; OWASP's unless a test lowers it (never configurable in a server). */
  kdf?: { memoryKiB: number; iterations: number; parallelism: number };
}

/** Settings of the app (see config.ts for their environment variables and defaults). */
export interface AppConfig {
  /** Version reported by health and OpenAPI. */
  version: string;
  /** Largest request body in bytes; larger is refused with 413 while it streams in. */
  maxBodyBytes: number;
  /** Largest `code` in UTF-8 bytes; larger is refused with 413. */
  maxCodeBytes: number;
  /** Whether stored scans keep the submitted code (off by default: it is the user's source). */
  storeCode: boolean;
  /** Wall-clock budget of one scan in ms; past it the scan stops and reports `truncated`. */
  scanTimeBudgetMs: number;
  /** How long a client may take to send a request body once the app starts reading it (default 30 s); past it 408. */
  bodyTimeoutMs?: number;
  /** How long health waits for the store's ping before answering 503. */
  healthTimeoutMs: number;
  /** Origins allowed by CORS (`*` for any); empty turns CORS off. Listed origins may also send the session cookie. */
  corsOrigins: readonly string[];
  /**
   * Authentication and rate limits. null turns both off — every request is an unmetered anonymous
   * caller and there is no admin API — for embedding the app behind a gateway that does both, and
   * for measuring their cost; servers always turn them on.
   */
  access: AccessConfig | null;
}

/** One finished request, as the access log records it (never the body, credentials or query string). */
export interface RequestLogEntry {
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  /** Who called, once known: `key:<id>`, `session:<id>` or `anonymous` (never a secret or an address). */
  caller?: string;
}

/** An unexpected error, as the error log records it (never sent to the client). */
export interface ErrorLogEntry {
  requestId: string;
  method: string;
  path: string;
  error: { name: string; message: string; stack?: string };
}

/** Where the app reports what happened; servers write these as JSON lines. */
export interface AppLogger {
  request(entry: RequestLogEntry): void;
  error(entry: ErrorLogEntry): void;
}

/** The Scalar API reference bundle, read by the server from this package's assets/ (copied there at build time). */
export interface DocsAssets {
  scalarJs(): Promise<Uint8Array>;
}

/** The dashboard's static files, built by scripts/build.mjs and read by the server. */
export interface DashboardAssets {
  /** The build's manifest: the hashed file names of its script and style sheet. */
  manifest(): Promise<{ script: string; style: string; files: readonly string[] }>;
  /** One built file by name (only names in the manifest are asked for). */
  file(name: string): Promise<Uint8Array>;
}

/** Everything `createApp` needs. */
export interface AppDeps {
  /** The scanner; `scan` for requests, `rules` for SARIF rule descriptors. */
  scanner: Pick<Scanner, 'scan' | 'rules'>;
  stores: Stores;
  config: AppConfig;
  docs: DocsAssets;
  /** The dashboard's assets; without them /dashboard answers 404 (the API still works). */
  dashboard?: DashboardAssets;
  /** Wall-clock time; default `Date.now`. The memory stores a test builds should share it. */
  clock?: Clock;
  /** Id generator for scans and requests; default UUID v7 from `clock`. */
  newId?: () => string;
  /** Access and error log; default none. */
  logger?: AppLogger;
}
