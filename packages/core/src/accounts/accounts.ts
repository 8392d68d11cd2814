/**
 * Dashboard accounts (issue #11): sign-up under a policy, password and OIDC sign-in, invitations,
 * and the session a sign-in issues — the spec's session token (`ss_…`), whose subject is
 * `user:<id>`. Runtime-free: the stores, clock and ids come in through `AccountDeps`.
 */
import { sha256Hex } from '../auth/hash.ts';
import { issueSession, type IssueContext, type IssuedSession } from '../auth/issue.ts';
import type { Clock } from '../clock.ts';
import type { RateLimitOutcome, Role, Stores, UserRecord } from '../store/types.ts';
import { INVITATION_TOKEN_PREFIX, mintToken } from '../tokens/checksum.ts';
import { isPlausibleEmail, normalizeEmail } from './email.ts';
import { hashPassword, needsRehash, OWASP_ARGON2ID, verifyPassword, type Argon2Parameters } from './password-hash.ts';
import { passwordProblem } from './password-policy.ts';
import { countSignInAttempt } from './sign-in-throttle.ts';

/** Who may sign up once the first user exists: anyone, only holders of an invitation, or nobody. */
export type SignUpPolicy = 'open' | 'invite' | 'closed';
/** Every sign-up policy. */
export const SIGN_UP_POLICIES: readonly SignUpPolicy[] = ['open', 'invite', 'closed'];
/** The policy of a fresh install until an admin or SECSCAN_SIGNUP_POLICY says otherwise: invitations only. */
export const DEFAULT_SIGN_UP_POLICY: SignUpPolicy = 'invite';
/** The settings-store name of the policy an admin chose. */
export const SIGN_UP_POLICY_SETTING = 'signUpPolicy';

/** What the account functions work with. */
export interface AccountDeps {
  stores: Stores;
  clock: Clock;
  newId: () => string;
}

/** The account rules a server runs with. */
export interface AccountSettings {
  passwordMinLength: number;
  sessionTtlSeconds: number;
  invitationTtlSeconds: number;
  /** The policy the operator set (SECSCAN_SIGNUP_POLICY); null lets admins choose it in the dashboard. */
  configuredSignUpPolicy: SignUpPolicy | null;
  /** Argon2id cost; OWASP's recommendation unless a test lowers it. */
  kdf?: Argon2Parameters;
}

/** The subject of a user's sessions (and the owner of their session scans: `session:user:<id>`). */
export function userSubject(userId: string): string {
  return `user:${userId}`;
}

/** The user id of a session subject, or null for a subject that is not a user's (admin API sessions). */
export function userIdOfSubject(subject: string): string | null {
  return subject.startsWith('user:') ? subject.slice(5) : null;
}

/** Every scan owner of a user: their sessions and each of their keys, revoked ones included (history outlives a key). */
export async function userScanOwners(stores: Stores, userId: string): Promise<string[]> {
  const keys = await stores.keys.listByUser(userId);
  return [`session:${userSubject(userId)}`, ...keys.map((key) => `key:${key.id}`)];
}

/** The sign-up policy in force: the operator's, else the one an admin chose, else the default. */
export async function currentSignUpPolicy(stores: Stores, settings: AccountSettings): Promise<SignUpPolicy> {
  if (settings.configuredSignUpPolicy !== null) return settings.configuredSignUpPolicy;
  const stored = await stores.settings.get(SIGN_UP_POLICY_SETTING);
  return (SIGN_UP_POLICIES as readonly string[]).includes(stored ?? '') ? (stored as SignUpPolicy) : DEFAULT_SIGN_UP_POLICY;
}

/**
 * A fixed Argon2id hash of nobody's password, with the parameters new hashes get: unknown e-mails
 * are verified against it, so they cost the same time as known ones.
 */
function nobodysHash(kdf: Argon2Parameters = OWASP_ARGON2ID): string {
  return `$argon2id$v=19$m=${kdf.memoryKiB},t=${kdf.iterations},p=${kdf.parallelism}$c2VjcmV0LXNjYW4tbm9ib2R5$0qDdtrtHT2CJrX1Tc3ndM7JThUwm6hJMTKQCdJbNVJo`;
}

function newUser(deps: AccountDeps, fields: Pick<UserRecord, 'email' | 'displayName' | 'role' | 'passwordHash' | 'oidcSubject'>): UserRecord {
  return { id: deps.newId(), ...fields, plan: 'free', requestsPerMinute: null, createdAt: new Date(deps.clock.now()).toISOString(), disabledAt: null, lastSignInAt: null };
}

/** Issues the session of a signed-in user and records the sign-in. */
export async function startUserSession(deps: AccountDeps, settings: AccountSettings, user: UserRecord): Promise<IssuedSession> {
  const context: IssueContext = { clock: deps.clock, newId: deps.newId };
  const issued = await issueSession(deps.stores.sessions, { subject: userSubject(user.id), ttlSeconds: settings.sessionTtlSeconds }, context);
  await deps.stores.users.update(user.id, { lastSignInAt: issued.record.createdAt });
  return issued;
}

/** What sign-up is given. */
export interface SignUpInput {
  email: string;
  displayName: string;
  password: string;
  /** The token of an invitation link, when signing up through one. */
  invitation?: string;
}

/** Why sign-up refused. */
export type SignUpRefusal =
  | { reason: 'invalid_email' }
  | { reason: 'weak_password'; detail: string }
  | { reason: 'closed'; policy: SignUpPolicy }
  | { reason: 'invitation_invalid' }
  | { reason: 'invitation_email_mismatch' }
  | { reason: 'email_taken' };

/** The outcome of sign-up: the new user and their first session, or why not. */
export type SignUpResult = { ok: true; user: UserRecord; session: IssuedSession } | ({ ok: false } & SignUpRefusal);

/** A valid, open invitation for this token, or null. */
async function openInvitation(deps: AccountDeps, token: string) {
  const invitation = await deps.stores.invitations.findByHash(await sha256Hex(token));
  if (!invitation || invitation.acceptedAt !== null || invitation.revokedAt !== null || Date.parse(invitation.expiresAt) <= deps.clock.now()) return null;
  return invitation;
}

/** Whether an error is a store's refusal of a duplicate (the e-mail was taken meanwhile). */
async function createOrTaken(deps: AccountDeps, user: UserRecord): Promise<boolean> {
  try {
    await deps.stores.users.create(user);
    return true;
  } catch (error) {
    if (await deps.stores.users.findByEmail(user.email)) return false;
    throw error;
  }
}

/**
 * Signs a new user up: the first user of a fresh install becomes admin whatever the policy; after
 * that an invitation (for the same e-mail) admits with its role, and `open` admits anyone as member.
 */
export async function signUp(deps: AccountDeps, settings: AccountSettings, input: SignUpInput): Promise<SignUpResult> {
  const email = normalizeEmail(input.email);
  if (!isPlausibleEmail(email)) return { ok: false, reason: 'invalid_email' };
  const { users, invitations } = deps.stores;

  let role: Role | null = null;
  let invitationId: string | null = null;
  if ((await users.count()) > 0) {
    if (input.invitation !== undefined) {
      const invitation = await openInvitation(deps, input.invitation);
      if (!invitation) return { ok: false, reason: 'invitation_invalid' };
      if (invitation.email !== email) return { ok: false, reason: 'invitation_email_mismatch' };
      role = invitation.role;
      invitationId = invitation.id;
    } else {
      const policy = await currentSignUpPolicy(deps.stores, settings);
      if (policy !== 'open') return { ok: false, reason: 'closed', policy };
      role = 'member';
    }
    if (await users.findByEmail(email)) return { ok: false, reason: 'email_taken' };
  }
  // Only for someone who may sign up: the policy speaks first.
  const weak = passwordProblem(input.password, { minLength: settings.passwordMinLength, words: [email, input.displayName] });
  if (weak !== null) return { ok: false, reason: 'weak_password', detail: weak };

  const passwordHash = await hashPassword(input.password, settings.kdf);
  const displayName = input.displayName.trim();
  if (role === null) {
    const first = newUser(deps, { email, displayName, role: 'admin', passwordHash, oidcSubject: null });
    if (await users.createFirst(first)) return { ok: true, user: first, session: await startUserSession(deps, settings, first) };
    // Someone else was first a moment ago: this sign-up falls under the policy like any other.
    return signUp(deps, settings, input);
  }
  // Used once: the invitation is taken before the account is made, so two sign-ups cannot share it.
  if (invitationId !== null && !(await invitations.accept(invitationId, new Date(deps.clock.now()).toISOString()))) return { ok: false, reason: 'invitation_invalid' };
  const user = newUser(deps, { email, displayName, role, passwordHash, oidcSubject: null });
  if (!(await createOrTaken(deps, user))) return { ok: false, reason: 'email_taken' };
  return { ok: true, user, session: await startUserSession(deps, settings, user) };
}

/** The outcome of a password sign-in. */
export type SignInResult =
  | { ok: true; user: UserRecord; session: IssuedSession }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'disabled' }
  | { ok: false; reason: 'throttled'; outcome: RateLimitOutcome };

/**
 * Signs in with e-mail and password. The attempt is counted first (sign-in-throttle.ts); then the
 * password is verified against the user's hash — or, for an unknown e-mail or an OIDC-only user,
 * against a fixed hash of the same cost — so every wrong answer takes the same time and says the
 * same thing. A correct password for a disabled account is told apart: only its owner can see that.
 */
export async function signInWithPassword(deps: AccountDeps, settings: AccountSettings, input: { email: string; password: string; client: string }): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  const throttled = await countSignInAttempt(deps.stores.signInThrottles, email, input.client);
  if (throttled) return { ok: false, reason: 'throttled', outcome: throttled };
  const user = await deps.stores.users.findByEmail(email);
  const stored = user?.passwordHash ?? null;
  const matches = await verifyPassword(input.password, stored ?? nobodysHash(settings.kdf));
  if (!user || stored === null || !matches) return { ok: false, reason: 'invalid' };
  if (user.disabledAt !== null) return { ok: false, reason: 'disabled' };
  if (needsRehash(stored, settings.kdf)) await deps.stores.users.update(user.id, { passwordHash: await hashPassword(input.password, settings.kdf) });
  return { ok: true, user, session: await startUserSession(deps, settings, user) };
}

/** The outcome of a password change. */
export type PasswordChangeResult = { ok: true } | { ok: false; reason: 'wrong_password' } | { ok: false; reason: 'weak_password'; detail: string };

/** Changes a user's password after checking the current one; the caller then revokes their other sessions. */
export async function changePassword(
  deps: AccountDeps,
  settings: AccountSettings,
  user: UserRecord,
  input: { currentPassword: string; newPassword: string },
): Promise<PasswordChangeResult> {
  if (!(await verifyPassword(input.currentPassword, user.passwordHash ?? nobodysHash(settings.kdf))) || user.passwordHash === null) return { ok: false, reason: 'wrong_password' };
  const weak = passwordProblem(input.newPassword, { minLength: settings.passwordMinLength, words: [user.email, user.displayName] });
  if (weak !== null) return { ok: false, reason: 'weak_password', detail: weak };
  await deps.stores.users.update(user.id, { passwordHash: await hashPassword(input.newPassword, settings.kdf) });
  return { ok: true };
}

/** A new invitation: its record and the token, which exists nowhere else (only its SHA-256 is stored). */
export async function createInvitation(deps: AccountDeps, settings: AccountSettings, input: { email: string; role: Role; createdBy: string | null }) {
  const email = normalizeEmail(input.email);
  if (!isPlausibleEmail(email)) return { ok: false as const, reason: 'invalid_email' as const };
  if (await deps.stores.users.findByEmail(email)) return { ok: false as const, reason: 'email_taken' as const };
  const token = mintToken(INVITATION_TOKEN_PREFIX);
  const now = deps.clock.now();
  const record = {
    id: deps.newId(),
    hash: await sha256Hex(token),
    email,
    role: input.role,
    createdBy: input.createdBy,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + settings.invitationTtlSeconds * 1000).toISOString(),
    acceptedAt: null,
    revokedAt: null,
  };
  await deps.stores.invitations.create(record);
  return { ok: true as const, record, token };
}

/** What an invitation link shows before sign-up: for whom, as what, until when; null when it cannot be used. */
export async function describeInvitation(deps: AccountDeps, token: string): Promise<{ email: string; role: Role; expiresAt: string } | null> {
  const invitation = await openInvitation(deps, token);
  return invitation && { email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt };
}

/** An identity an OpenID provider vouched for (from a verified ID token). */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** The outcome of an OIDC sign-in. */
export type OidcSignInResult = { ok: true; user: UserRecord; session: IssuedSession; created: boolean } | { ok: false; reason: 'disabled' | 'not_allowed' | 'no_email' };

/**
 * Signs in with an OIDC identity: the user linked to it; else the user with the same e-mail when
 * the provider verified that address (the identity is linked then); else a new account — the first
 * user becomes admin; later ones are created when `autoCreate` says the provider's users may have
 * accounts, or the sign-up policy is open.
 */
export async function signInWithOidc(deps: AccountDeps, settings: AccountSettings, identity: OidcIdentity, autoCreate: boolean): Promise<OidcSignInResult> {
  const { users } = deps.stores;
  const oidcSubject = `${identity.issuer} ${identity.subject}`;
  const email = identity.email === null ? null : normalizeEmail(identity.email);
  let user = await users.findByOidcSubject(oidcSubject);
  let created = false;
  if (!user && email !== null && identity.emailVerified) {
    const existing = await users.findByEmail(email);
    if (existing && existing.oidcSubject === null) user = await users.update(existing.id, { oidcSubject });
  }
  if (!user) {
    if (email === null || !isPlausibleEmail(email)) return { ok: false, reason: 'no_email' };
    const fields = { email, displayName: identity.name?.trim() || email.split('@')[0] || email, passwordHash: null, oidcSubject };
    const first = newUser(deps, { ...fields, role: 'admin' });
    if (await users.createFirst(first)) user = first;
    else {
      if (!autoCreate && (await currentSignUpPolicy(deps.stores, settings)) !== 'open') return { ok: false, reason: 'not_allowed' };
      if (await users.findByEmail(email)) return { ok: false, reason: 'not_allowed' };
      const member = newUser(deps, { ...fields, role: 'member' });
      if (!(await createOrTaken(deps, member))) return { ok: false, reason: 'not_allowed' };
      user = member;
    }
    created = true;
  }
  if (user.disabledAt !== null) return { ok: false, reason: 'disabled' };
  return { ok: true, user, session: await startUserSession(deps, settings, user), created };
}
