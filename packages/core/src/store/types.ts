/**
 * Storage interfaces (DESIGN §6). The core defines them and ships in-memory versions; other packages
 * (PostgreSQL) implement the same interfaces and pass the same contract suites
 * (`@secscan/core/testing`). Every store answers `ping()` so health checks can tell it is up.
 */
import type { ScanResult } from '../scanner/types.ts';

/** Resolves when the store can serve requests now; rejects (or never settles) when it cannot. */
export interface Pingable {
  ping(): Promise<void>;
}

/** A scan as kept in storage: the request's metadata and the scan result; the code only when configured. */
export interface StoredScan
  extends Pick<ScanResult, 'findings' | 'summary' | 'suppressed' | 'truncated' | 'truncatedReason' | 'omitted' | 'partialParse' | 'engine' | 'durationMs'> {
  /** UUID v7 of the scan. */
  id: string;
  /** Who ran it: `key:<key id>` or `session:<subject>`; null for an anonymous caller. */
  owner: string | null;
  /** ISO 8601 UTC time the scan was made. */
  createdAt: string;
  /** Canonical language id the scan ran with. */
  language: string;
  filename?: string;
  /** Size of the submitted code in UTF-8 bytes (kept even when the code is not). */
  codeBytes: number;
  /** The submitted code; present only when the server is configured to keep it (`SECSCAN_STORE_CODE`). */
  code?: string;
}

/** Keeps scans and their findings; a scan is only ever read back by its owner. */
export interface ScanStore extends Pingable {
  /** Stores a scan; resolves once it is stored (a scan is answered only after this: no fire-and-forget). */
  save(scan: StoredScan): Promise<void>;
  /** The scan with this id if `owner` owns it, else null (never tells others' scans apart from missing ones). */
  get(id: string, owner: string | null): Promise<StoredScan | null>;
  /** Deletes every scan made before `before` (ISO 8601), the retention sweep; resolves how many it deleted. */
  deleteCreatedBefore(before: string): Promise<number>;
}

/** Plans of API keys (DESIGN §3, §4). */
export type Plan = 'free' | 'pro' | 'enterprise';

/** An API key as stored: only the SHA-256 of the secret, never the secret. */
export interface ApiKeyRecord {
  /** UUID v7 of the key: how the admin API and logs name it (not a secret). */
  id: string;
  /** A label for people ("CI pipeline"), never used for authentication. */
  name: string;
  plan: Plan;
  /** Per-key limit of an enterprise key; absent for the other plans, whose limit is the plan's. */
  requestsPerMinute?: number;
  /** Lower-case hex SHA-256 of the whole key string. */
  hash: string;
  /** ISO 8601 UTC times. */
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A session as stored: only the SHA-256 of the token. */
export interface SessionRecord {
  /** UUID v7 of the session (not a secret). */
  id: string;
  /** Who the session belongs to (a user id or e-mail); rate limits are counted per subject. */
  subject: string;
  /** Lower-case hex SHA-256 of the whole token string. */
  hash: string;
  /** ISO 8601 UTC times; the session is refused from `expiresAt` on. */
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/**
 * Keeps credentials of one kind by the SHA-256 of their secret. A SQL implementation maps each
 * method to one statement; `touch` and `revoke` are conditional updates, so they stay correct when
 * several processes share the store.
 */
export interface CredentialStore<T extends { id: string; hash: string }> extends Pingable {
  /** Adds a record; rejects when its id or hash is already stored. */
  create(record: T): Promise<void>;
  /** The record whose `hash` is this one (revoked and expired ones too: the caller decides), else null. */
  findByHash(hash: string): Promise<T | null>;
  /**
   * Sets `lastUsedAt` to `at` unless it already lies less than `minIntervalSeconds` before `at`,
   * so a busy key costs at most one write per interval; resolves whether it wrote.
   */
  touch(id: string, at: string, minIntervalSeconds: number): Promise<boolean>;
  /** Sets `revokedAt` (the first revocation's time is kept); resolves false when there is no such record. */
  revoke(id: string, at: string): Promise<boolean>;
}

/** Keeps API keys by hash. */
export interface KeyStore extends CredentialStore<ApiKeyRecord> {
  /** Every key, revoked ones included, oldest first. */
  list(): Promise<ApiKeyRecord[]>;
}

/** Keeps session tokens by hash. Stores may forget a session once it has expired. */
export interface SessionStore extends CredentialStore<SessionRecord> {
  /** Deletes the sessions that expired at or before `at` (ISO 8601), the periodic sweep; resolves how many. */
  deleteExpired(at: string): Promise<number>;
}

/** One fixed, clock-aligned window of a rate limit: a quota policy (`anon-minute`: 10 per 60 s). */
export interface RateLimitWindow {
  /** Policy name, as the RateLimit headers show it. */
  name: string;
  /** Requests admitted per window (the policy's quota, `q`). */
  limit: number;
  /** Length of the window in seconds (`w`); windows start at multiples of it since the Unix epoch. */
  windowSeconds: number;
}

/** The state of one window after a hit. */
export interface RateLimitWindowState extends RateLimitWindow {
  /** Requests this window still admits (`r`); 0 on a window that refused the hit. */
  remaining: number;
  /** Whole seconds until the window resets (`t`), 1 to `windowSeconds`. */
  resetSeconds: number;
}

/** Outcome of a hit: admitted only when every window had room; a refused hit counts against none. */
export interface RateLimitOutcome {
  allowed: boolean;
  /** One state per window, in the order the windows were given. */
  windows: RateLimitWindowState[];
  /** The store's clock (Unix ms) when the hit was counted: what `refund` needs to find its windows. */
  countedAt?: number;
}

/**
 * Counts requests per subject over several windows in one atomic step: every window is checked
 * and, only if all have room, all are counted (the algorithm: ratelimit/fixed-window.ts
 * `countHit`). Windows are aligned to the store's clock — the database's `now()` where there is
 * one — so a hit maps to a single SQL statement over one row per subject holding all its windows
 * (`INSERT … ON CONFLICT (subject) DO UPDATE SET counts = CASE WHEN <every window has room> THEN
 * <each count + 1> ELSE <counts> END … RETURNING`), which STACK.md measured exact under concurrency.
 */
export interface RateLimitStore extends Pingable {
  hit(subject: string, windows: readonly RateLimitWindow[]): Promise<RateLimitOutcome>;
  /**
   * Gives back one admitted hit, counted at `countedAt` (its outcome's), in each window that is still
   * the one it was counted in (a window that has since ended is left alone). For requests the server
   * could not serve: 503 at capacity, a scan stopped at the hard timeout.
   */
  refund(subject: string, windows: readonly RateLimitWindow[], countedAt: number): Promise<void>;
  /** Forgets the subjects whose every window has ended by the store's clock, the periodic sweep; resolves how many. */
  deleteExpired(): Promise<number>;
}

/** The stores a server is built with. */
export interface Stores {
  scans: ScanStore;
  keys: KeyStore;
  sessions: SessionStore;
  rateLimits: RateLimitStore;
}

/** Stores that hold a connection (PostgreSQL's pool): `close()` ends it, so the process can exit. */
export interface StoreConnection {
  stores: Stores;
  close(): Promise<void>;
}
