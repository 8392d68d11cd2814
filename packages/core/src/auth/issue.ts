/**
 * Issuing credentials: an API key or a session token is minted (prefix + 32 random bytes in base62
 * + CRC-32 checksum, see tokens/checksum.ts), only its SHA-256 is stored, and the secret is handed
 * back once, to be shown once.
 */
import type { Clock } from '../clock.ts';
import type { ApiKeyRecord, KeyStore, Plan, SessionRecord, SessionStore } from '../store/types.ts';
import { API_KEY_PREFIX, mintToken, SESSION_TOKEN_PREFIX } from '../tokens/checksum.ts';
import { sha256Hex } from './hash.ts';

/** How many of a key's random characters its shown prefix keeps (about 24 of its 256 bits: nothing to guess with). */
const KEY_PREFIX_SHOWN = 4;

/** What issuing needs besides the store: the time, and ids for the new records. */
export interface IssueContext {
  clock: Clock;
  newId: () => string;
}

/** The key to create: a name for people, a plan, and an enterprise key's own per-minute limit. */
export interface NewApiKey {
  name: string;
  plan: Plan;
  requestsPerMinute?: number;
  /** The dashboard user the key belongs to; absent for keys made with the admin token. */
  userId?: string;
}

/** A created key: its stored record and the secret, which exists nowhere else. */
export interface IssuedApiKey {
  record: ApiKeyRecord;
  key: string;
}

/** Creates an API key; an enterprise key must carry `requestsPerMinute`, the other plans must not. */
export async function issueApiKey(store: KeyStore, input: NewApiKey, context: IssueContext): Promise<IssuedApiKey> {
  if ((input.plan === 'enterprise') !== (input.requestsPerMinute !== undefined)) {
    throw new RangeError('issueApiKey: requestsPerMinute is required for enterprise keys and not accepted for other plans');
  }
  const key = mintToken(API_KEY_PREFIX);
  const record: ApiKeyRecord = {
    id: context.newId(),
    name: input.name,
    plan: input.plan,
    ...(input.requestsPerMinute !== undefined ? { requestsPerMinute: input.requestsPerMinute } : {}),
    hash: await sha256Hex(key),
    createdAt: new Date(context.clock.now()).toISOString(),
    lastUsedAt: null,
    revokedAt: null,
    ...(input.userId !== undefined ? { userId: input.userId } : {}),
    prefix: key.slice(0, API_KEY_PREFIX.length + KEY_PREFIX_SHOWN),
  };
  await store.create(record);
  return { record, key };
}

/** The session to create: whose it is, and for how long. */
export interface NewSession {
  subject: string;
  ttlSeconds: number;
}

/** A created session: its stored record and the token, which exists nowhere else. */
export interface IssuedSession {
  record: SessionRecord;
  token: string;
}

/** Creates a session token valid for `ttlSeconds` from now. */
export async function issueSession(store: SessionStore, input: NewSession, context: IssueContext): Promise<IssuedSession> {
  if (!Number.isSafeInteger(input.ttlSeconds) || input.ttlSeconds < 1) throw new RangeError('issueSession: ttlSeconds must be a positive integer');
  const token = mintToken(SESSION_TOKEN_PREFIX);
  const now = context.clock.now();
  const record: SessionRecord = {
    id: context.newId(),
    subject: input.subject,
    hash: await sha256Hex(token),
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + input.ttlSeconds * 1000).toISOString(),
    lastUsedAt: null,
    revokedAt: null,
  };
  await store.create(record);
  return { record, token };
}
