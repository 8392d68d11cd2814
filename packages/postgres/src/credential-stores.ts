/**
 * API keys and sessions in PostgreSQL (tables secscan_api_keys, secscan_sessions). Only the
 * SHA-256 of a token ever reaches the database. Each method is one statement; `touch` and `revoke`
 * are conditional updates, which PostgreSQL re-checks on the locked row, so they stay exact when
 * several processes share the database.
 */
import type { ApiKeyRecord, KeyStore, Plan, SessionRecord, SessionStore } from '@secscan/core';
import type { Database } from './database.ts';
import { isUuid, iso, isoOrNull } from './values.ts';

/** A row of secscan_api_keys. */
interface KeyRow {
  id: string;
  name: string;
  plan: Plan;
  requests_per_minute: number | null;
  token_sha256: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  user_id: string | null;
  display_prefix: string | null;
}

/** A row of secscan_sessions. */
interface SessionRow {
  id: string;
  subject: string;
  token_sha256: string;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

function toKey(row: KeyRow): ApiKeyRecord {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan,
    ...(row.requests_per_minute !== null ? { requestsPerMinute: row.requests_per_minute } : {}),
    hash: row.token_sha256,
    createdAt: iso(row.created_at),
    lastUsedAt: isoOrNull(row.last_used_at),
    revokedAt: isoOrNull(row.revoked_at),
    ...(row.user_id !== null ? { userId: row.user_id } : {}),
    ...(row.display_prefix !== null ? { prefix: row.display_prefix } : {}),
  };
}

function toSession(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    subject: row.subject,
    hash: row.token_sha256,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    lastUsedAt: isoOrNull(row.last_used_at),
    revokedAt: isoOrNull(row.revoked_at),
  };
}

/** A KeyStore on PostgreSQL. */
export function createPostgresKeyStore(db: Database): KeyStore {
  return {
    async create(record) {
      await db.run(
        (sql) => sql`
          INSERT INTO secscan_api_keys (id, name, plan, requests_per_minute, token_sha256, created_at, last_used_at, revoked_at, user_id, display_prefix)
          VALUES (${record.id}, ${record.name}, ${record.plan}, ${record.requestsPerMinute ?? null}, ${record.hash},
                  ${record.createdAt}, ${record.lastUsedAt}, ${record.revokedAt}, ${record.userId ?? null}, ${record.prefix ?? null})`,
      );
    },
    async findByHash(hash) {
      const [row] = await db.run((sql) => sql<KeyRow[]>`SELECT * FROM secscan_api_keys WHERE token_sha256 = ${hash}`);
      return row ? toKey(row) : null;
    },
    async touch(id, at, minIntervalSeconds) {
      if (!isUuid(id)) return false;
      const result = await db.run(
        (sql) => sql`
          UPDATE secscan_api_keys SET last_used_at = ${at}
          WHERE id = ${id} AND (last_used_at IS NULL OR last_used_at <= ${at}::timestamptz - make_interval(secs => ${minIntervalSeconds}))`,
      );
      return result.count === 1;
    },
    async revoke(id, at) {
      if (!isUuid(id)) return false;
      const result = await db.run((sql) => sql`UPDATE secscan_api_keys SET revoked_at = coalesce(revoked_at, ${at}) WHERE id = ${id}`);
      return result.count === 1;
    },
    async list() {
      const rows = await db.run((sql) => sql<KeyRow[]>`SELECT * FROM secscan_api_keys ORDER BY created_at, id`);
      return rows.map(toKey);
    },
    async listByUser(userId) {
      if (!isUuid(userId)) return [];
      const rows = await db.run((sql) => sql<KeyRow[]>`SELECT * FROM secscan_api_keys WHERE user_id = ${userId} ORDER BY created_at, id`);
      return rows.map(toKey);
    },
    async setPlan(id, plan, requestsPerMinute) {
      if (!isUuid(id)) return false;
      const result = await db.run((sql) => sql`UPDATE secscan_api_keys SET plan = ${plan}, requests_per_minute = ${requestsPerMinute ?? null} WHERE id = ${id}`);
      return result.count === 1;
    },
    ping: () => db.ping(),
  };
}

/** A SessionStore on PostgreSQL. */
export function createPostgresSessionStore(db: Database): SessionStore {
  return {
    async create(record) {
      await db.run(
        (sql) => sql`
          INSERT INTO secscan_sessions (id, subject, token_sha256, created_at, expires_at, last_used_at, revoked_at)
          VALUES (${record.id}, ${record.subject}, ${record.hash}, ${record.createdAt}, ${record.expiresAt}, ${record.lastUsedAt}, ${record.revokedAt})`,
      );
    },
    async findByHash(hash) {
      const [row] = await db.run((sql) => sql<SessionRow[]>`SELECT * FROM secscan_sessions WHERE token_sha256 = ${hash}`);
      return row ? toSession(row) : null;
    },
    async touch(id, at, minIntervalSeconds) {
      if (!isUuid(id)) return false;
      const result = await db.run(
        (sql) => sql`
          UPDATE secscan_sessions SET last_used_at = ${at}
          WHERE id = ${id} AND (last_used_at IS NULL OR last_used_at <= ${at}::timestamptz - make_interval(secs => ${minIntervalSeconds}))`,
      );
      return result.count === 1;
    },
    async revoke(id, at) {
      if (!isUuid(id)) return false;
      const result = await db.run((sql) => sql`UPDATE secscan_sessions SET revoked_at = coalesce(revoked_at, ${at}) WHERE id = ${id}`);
      return result.count === 1;
    },
    async deleteExpired(at) {
      const result = await db.run((sql) => sql`DELETE FROM secscan_sessions WHERE expires_at <= ${at}`);
      return result.count;
    },
    async revokeSubject(subject, at) {
      const result = await db.run((sql) => sql`UPDATE secscan_sessions SET revoked_at = ${at} WHERE subject = ${subject} AND revoked_at IS NULL AND expires_at > ${at}`);
      return result.count;
    },
    ping: () => db.ping(),
  };
}
