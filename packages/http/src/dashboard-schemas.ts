/**
 * The valibot schemas of the dashboard's API (issue #11): accounts, sign-in, the user's keys, usage
 * and history, and the admin pages. Like schemas.ts, they validate requests and generate OpenAPI.
 */
import { LANGUAGES, MAX_EMAIL_LENGTH, PASSWORD_MAX_LENGTH, PLANS, SEVERITIES, SIGN_UP_POLICIES } from '@secscan/core';
import * as v from 'valibot';
import { apiKeySchema, isoTime, labelSchema, objectMessage, planSchema, requestsPerMinuteSchema, storedScanResponseSchema, summarySchema, wellFormed } from './schemas.ts';

const ROLES = ['admin', 'member'] as const;
/** Longest token accepted in a body (ours are about 55 characters). */
const MAX_TOKEN_LENGTH = 512;

const emailSchema = v.pipe(
  v.string('email must be a string'),
  v.minLength(3, 'email must be an e-mail address'),
  v.maxLength(MAX_EMAIL_LENGTH, `email must be at most ${MAX_EMAIL_LENGTH} characters`),
  // PostgreSQL would store a lone surrogate as U+FFFD: two addresses differing only there would be one account (issue #12).
  wellFormed('email'),
  v.description('An e-mail address; compared case-insensitively.'),
  v.examples(['ada@example.com']),
);

const passwordSchema = (field: string, description: string) =>
  v.pipe(
    v.string(`${field} must be a string`),
    v.minLength(1, `${field} must not be empty`),
    // Generous: the length rule itself (SECSCAN_PASSWORD_MIN_LENGTH, at most PASSWORD_MAX_LENGTH characters) answers 422 with a reason.
    v.maxLength(PASSWORD_MAX_LENGTH * 4, `${field} is too long`),
    // Hashed as UTF-8, where every lone surrogate becomes U+FFFD: passwords differing only there would match.
    wellFormed(field),
    v.description(description),
  );

const tokenField = (field: string, description: string) =>
  v.pipe(
    v.string(`${field} must be a string`),
    v.minLength(1, `${field} must not be empty`),
    v.maxLength(MAX_TOKEN_LENGTH, `${field} is too long`),
    wellFormed(field),
    v.description(description),
  );

/** Body of POST /api/auth/sign-up. */
export const signUpRequestSchema = v.pipe(
  v.strictObject(
    {
      email: emailSchema,
      displayName: labelSchema('displayName', 'The name others see in the admin pages.', 'Ada Lovelace'),
      password: passwordSchema(
        'password',
        'At least SECSCAN_PASSWORD_MIN_LENGTH characters (15 by default), no composition rules; common passwords and ones built from the e-mail or name are refused (NIST SP 800-63B).',
      ),
      invitation: v.optional(tokenField('invitation', 'The token of an invitation link (the part after #invitation=).')),
    },
    objectMessage(['email', 'displayName', 'password', 'invitation']),
  ),
  v.title('SignUpRequest'),
);

/** Body of POST /api/auth/sign-in. */
export const signInRequestSchema = v.pipe(
  v.strictObject({ email: emailSchema, password: passwordSchema('password', 'The account’s password.') }, objectMessage(['email', 'password'])),
  v.title('SignInRequest'),
);

/** Body of POST /api/auth/invitation. */
export const invitationLookupRequestSchema = v.pipe(
  v.strictObject({ token: tokenField('token', 'The token of an invitation link.') }, objectMessage(['token'])),
  v.title('InvitationLookupRequest'),
);

/** Body of POST /api/me/password. */
export const changePasswordRequestSchema = v.pipe(
  v.strictObject(
    { currentPassword: passwordSchema('currentPassword', 'The password now.'), newPassword: passwordSchema('newPassword', 'The new password (same rules as at sign-up).') },
    objectMessage(['currentPassword', 'newPassword']),
  ),
  v.title('ChangePasswordRequest'),
);

/** Body of POST /api/me/keys. */
export const createMyKeyRequestSchema = v.pipe(
  v.strictObject({ name: labelSchema('name', 'A label for people (what the key is for); not secret, not unique.', 'CI pipeline') }, objectMessage(['name'])),
  v.title('CreateMyKeyRequest'),
);

/** A dashboard user as the API shows them: never a password or its hash. */
export const userSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.uuid()),
    email: v.string(),
    displayName: v.string(),
    role: v.picklist(ROLES),
    plan: v.picklist(PLANS),
    requestsPerMinute: v.pipe(v.number(), v.integer(), v.minValue(1), v.description('Per-minute limit of the user’s keys on their plan.')),
    createdAt: isoTime('When the account was made.'),
    disabledAt: v.pipe(v.nullable(v.pipe(v.string(), v.isoTimestamp())), v.description('Set while the account is disabled; its keys and sessions are refused.')),
    lastSignInAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
    hasPassword: v.pipe(v.boolean(), v.description('False for accounts that only sign in with single sign-on.')),
    singleSignOn: v.pipe(v.boolean(), v.description('Whether an OIDC identity is linked.')),
  }),
  v.description('A dashboard user.'),
);

/** Answer of sign-up, sign-in and GET /api/auth/session. */
export const sessionInfoSchema = v.pipe(
  v.object({
    user: v.pipe(v.nullable(userSchema), v.description('The signed-in user; null for a session made with the admin API.')),
    session: v.object({ id: v.pipe(v.string(), v.uuid()), expiresAt: isoTime('When the session ends.') }),
    csrfToken: v.pipe(v.string(), v.description('Send it as X-CSRF-Token on every state-changing request authenticated by the session cookie.')),
  }),
  v.description('The current session. The token itself travels only in the HttpOnly cookie.'),
);

/** Answer of GET /api/auth/config: what the sign-in page offers. */
export const authConfigSchema = v.object({
  signUp: v.pipe(v.picklist(SIGN_UP_POLICIES), v.description('Who may sign up: open (anyone), invite (invitation links), closed (nobody).')),
  firstUser: v.pipe(v.boolean(), v.description('True on a fresh install: the first to sign up becomes admin, whatever the policy.')),
  passwordMinLength: v.pipe(v.number(), v.integer()),
  singleSignOn: v.pipe(v.nullable(v.object({ name: v.string() })), v.description('The OIDC provider to offer, or null.')),
});

/** Answer of POST /api/auth/invitation. */
export const invitationInfoSchema = v.object({ email: v.string(), role: v.picklist(ROLES), expiresAt: isoTime('When the link stops working.') });

/** A key as the dashboard lists it: the admin API's fields and its owner. */
export const dashboardKeySchema = v.pipe(
  v.object({
    ...apiKeySchema.entries,
    prefix: v.pipe(v.string(), v.description('The key’s first characters, to tell keys apart (sk_live_ and 4 more).')),
    userId: v.pipe(v.nullable(v.pipe(v.string(), v.uuid())), v.description('The owner; null for keys made with the admin token.')),
  }),
  v.description('An API key, without its secret.'),
);

/** Answer of GET /api/me/keys and GET /api/admin/keys. */
export const dashboardKeyListSchema = v.object({ keys: v.array(dashboardKeySchema) });

/** The state of one rate-limit window now. */
const windowStateSchema = v.object({
  policy: v.pipe(v.string(), v.description('As RateLimit-Policy names it.')),
  limit: v.pipe(v.number(), v.integer()),
  used: v.pipe(v.number(), v.integer()),
  remaining: v.pipe(v.number(), v.integer()),
  resetSeconds: v.pipe(v.number(), v.integer(), v.description('Seconds until the window resets.')),
});

/** Answer of GET /api/me/usage. */
export const usageSchema = v.pipe(
  v.object({
    session: v.pipe(windowStateSchema, v.description('The current window of the user’s sessions (shared by all of them).')),
    keys: v.array(v.object({ id: v.pipe(v.string(), v.uuid()), name: v.string(), plan: v.picklist(PLANS), window: windowStateSchema })),
    days: v.pipe(
      v.array(v.object({ day: v.pipe(v.string(), v.isoDate()), scans: v.pipe(v.number(), v.integer()), findings: v.omit(summarySchema, ['total']) })),
      v.description('The last 30 UTC days, oldest first, each with its scans and findings by severity (days without scans included, as zeros).'),
    ),
    totals: v.object({ scans: v.pipe(v.number(), v.integer()), findings: v.omit(summarySchema, ['total']) }),
  }),
  v.description('What the user’s keys and sessions used.'),
);

/** One scan of a history listing. */
export const scanHistoryItemSchema = v.object({
  scanId: v.pipe(v.string(), v.uuid()),
  createdAt: isoTime('When the scan was made.'),
  language: v.picklist(LANGUAGES),
  filename: v.optional(v.string()),
  codeBytes: v.pipe(v.number(), v.integer()),
  summary: summarySchema,
  truncated: v.boolean(),
  source: v.pipe(
    v.object({ kind: v.picklist(['session', 'key']), keyId: v.optional(v.string()), keyName: v.optional(v.string()) }),
    v.description('Which of the user’s credentials made it.'),
  ),
});

/** Answer of GET /api/me/scans. */
export const scanHistoryPageSchema = v.object({
  scans: v.array(scanHistoryItemSchema),
  next: v.pipe(v.nullable(v.string()), v.description('Pass as `before` for the next page; null on the last.')),
});

/** Answer of GET /api/me/scans/{scanId}: the stored scan, and the code when the server keeps it. */
export const scanDetailSchema = v.pipe(
  v.object({
    ...storedScanResponseSchema.entries,
    code: v.pipe(v.nullable(v.string()), v.description('The submitted code when the server keeps it (SECSCAN_STORE_CODE=true), else null.')),
  }),
  v.description('One of the user’s scans, with its code when kept.'),
);

/** Query of GET /api/me/scans. */
export const scanHistoryQuerySchema = v.strictObject(
  {
    language: v.optional(v.picklist(LANGUAGES, `language must be one of ${LANGUAGES.join(', ')}`)),
    severity: v.optional(v.picklist(SEVERITIES, `severity must be one of ${SEVERITIES.join(', ')}`)),
    before: v.optional(v.pipe(v.string(), v.maxLength(100, 'before is not a cursor of this listing'))),
    limit: v.optional(v.pipe(v.string(), v.digits('limit must be a whole number'), v.maxLength(3, 'limit must be 1 to 100'))),
  },
  objectMessage(['language', 'severity', 'before', 'limit']),
);

/** Body of PATCH /api/admin/users/{id}. */
export const updateUserRequestSchema = v.pipe(
  v.strictObject(
    {
      role: v.optional(v.picklist(ROLES, 'role must be admin or member')),
      disabled: v.optional(v.pipe(v.boolean('disabled must be true or false'), v.description('Disabling refuses the user’s keys and sessions from the next request on.'))),
      plan: v.optional(v.pipe(planSchema, v.description('The plan of the user’s keys, existing and new.'))),
      requestsPerMinute: v.optional(v.pipe(requestsPerMinuteSchema, v.description('With plan enterprise: the agreed per-minute limit.'))),
    },
    objectMessage(['role', 'disabled', 'plan', 'requestsPerMinute']),
  ),
  v.title('UpdateUserRequest'),
);

/** Answer of GET /api/admin/users. */
export const userListSchema = v.object({ users: v.array(userSchema) });

/** Body of PATCH /api/admin/keys/{id}. */
export const updateKeyRequestSchema = v.pipe(
  v.strictObject(
    { plan: planSchema, requestsPerMinute: v.optional(v.pipe(requestsPerMinuteSchema, v.description('Required with enterprise, refused otherwise.'))) },
    objectMessage(['plan', 'requestsPerMinute']),
  ),
  v.title('UpdateKeyRequest'),
);

/** Body of POST /api/admin/invitations. */
export const createInvitationRequestSchema = v.pipe(
  v.strictObject({ email: emailSchema, role: v.optional(v.picklist(ROLES, 'role must be admin or member'), 'member') }, objectMessage(['email', 'role'])),
  v.title('CreateInvitationRequest'),
);

/** An invitation as listed: never its token. */
export const invitationSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  email: v.string(),
  role: v.picklist(ROLES),
  createdAt: isoTime('When it was made.'),
  expiresAt: isoTime('When the link stops working.'),
  status: v.picklist(['open', 'accepted', 'revoked', 'expired']),
});

/** Answer of POST /api/admin/invitations: the only time the link is shown. */
export const createdInvitationSchema = v.object({
  ...invitationSchema.entries,
  token: v.pipe(v.string(), v.description('The invitation token (si_…). Shown once; only its SHA-256 is stored.')),
  path: v.pipe(v.string(), v.description('The link to hand over, relative to this server: /dashboard/sign-up#invitation=<token>.')),
});

/** Answer of GET /api/admin/invitations. */
export const invitationListSchema = v.object({ invitations: v.array(invitationSchema) });

/** Answer of GET /api/admin/settings. */
export const settingsSchema = v.object({
  signUpPolicy: v.picklist(SIGN_UP_POLICIES),
  signUpPolicyLocked: v.pipe(v.boolean(), v.description('True when SECSCAN_SIGNUP_POLICY fixes the policy; it cannot be changed here then.')),
});

/** Body of PATCH /api/admin/settings. */
export const updateSettingsRequestSchema = v.pipe(
  v.strictObject({ signUpPolicy: v.picklist(SIGN_UP_POLICIES, `signUpPolicy must be one of ${SIGN_UP_POLICIES.join(', ')}`) }, objectMessage(['signUpPolicy'])),
  v.title('UpdateSettingsRequest'),
);
