/** How the dashboard's API shows users and keys: never a password, hash or secret. */
import { keyRequestsPerMinute, type ApiKeyRecord, type RateLimitSettings, type UserRecord } from '@secscan/core';

/** A user as answers show them. */
export function userView(user: UserRecord, limits: RateLimitSettings) {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    role: user.role,
    plan: user.plan,
    requestsPerMinute: keyRequestsPerMinute(user.plan, user.requestsPerMinute ?? undefined, limits),
    createdAt: user.createdAt,
    disabledAt: user.disabledAt,
    lastSignInAt: user.lastSignInAt,
    hasPassword: user.passwordHash !== null,
    singleSignOn: user.oidcSubject !== null,
  };
}

/** A key as the dashboard lists it. */
export function keyView(record: ApiKeyRecord, limits: RateLimitSettings) {
  return {
    id: record.id,
    name: record.name,
    plan: record.plan,
    requestsPerMinute: keyRequestsPerMinute(record.plan, record.requestsPerMinute, limits),
    createdAt: record.createdAt,
    lastUsedAt: record.lastUsedAt,
    revokedAt: record.revokedAt,
    prefix: record.prefix ?? 'sk_live_',
    userId: record.userId ?? null,
  };
}
