/**
 * The dashboard's accounts in PostgreSQL (tables secscan_users, secscan_invitations,
 * secscan_settings). Passwords reach the database only as Argon2id hashes, invitation tokens only as
 * their SHA-256. `createFirst` and `accept` are single conditional statements (the first one under
 * a transaction-scoped advisory lock), so they stay exact when several processes share the database.
 */
import type { InvitationRecord, InvitationStore, Plan, Role, SettingsStore, UserPatch, UserRecord, UserStore } from '@secscan/core';
import type { Database } from './database.ts';
import { isUuid, iso, isoOrNull } from './values.ts';

/** Key of the advisory lock that makes "the first user" one user (pg_advisory_xact_lock's bigint). */
const FIRST_USER_LOCK_KEY = 5_355_213_206;

/** A row of secscan_users. */
interface UserRow {
  id: string;
  email: string;
  display_name: string;
  role: Role;
  password_hash: string | null;
  oidc_subject: string | null;
  plan: Plan;
  requests_per_minute: number | null;
  created_at: Date;
  disabled_at: Date | null;
  last_sign_in_at: Date | null;
}

/** A row of secscan_invitations. */
interface InvitationRow {
  id: string;
  token_sha256: string;
  email: string;
  role: Role;
  created_by: string | null;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
}

function toUser(row: UserRow): UserRecord {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    role: row.role,
    passwordHash: row.password_hash,
    oidcSubject: row.oidc_subject,
    plan: row.plan,
    requestsPerMinute: row.requests_per_minute,
    createdAt: iso(row.created_at),
    disabledAt: isoOrNull(row.disabled_at),
    lastSignInAt: isoOrNull(row.last_sign_in_at),
  };
}

function toInvitation(row: InvitationRow): InvitationRecord {
  return {
    id: row.id,
    hash: row.token_sha256,
    email: row.email,
    role: row.role,
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    acceptedAt: isoOrNull(row.accepted_at),
    revokedAt: isoOrNull(row.revoked_at),
  };
}

/** The column each patchable user field is kept in. */
const USER_COLUMNS: Record<keyof UserPatch, string> = {
  displayName: 'display_name',
  role: 'role',
  passwordHash: 'password_hash',
  oidcSubject: 'oidc_subject',
  plan: 'plan',
  requestsPerMinute: 'requests_per_minute',
  disabledAt: 'disabled_at',
  lastSignInAt: 'last_sign_in_at',
};

/** A UserStore on PostgreSQL. */
export function createPostgresUserStore(db: Database): UserStore {
  return {
    async create(user) {
      await db.run(
        (sql) => sql`
          INSERT INTO secscan_users (id, email, display_name, role, password_hash, oidc_subject, plan, requests_per_minute, created_at, disabled_at, last_sign_in_at)
          VALUES (${user.id}, ${user.email}, ${user.displayName}, ${user.role}, ${user.passwordHash}, ${user.oidcSubject}, ${user.plan},
                  ${user.requestsPerMinute}, ${user.createdAt}, ${user.disabledAt}, ${user.lastSignInAt})`,
      );
    },
    async createFirst(user) {
      return db.run((sql) =>
        sql.begin(async (tx) => {
          await tx`SELECT pg_advisory_xact_lock(${FIRST_USER_LOCK_KEY}::bigint)`;
          const inserted = await tx`
            INSERT INTO secscan_users (id, email, display_name, role, password_hash, oidc_subject, plan, requests_per_minute, created_at, disabled_at, last_sign_in_at)
            SELECT ${user.id}, ${user.email}, ${user.displayName}, ${user.role}, ${user.passwordHash}, ${user.oidcSubject}, ${user.plan},
                   ${user.requestsPerMinute}, ${user.createdAt}, ${user.disabledAt}, ${user.lastSignInAt}
            WHERE NOT EXISTS (SELECT 1 FROM secscan_users)`;
          return inserted.count === 1;
        }),
      );
    },
    async get(id) {
      if (!isUuid(id)) return null;
      const [row] = await db.run((sql) => sql<UserRow[]>`SELECT * FROM secscan_users WHERE id = ${id}`);
      return row ? toUser(row) : null;
    },
    async findByEmail(email) {
      const [row] = await db.run((sql) => sql<UserRow[]>`SELECT * FROM secscan_users WHERE email = ${email}`);
      return row ? toUser(row) : null;
    },
    async findByOidcSubject(subject) {
      const [row] = await db.run((sql) => sql<UserRow[]>`SELECT * FROM secscan_users WHERE oidc_subject = ${subject}`);
      return row ? toUser(row) : null;
    },
    async list() {
      const rows = await db.run((sql) => sql<UserRow[]>`SELECT * FROM secscan_users ORDER BY created_at, id`);
      return rows.map(toUser);
    },
    async count() {
      const [row] = await db.run((sql) => sql<{ n: number }[]>`SELECT count(*)::int AS n FROM secscan_users`);
      return row?.n ?? 0;
    },
    async update(id, patch) {
      if (!isUuid(id)) return null;
      const changes: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(patch)) if (value !== undefined) changes[USER_COLUMNS[field as keyof UserPatch]] = value;
      const [row] = await db.run((sql) =>
        Object.keys(changes).length === 0
          ? sql<UserRow[]>`SELECT * FROM secscan_users WHERE id = ${id}`
          : sql<UserRow[]>`UPDATE secscan_users SET ${sql(changes)} WHERE id = ${id} RETURNING *`,
      );
      return row ? toUser(row) : null;
    },
    ping: () => db.ping(),
  };
}

/** An InvitationStore on PostgreSQL. */
export function createPostgresInvitationStore(db: Database): InvitationStore {
  return {
    async create(record) {
      await db.run(
        (sql) => sql`
          INSERT INTO secscan_invitations (id, token_sha256, email, role, created_by, created_at, expires_at, accepted_at, revoked_at)
          VALUES (${record.id}, ${record.hash}, ${record.email}, ${record.role}, ${record.createdBy}, ${record.createdAt}, ${record.expiresAt},
                  ${record.acceptedAt}, ${record.revokedAt})`,
      );
    },
    async findByHash(hash) {
      const [row] = await db.run((sql) => sql<InvitationRow[]>`SELECT * FROM secscan_invitations WHERE token_sha256 = ${hash}`);
      return row ? toInvitation(row) : null;
    },
    async list() {
      const rows = await db.run((sql) => sql<InvitationRow[]>`SELECT * FROM secscan_invitations ORDER BY created_at DESC, id DESC`);
      return rows.map(toInvitation);
    },
    async accept(id, at) {
      if (!isUuid(id)) return false;
      const result = await db.run(
        (sql) => sql`
          UPDATE secscan_invitations SET accepted_at = ${at}
          WHERE id = ${id} AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ${at}`,
      );
      return result.count === 1;
    },
    async revoke(id, at) {
      if (!isUuid(id)) return false;
      const result = await db.run((sql) => sql`UPDATE secscan_invitations SET revoked_at = coalesce(revoked_at, ${at}) WHERE id = ${id} AND accepted_at IS NULL`);
      return result.count === 1;
    },
    ping: () => db.ping(),
  };
}

/** A SettingsStore on PostgreSQL. */
export function createPostgresSettingsStore(db: Database): SettingsStore {
  return {
    async get(name) {
      const [row] = await db.run((sql) => sql<{ value: string }[]>`SELECT value FROM secscan_settings WHERE name = ${name}`);
      return row?.value ?? null;
    },
    async set(name, value) {
      await db.run((sql) => sql`INSERT INTO secscan_settings (name, value) VALUES (${name}, ${value}) ON CONFLICT (name) DO UPDATE SET value = excluded.value`);
    },
    ping: () => db.ping(),
  };
}
