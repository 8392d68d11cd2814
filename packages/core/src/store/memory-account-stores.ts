/**
 * In-memory stores of the dashboard's accounts: users, invitations and settings. For local runs,
 * embedding and tests; gone on restart (DESIGN §6). Records go in and out as copies, so a caller
 * can never change a stored record by mutating an object it passed or got back. Every check and
 * write of one call happens without an await in between, which makes each call atomic here.
 */
import type { InvitationRecord, InvitationStore, SettingsStore, UserRecord, UserStore } from './types.ts';

/** An in-memory UserStore. */
export function createMemoryUserStore(): UserStore {
  const users = new Map<string, UserRecord>();
  const find = (predicate: (user: UserRecord) => boolean): UserRecord | null => {
    for (const user of users.values()) if (predicate(user)) return { ...user };
    return null;
  };
  const add = (record: UserRecord): void => {
    if (users.has(record.id)) throw new Error(`a user with id ${record.id} already exists`);
    if (find((user) => user.email === record.email)) throw new Error('a user with this e-mail already exists');
    if (record.oidcSubject !== null && find((user) => user.oidcSubject === record.oidcSubject)) throw new Error('a user with this OIDC identity already exists');
    users.set(record.id, { ...record });
  };
  return {
    async create(record) {
      add(record);
    },
    async createFirst(record) {
      if (users.size > 0) return false;
      add(record);
      return true;
    },
    get: async (id) => find((user) => user.id === id),
    findByEmail: async (email) => find((user) => user.email === email),
    findByOidcSubject: async (subject) => find((user) => user.oidcSubject === subject),
    list: async () => [...users.values()].map((user) => ({ ...user })).sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1)),
    count: async () => users.size,
    async update(id, patch) {
      const user = users.get(id);
      if (!user) return null;
      if (patch.oidcSubject !== undefined && patch.oidcSubject !== null && find((other) => other.id !== id && other.oidcSubject === patch.oidcSubject)) {
        throw new Error('a user with this OIDC identity already exists');
      }
      for (const [name, value] of Object.entries(patch)) if (value !== undefined) (user as unknown as Record<string, unknown>)[name] = value;
      return { ...user };
    },
    async ping() {},
  };
}

/** An in-memory InvitationStore. */
export function createMemoryInvitationStore(): InvitationStore {
  const invitations = new Map<string, InvitationRecord>();
  return {
    async create(record) {
      if (invitations.has(record.id)) throw new Error(`an invitation with id ${record.id} already exists`);
      for (const other of invitations.values()) if (other.hash === record.hash) throw new Error('an invitation with the same token hash already exists');
      invitations.set(record.id, { ...record });
    },
    async findByHash(hash) {
      for (const invitation of invitations.values()) if (invitation.hash === hash) return { ...invitation };
      return null;
    },
    list: async () =>
      [...invitations.values()]
        .map((invitation) => ({ ...invitation }))
        .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1)),
    async accept(id, at) {
      const invitation = invitations.get(id);
      if (!invitation || invitation.acceptedAt !== null || invitation.revokedAt !== null || Date.parse(invitation.expiresAt) <= Date.parse(at)) return false;
      invitation.acceptedAt = at;
      return true;
    },
    async revoke(id, at) {
      const invitation = invitations.get(id);
      if (!invitation || invitation.acceptedAt !== null) return false;
      invitation.revokedAt ??= at;
      return true;
    },
    async ping() {},
  };
}

/** An in-memory SettingsStore. */
export function createMemorySettingsStore(): SettingsStore {
  const settings = new Map<string, string>();
  return {
    get: async (name) => settings.get(name) ?? null,
    async set(name, value) {
      settings.set(name, value);
    },
    async ping() {},
  };
}
