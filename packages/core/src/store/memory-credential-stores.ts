import type { Clock } from '../clock.ts';
import type { ApiKeyRecord, CredentialStore, KeyStore, SessionRecord, SessionStore } from './types.ts';

/** A credential store over a map, plus what its key and session variants need. */
interface MemoryCredentials<T extends { id: string; hash: string; lastUsedAt: string | null; revokedAt: string | null }> extends CredentialStore<T> {
  records(): T[];
  /** Drops the records that match; returns how many. */
  forget(predicate: (record: T) => boolean): number;
  /** Changes the stored record in place (no-op for an unknown id). */
  update(id: string, change: (record: T) => void): void;
}

/**
 * Records live in a map by id with an index by hash; every record goes in and out as a copy, so a
 * caller can never change a stored record by mutating an object it passed or got back.
 */
function createMemoryCredentials<T extends { id: string; hash: string; lastUsedAt: string | null; revokedAt: string | null }>(): MemoryCredentials<T> {
  const byId = new Map<string, T>();
  const idByHash = new Map<string, string>();
  return {
    async create(record) {
      if (byId.has(record.id)) throw new Error(`a record with id ${record.id} already exists`);
      // Never put the hash in a message: it identifies the secret.
      if (idByHash.has(record.hash)) throw new Error('a record with the same secret hash already exists');
      byId.set(record.id, { ...record });
      idByHash.set(record.hash, record.id);
    },
    async findByHash(hash) {
      const id = idByHash.get(hash);
      const record = id === undefined ? undefined : byId.get(id);
      return record ? { ...record } : null;
    },
    async touch(id, at, minIntervalSeconds) {
      const record = byId.get(id);
      if (!record) return false;
      const last = record.lastUsedAt === null ? Number.NEGATIVE_INFINITY : Date.parse(record.lastUsedAt);
      if (Date.parse(at) - last < minIntervalSeconds * 1000) return false;
      record.lastUsedAt = at;
      return true;
    },
    async revoke(id, at) {
      const record = byId.get(id);
      if (!record) return false;
      record.revokedAt ??= at;
      return true;
    },
    async ping() {},
    records: () => [...byId.values()].map((record) => ({ ...record })),
    update(id, change) {
      const record = byId.get(id);
      if (record) change(record);
    },
    forget(predicate) {
      let forgotten = 0;
      for (const [id, record] of byId) {
        if (!predicate(record)) continue;
        byId.delete(id);
        idByHash.delete(record.hash);
        forgotten++;
      }
      return forgotten;
    },
  };
}

/** An in-memory KeyStore: for local runs, embedding and tests; gone on restart (DESIGN §6). */
export function createMemoryKeyStore(): KeyStore {
  const { records, forget: _forget, update, ...store } = createMemoryCredentials<ApiKeyRecord>();
  const byId = (id: string): ApiKeyRecord | undefined => records().find((record) => record.id === id);
  return {
    ...store,
    list: async () => records(),
    listByUser: async (userId) => records().filter((record) => record.userId === userId),
    async setPlan(id, plan, requestsPerMinute) {
      if (!byId(id)) return false;
      update(id, (record) => {
        record.plan = plan;
        if (requestsPerMinute === undefined) delete record.requestsPerMinute;
        else record.requestsPerMinute = requestsPerMinute;
      });
      return true;
    },
  };
}

/** Options of the in-memory session store. */
export interface MemorySessionStoreOptions {
  /** The clock that tells which sessions have expired; the system clock by default. */
  clock?: Clock;
}

/**
 * An in-memory SessionStore, bounded by expiry: each new session first drops the expired ones
 * (sessions are issued rarely — by an operator, later by the dashboard's sign-in — so a pass over
 * all of them then costs little). Gone on restart (DESIGN §6).
 */
export function createMemorySessionStore(options: MemorySessionStoreOptions = {}): SessionStore {
  const clock = options.clock ?? { now: () => Date.now() };
  const { records, forget, update, ...store } = createMemoryCredentials<SessionRecord>();
  return {
    ...store,
    async revokeSubject(subject, at) {
      let revoked = 0;
      for (const session of records()) {
        if (session.subject !== subject || session.revokedAt !== null || Date.parse(session.expiresAt) <= Date.parse(at)) continue;
        update(session.id, (record) => {
          record.revokedAt = at;
        });
        revoked++;
      }
      return revoked;
    },
    async create(record) {
      const now = clock.now();
      forget((session) => Date.parse(session.expiresAt) <= now);
      await store.create(record);
    },
    async deleteExpired(at) {
      const cutoff = Date.parse(at);
      return forget((session) => Date.parse(session.expiresAt) <= cutoff);
    },
  };
}
