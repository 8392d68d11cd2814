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
  extends Pick<ScanResult, 'findings' | 'summary' | 'suppressed' | 'truncated' | 'truncatedReason' | 'partialParse' | 'engine' | 'durationMs'> {
  /** UUID v7 of the scan. */
  id: string;
  /** Who ran it: an API key id or session subject; null for an anonymous caller. */
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
  save(scan: StoredScan): Promise<void>;
  /** The scan with this id if `owner` owns it, else null (never tells others' scans apart from missing ones). */
  get(id: string, owner: string | null): Promise<StoredScan | null>;
}

/** Plans of API keys (DESIGN §3, §4). */
export type Plan = 'free' | 'pro' | 'enterprise';

/** An API key as stored: only the SHA-256 of the secret, never the secret. Draft for issue #4. */
export interface ApiKeyRecord {
  id: string;
  name: string;
  plan: Plan;
  /** Per-key limit of an enterprise key. */
  requestsPerMinute?: number;
  /** Lower-case hex SHA-256 of the whole key string. */
  hash: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** Keeps credentials of one kind by the SHA-256 of their secret. Interface only: issue #4 implements it. */
export interface CredentialStore<T extends { id: string; hash: string }> extends Pingable {
  create(record: T): Promise<void>;
  findByHash(hash: string): Promise<T | null>;
  /** Records a use (`lastUsedAt`). */
  touch(id: string, at: string): Promise<void>;
  /** Revokes it; false when there is no such record. */
  revoke(id: string, at: string): Promise<boolean>;
}

/** Keeps API keys by hash. Interface only: issue #4 implements it. */
export interface KeyStore extends CredentialStore<ApiKeyRecord> {
  list(): Promise<ApiKeyRecord[]>;
}

/** A session as stored: only the SHA-256 of the token. Draft for issue #4. */
export interface SessionRecord {
  id: string;
  /** Who the session belongs to. */
  subject: string;
  hash: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** Keeps session tokens by hash. Interface only: issue #4 implements it. */
export type SessionStore = CredentialStore<SessionRecord>;

/** One fixed, clock-aligned window of a rate limit (e.g. `anon-minute`: 10 per 60 s). */
export interface RateLimitWindow {
  name: string;
  limit: number;
  windowSeconds: number;
}

/** The state of one window after a hit. */
export interface RateLimitWindowState {
  name: string;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/** Outcome of a hit: admitted only when every window had room; a refused hit counts against none. */
export interface RateLimitOutcome {
  allowed: boolean;
  windows: RateLimitWindowState[];
}

/** Counts requests per subject over several windows in one atomic step. Interface only: issue #4 implements it. */
export interface RateLimitStore extends Pingable {
  hit(subject: string, windows: readonly RateLimitWindow[]): Promise<RateLimitOutcome>;
}

/** The stores a server is built with. Issue #4 adds keys, sessions and rate limits. */
export interface Stores {
  scans: ScanStore;
}
