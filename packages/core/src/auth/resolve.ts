/**
 * From a presented token to a caller (DESIGN §3). In order, cheapest first:
 * 1. the prefix says what it claims to be (`sk_live_` key, `ss_` session);
 * 2. the CRC-32 checksum must hold — a mistyped or made-up token is refused without a store look-up;
 * 3. its SHA-256 is looked up, and the stored hash compared again in constant time (a store that
 *    finds by an index or a prefix must not leak, through timing, how much of a hash matched);
 * 4. revoked, or for a session expired, is refused — read on every request, never cached, so a
 *    revocation takes effect on the next one;
 * 5. a key or session of a dashboard user is refused while that user is disabled (read on every
 *    request too: disabling stops them at once);
 * 6. `lastUsedAt` is written at most once a minute per credential.
 */
import type { Clock } from '../clock.ts';
import type { KeyStore, SessionStore, UserRecord, UserStore } from '../store/types.ts';
import { API_KEY_PREFIX, SESSION_TOKEN_PREFIX, verifyTokenChecksum } from '../tokens/checksum.ts';
import type { ApiKeyCaller, SessionCaller } from './caller.ts';
import { sha256Hex, timingSafeEqual } from './hash.ts';

/** How often `lastUsedAt` is written at most, per credential. */
export const LAST_USED_INTERVAL_SECONDS = 60;

/** The kinds of token we issue, by prefix; null for anything else. */
export function tokenKind(token: string): 'apiKey' | 'session' | null {
  if (token.startsWith(API_KEY_PREFIX)) return 'apiKey';
  if (token.startsWith(SESSION_TOKEN_PREFIX)) return 'session';
  return null;
}

/** Whether a string has the form and checksum of one of our tokens (no store is asked). */
export function isWellFormedToken(token: string): boolean {
  const kind = tokenKind(token);
  return kind !== null && verifyTokenChecksum(token, kind === 'apiKey' ? API_KEY_PREFIX : SESSION_TOKEN_PREFIX);
}

/** Why a token was refused. None of these says anything about the secret itself. */
export type TokenRefusal = 'malformed' | 'unknown' | 'revoked' | 'expired' | 'disabled';

/** The caller a token stands for, or why it was refused. */
export type TokenResolution = { ok: true; caller: ApiKeyCaller | SessionCaller; user: UserRecord | null } | { ok: false; reason: TokenRefusal };

/** What resolving a token reads: the credential stores and the clock. */
export interface TokenResolver {
  keys: KeyStore;
  sessions: SessionStore;
  clock: Clock;
  /** The dashboard's users, whose keys and sessions stop while they are disabled; without it no token belongs to a user. */
  users?: UserStore;
}

/** The user a credential belongs to, 'disabled' when they are (or are gone), null for a credential of nobody's. */
async function ownerOf(userId: string | null, users: UserStore | undefined): Promise<UserRecord | 'disabled' | null> {
  if (userId === null || !users) return null;
  const user = await users.get(userId);
  return !user || user.disabledAt !== null ? 'disabled' : user;
}

/** The user id of a session subject of the dashboard (`user:<id>`). */
function subjectUserId(subject: string): string | null {
  return subject.startsWith('user:') ? subject.slice(5) : null;
}

/** Resolves a presented token to its caller; rejects only when a store fails (the caller answers 503). */
export async function resolveToken(token: string, resolver: TokenResolver): Promise<TokenResolution> {
  const kind = tokenKind(token);
  if (kind === null || !isWellFormedToken(token)) return { ok: false, reason: 'malformed' };
  const hash = await sha256Hex(token);
  const now = resolver.clock.now();
  const at = new Date(now).toISOString();

  if (kind === 'apiKey') {
    const record = await resolver.keys.findByHash(hash);
    if (!record || !timingSafeEqual(record.hash, hash)) return { ok: false, reason: 'unknown' };
    if (record.revokedAt !== null) return { ok: false, reason: 'revoked' };
    const user = await ownerOf(record.userId ?? null, resolver.users);
    if (user === 'disabled') return { ok: false, reason: 'disabled' };
    if (isStale(record.lastUsedAt, now)) await resolver.keys.touch(record.id, at, LAST_USED_INTERVAL_SECONDS);
    return {
      ok: true,
      caller: { kind: 'apiKey', keyId: record.id, plan: record.plan, ...(record.requestsPerMinute !== undefined ? { requestsPerMinute: record.requestsPerMinute } : {}) },
      user,
    };
  }

  const record = await resolver.sessions.findByHash(hash);
  if (!record || !timingSafeEqual(record.hash, hash)) return { ok: false, reason: 'unknown' };
  if (record.revokedAt !== null) return { ok: false, reason: 'revoked' };
  if (Date.parse(record.expiresAt) <= now) return { ok: false, reason: 'expired' };
  const user = await ownerOf(subjectUserId(record.subject), resolver.users);
  if (user === 'disabled') return { ok: false, reason: 'disabled' };
  if (isStale(record.lastUsedAt, now)) await resolver.sessions.touch(record.id, at, LAST_USED_INTERVAL_SECONDS);
  return { ok: true, caller: { kind: 'session', sessionId: record.id, subject: record.subject }, user };
}

/** Whether `lastUsedAt` is old enough to be written again (the store checks once more, atomically). */
function isStale(lastUsedAt: string | null, now: number): boolean {
  return lastUsedAt === null || now - Date.parse(lastUsedAt) >= LAST_USED_INTERVAL_SECONDS * 1000;
}
