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
  /** The scan with this id if one of `owners` owns it, else null (a user's scans come from several keys and their sessions). */
  getForOwners(id: string, owners: readonly string[]): Promise<StoredScan | null>;
  /** A page of the scans of `owners`, newest first (by time, then id), without code or findings. */
  list(query: ScanListQuery): Promise<ScanListPage>;
  /** Scans and findings per UTC day of `owners` since `since` (ISO 8601), oldest day first; days without scans are left out. */
  dailyUsage(owners: readonly string[], since: string): Promise<DailyUsage[]>;
}

/** Severities, as a scan's summary counts them. */
export type SeverityName = 'critical' | 'high' | 'medium' | 'low' | 'info';

/** What to list of a caller's scan history. */
export interface ScanListQuery {
  /** Owners whose scans are listed (`key:<id>`, `session:<subject>`); none lists nothing. */
  owners: readonly string[];
  /** Only scans in this canonical language. */
  language?: string;
  /** Only scans with at least one finding of this severity. */
  severity?: SeverityName;
  /** Only scans older than this one (the `next` cursor of the previous page). */
  before?: { createdAt: string; id: string };
  /** Most scans on the page (1–100). */
  limit: number;
}

/** A scan as a history listing shows it. */
export type ScanListItem = Pick<StoredScan, 'id' | 'owner' | 'createdAt' | 'language' | 'filename' | 'codeBytes' | 'summary' | 'truncated'>;

/** One page of a history listing; `next` is the cursor of the following page, null on the last. */
export interface ScanListPage {
  scans: ScanListItem[];
  next: { createdAt: string; id: string } | null;
}

/** One UTC day of a caller's usage. */
export interface DailyUsage {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  scans: number;
  /** Findings reported that day, per severity. */
  findings: Record<SeverityName, number>;
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
  /** The dashboard user who owns the key; absent for keys made with the admin token, which belong to no user. */
  userId?: string;
  /** The key's first characters (`sk_live_` and 4 of its random ones), shown to tell keys apart; absent on keys made before it was kept. */
  prefix?: string;
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
  /** The keys of one user, revoked ones included, oldest first. */
  listByUser(userId: string): Promise<ApiKeyRecord[]>;
  /** Sets a key's plan (and an enterprise key's own limit, which other plans must not carry); false when there is no such key. */
  setPlan(id: string, plan: Plan, requestsPerMinute?: number): Promise<boolean>;
}

/** Keeps session tokens by hash. Stores may forget a session once it has expired. */
export interface SessionStore extends CredentialStore<SessionRecord> {
  /** Deletes the sessions that expired at or before `at` (ISO 8601), the periodic sweep; resolves how many. */
  deleteExpired(at: string): Promise<number>;
  /** Revokes every session of a subject (sign out everywhere); resolves how many were still valid. */
  revokeSubject(subject: string, at: string): Promise<number>;
}

/** Roles of dashboard users: admins manage users, keys, plans and the sign-up policy. */
export type Role = 'admin' | 'member';

/** A dashboard user as stored: never a password, only its Argon2id hash (PHC string). */
export interface UserRecord {
  /** UUID v7. */
  id: string;
  /** Normalised (trimmed, lower-case) e-mail address; unique. */
  email: string;
  displayName: string;
  role: Role;
  /** PHC string of the password's Argon2id hash; null for users who only sign in with OIDC. */
  passwordHash: string | null;
  /** `<issuer> <sub>` of the OIDC identity linked to the user; unique; null when none. */
  oidcSubject: string | null;
  /** The plan the user's keys get; members start on `free`. */
  plan: Plan;
  /** The enterprise plan's own per-minute limit; null for the other plans. */
  requestsPerMinute: number | null;
  /** ISO 8601 UTC times. */
  createdAt: string;
  /** Set while the user is disabled: their keys and sessions are refused. */
  disabledAt: string | null;
  lastSignInAt: string | null;
}

/** What an admin or the user may change on a user. */
export type UserPatch = Partial<Pick<UserRecord, 'displayName' | 'role' | 'passwordHash' | 'oidcSubject' | 'plan' | 'requestsPerMinute' | 'disabledAt' | 'lastSignInAt'>>;

/** Keeps dashboard users. */
export interface UserStore extends Pingable {
  /** Adds a user; rejects when the id, e-mail or OIDC subject is taken. */
  create(record: UserRecord): Promise<void>;
  /**
   * Adds the user only if there is no user yet, atomically (the first sign-up of a fresh install
   * becomes admin: two at once must not both); resolves whether it was added.
   */
  createFirst(record: UserRecord): Promise<boolean>;
  get(id: string): Promise<UserRecord | null>;
  /** The user with this (normalised) e-mail, else null. */
  findByEmail(email: string): Promise<UserRecord | null>;
  findByOidcSubject(subject: string): Promise<UserRecord | null>;
  /** Every user, oldest first. */
  list(): Promise<UserRecord[]>;
  /** How many users there are. */
  count(): Promise<number>;
  /** Changes a user; resolves the changed record, null when there is no such user. */
  update(id: string, patch: UserPatch): Promise<UserRecord | null>;
}

/** An invitation to sign up, as stored: only the SHA-256 of its token. */
export interface InvitationRecord {
  id: string;
  /** Lower-case hex SHA-256 of the invitation token. */
  hash: string;
  /** The normalised e-mail the invitation is for: the account it creates has this address. */
  email: string;
  role: Role;
  /** The id of the admin user who made it, or null when it was made with the admin token. */
  createdBy: string | null;
  /** ISO 8601 UTC times; the invitation is refused from `expiresAt` on. */
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  revokedAt: string | null;
}

/** Keeps invitations by hash. */
export interface InvitationStore extends Pingable {
  /** Adds one; rejects when its id or hash is taken. */
  create(record: InvitationRecord): Promise<void>;
  findByHash(hash: string): Promise<InvitationRecord | null>;
  /** Every invitation, newest first. */
  list(): Promise<InvitationRecord[]>;
  /** Marks it accepted if it is neither accepted, revoked nor expired at `at`, atomically (an invitation is used once); resolves whether it did. */
  accept(id: string, at: string): Promise<boolean>;
  /** Revokes it unless accepted (the first revocation time is kept); false when there is no such open invitation. */
  revoke(id: string, at: string): Promise<boolean>;
}

/** Settings an admin changes at run time (the sign-up policy), by name. */
export interface SettingsStore extends Pingable {
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
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
  /** The windows' states as a hit would see them, without counting one (`allowed`: whether a hit now would be admitted). */
  peek(subject: string, windows: readonly RateLimitWindow[]): Promise<RateLimitOutcome>;
  /** Forgets the subjects whose every window has ended by the store's clock, the periodic sweep; resolves how many. */
  deleteExpired(): Promise<number>;
}

/** The stores a server is built with. */
export interface Stores {
  scans: ScanStore;
  keys: KeyStore;
  sessions: SessionStore;
  rateLimits: RateLimitStore;
  users: UserStore;
  invitations: InvitationStore;
  settings: SettingsStore;
  /**
   * Counts sign-in attempts (per account and client, per client). Its own store, apart from the
   * API's rate limits, so that a flood of API clients can never push a throttle out of a bounded
   * memory store; on PostgreSQL it may be the same table.
   */
  signInThrottles: RateLimitStore;
}

/** Stores that hold a connection (PostgreSQL's pool): `close()` ends it, so the process can exit. */
export interface StoreConnection {
  stores: Stores;
  close(): Promise<void>;
}
