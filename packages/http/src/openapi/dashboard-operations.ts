/**
 * The OpenAPI operations of the dashboard's API (issue #11): sign-in and the session, the user's
 * keys, usage and history, and the admin pages' users, invitations and settings. Declared apart
 * from the router like every operation; the document test checks both list the same routes.
 */
import type { JsonSchema } from '@valibot/to-json-schema';
import { SARIF_MEDIA_TYPE } from '../negotiate.ts';

type Ref = { $ref: string };
type Operations = Record<string, Record<string, Record<string, unknown>>>;

/** What the operations are built from: the document's own helpers. */
export interface OperationKit {
  json(schema: Ref | JsonSchema): Record<string, unknown>;
  schemaRef(name: string): Ref;
  problemRef(status: number): Ref;
  requestIdHeader: Record<string, unknown>;
  idParameter: Record<string, unknown>;
  scanIdParameter: Record<string, unknown>;
}

/** One operation: a summary, who may call it, an optional JSON body, its success answer and the problems it can answer. */
interface Spec {
  id: string;
  tag: 'account' | 'me' | 'admin';
  summary: string;
  description: string;
  security: Record<string, string[]>[];
  body?: string;
  success: [status: string, description: string, schema?: string];
  problems: readonly number[];
  parameters?: readonly Record<string, unknown>[];
  headers?: Record<string, unknown>;
}

/** Statuses every body-reading route adds. */
const BODY_PROBLEMS = [400, 408, 413, 415, 422] as const;

/** The dashboard's operations by path. */
export function dashboardOperations(kit: OperationKit, oidc: boolean): Operations {
  const session: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearer: [] }];
  const admin: Record<string, string[]>[] = [{ adminToken: [] }, { sessionCookie: [] }];
  const cookieHeader = {
    'Set-Cookie': { description: 'The session: secscan_session=ss_…; Path=/api; HttpOnly; SameSite=Lax (and Secure over HTTPS).', schema: { type: 'string' } },
  };
  const op = (spec: Spec): Record<string, unknown> => {
    const [status, description, schema] = spec.success;
    const responses: Record<string, unknown> = {
      [status]: { description, headers: { ...kit.requestIdHeader, ...spec.headers }, ...(schema ? { content: kit.json(kit.schemaRef(schema)) } : {}) },
    };
    for (const code of new Set([...(spec.body ? BODY_PROBLEMS : []), ...spec.problems, 500])) responses[String(code)] = kit.problemRef(code);
    return {
      operationId: spec.id,
      tags: [spec.tag],
      summary: spec.summary,
      description: spec.description,
      security: spec.security,
      ...(spec.parameters ? { parameters: spec.parameters } : {}),
      ...(spec.body ? { requestBody: { required: true, content: kit.json(kit.schemaRef(spec.body)) } } : {}),
      responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
    };
  };
  const cookieNote = ' With the session cookie, a state-changing request must be same-origin and carry X-CSRF-Token.';
  const userOnly = [400, 401, 403, 503] as const;
  const adminOnly = [400, 401, 403, 503] as const;
  const historyParameters = [
    { name: 'language', in: 'query', required: false, schema: { type: 'string' }, description: 'Only scans in this language (a canonical id).' },
    {
      name: 'severity',
      in: 'query',
      required: false,
      schema: { type: 'string', enum: ['critical', 'high', 'medium', 'low', 'info'] },
      description: 'Only scans with a finding of this severity.',
    },
    { name: 'before', in: 'query', required: false, schema: { type: 'string' }, description: 'The `next` cursor of the previous page.' },
    { name: 'limit', in: 'query', required: false, schema: { type: 'string', pattern: '^[0-9]{1,3}$' }, description: 'Scans per page, 1–100 (default 25).' },
  ];

  const paths: Operations = {
    '/api/auth/config': {
      get: op({
        id: 'authConfig',
        tag: 'account',
        summary: 'What the sign-in page offers',
        description: 'Public: the sign-up policy, whether this is a fresh install, the password length rule and the single sign-on provider.',
        security: [{}],
        success: ['200', 'The configuration.', 'AuthConfig'],
        problems: [400, 503],
      }),
    },
    '/api/auth/sign-up': {
      post: op({
        id: 'signUp',
        tag: 'account',
        summary: 'Create an account',
        description:
          'The first account of a fresh install becomes admin. After that: with an invitation token (for the same e-mail), or anyone while the policy is open. Answers the session in an HttpOnly cookie. Refused from other sites (403).',
        security: [{}],
        body: 'SignUpRequest',
        success: ['201', 'Signed up and signed in.', 'SessionInfo'],
        problems: [403, 409, 503],
        headers: cookieHeader,
      }),
    },
    '/api/auth/sign-in': {
      post: op({
        id: 'signIn',
        tag: 'account',
        summary: 'Sign in with e-mail and password',
        description:
          'Answers a fresh session in an HttpOnly cookie (the browser’s previous session is revoked). Wrong e-mail and wrong password answer the same 401 in the same time. Throttled per account and client address (10 per 15 minutes) and per client address (100 per hour): 429 with Retry-After, for that address only — nobody can lock an account out. A disabled account answers 403.',
        security: [{}],
        body: 'SignInRequest',
        success: ['200', 'Signed in.', 'SessionInfo'],
        problems: [401, 403, 429, 503],
        headers: cookieHeader,
      }),
    },
    '/api/auth/invitation': {
      post: op({
        id: 'invitationInfo',
        tag: 'account',
        summary: 'What an invitation link is for',
        description: 'Public. The token travels in the body, never in a URL a server logs.',
        security: [{}],
        body: 'InvitationLookupRequest',
        success: ['200', 'The invitation.', 'InvitationInfo'],
        problems: [404, 503],
      }),
    },
    '/api/auth/session': {
      get: op({
        id: 'currentSession',
        tag: 'account',
        summary: 'The current session and its CSRF token',
        description: 'Any session: the signed-in user (null for sessions made with the admin API), when it ends, and the X-CSRF-Token value.',
        security: session,
        success: ['200', 'The session.', 'SessionInfo'],
        problems: [400, 401, 403, 503],
      }),
    },
    '/api/auth/sign-out': {
      post: op({
        id: 'signOut',
        tag: 'account',
        summary: 'Sign out',
        description: `Revokes this session and clears the cookie.${cookieNote}`,
        security: session,
        success: ['204', 'Signed out.'],
        problems: [400, 401, 403, 503],
      }),
    },
    '/api/auth/sign-out-everywhere': {
      post: op({
        id: 'signOutEverywhere',
        tag: 'account',
        summary: 'Sign out everywhere',
        description: `Revokes every session of the user, this one included.${cookieNote}`,
        security: session,
        success: ['204', 'Every session revoked.'],
        problems: userOnly,
      }),
    },
    '/api/me/password': {
      post: op({
        id: 'changePassword',
        tag: 'me',
        summary: 'Change the password',
        description: `Checks the current password, applies the sign-up rules to the new one, revokes every session of the user and answers a fresh one.${cookieNote}`,
        security: session,
        body: 'ChangePasswordRequest',
        success: ['200', 'Changed; signed in again.', 'SessionInfo'],
        problems: userOnly,
        headers: cookieHeader,
      }),
    },
    '/api/me/keys': {
      get: op({
        id: 'listMyKeys',
        tag: 'me',
        summary: 'My API keys',
        description: 'The user’s keys, revoked ones included, oldest first; never a secret or a hash.',
        security: session,
        success: ['200', 'The keys.', 'DashboardKeyList'],
        problems: userOnly,
      }),
      post: op({
        id: 'createMyKey',
        tag: 'me',
        summary: 'Create an API key',
        description: `A key on the user’s plan (free for members unless an admin changed it), answered once with its secret.${cookieNote}`,
        security: session,
        body: 'CreateMyKeyRequest',
        success: ['201', 'The key and its secret (only here).', 'CreatedDashboardKey'],
        problems: userOnly,
      }),
    },
    '/api/me/keys/{id}': {
      delete: op({
        id: 'revokeMyKey',
        tag: 'me',
        summary: 'Revoke one of my keys',
        description: `Refused from the next request on. Another user’s key answers 404, as a missing one.${cookieNote}`,
        security: session,
        parameters: [kit.idParameter],
        success: ['204', 'Revoked.'],
        problems: [...userOnly, 404, 422],
      }),
    },
    '/api/me/usage': {
      get: op({
        id: 'myUsage',
        tag: 'me',
        summary: 'My usage',
        description: 'The current rate-limit window of the sessions and of each key (what the limiter holds), and scans and findings per day over 30 days.',
        security: session,
        success: ['200', 'The usage.', 'Usage'],
        problems: userOnly,
      }),
    },
    '/api/me/scans': {
      get: op({
        id: 'myScans',
        tag: 'me',
        summary: 'My scan history',
        description: 'Scans of all the user’s keys and sessions, newest first, in pages.',
        security: session,
        parameters: historyParameters,
        success: ['200', 'A page of scans.', 'ScanHistoryPage'],
        problems: [...userOnly, 422],
      }),
    },
    '/api/me/scans/{scanId}': {
      get: {
        ...op({
          id: 'myScan',
          tag: 'me',
          summary: 'One of my scans',
          description: 'With its code when the server keeps code (SECSCAN_STORE_CODE). Another user’s scan answers 404. Accept: application/sarif+json answers SARIF 2.1.0.',
          security: session,
          parameters: [kit.scanIdParameter],
          success: ['200', 'The scan.', 'ScanDetail'],
          problems: [...userOnly, 404, 422],
        }),
      },
    },
    '/api/admin/keys/{id}': {
      patch: op({
        id: 'updateKey',
        tag: 'admin',
        summary: 'Change a key’s plan',
        description: `Enterprise needs its agreed requestsPerMinute.${cookieNote}`,
        security: admin,
        parameters: [kit.idParameter],
        body: 'UpdateKeyRequest',
        success: ['200', 'The key.', 'DashboardKey'],
        problems: [...adminOnly, 404],
      }),
    },
    '/api/admin/users': {
      get: op({
        id: 'listUsers',
        tag: 'admin',
        summary: 'Users',
        description: 'Every dashboard user, oldest first.',
        security: admin,
        success: ['200', 'The users.', 'UserList'],
        problems: adminOnly,
      }),
    },
    '/api/admin/users/{id}': {
      patch: op({
        id: 'updateUser',
        tag: 'admin',
        summary: 'Change a user’s role, plan, or disable them',
        description: `A disabled user’s keys and sessions are refused from the next request on. A plan applies to the user’s keys, existing and new. The last active admin cannot be demoted or disabled (409).${cookieNote}`,
        security: admin,
        parameters: [kit.idParameter],
        body: 'UpdateUserRequest',
        success: ['200', 'The user.', 'User'],
        problems: [...adminOnly, 404, 409],
      }),
    },
    '/api/admin/invitations': {
      post: op({
        id: 'createInvitation',
        tag: 'admin',
        summary: 'Invite someone',
        description: `An invitation link for one e-mail address, valid for SECSCAN_INVITATION_TTL_HOURS, answered once.${cookieNote}`,
        security: admin,
        body: 'CreateInvitationRequest',
        success: ['201', 'The invitation and its link (only here).', 'CreatedInvitation'],
        problems: [...adminOnly, 409],
      }),
      get: op({
        id: 'listInvitations',
        tag: 'admin',
        summary: 'Invitations',
        description: 'Every invitation with its status, newest first; never a token.',
        security: admin,
        success: ['200', 'The invitations.', 'InvitationList'],
        problems: adminOnly,
      }),
    },
    '/api/admin/invitations/{id}': {
      delete: op({
        id: 'revokeInvitation',
        tag: 'admin',
        summary: 'Revoke an invitation',
        description: `Its link stops working.${cookieNote}`,
        security: admin,
        parameters: [kit.idParameter],
        success: ['204', 'Revoked.'],
        problems: [...adminOnly, 404, 422],
      }),
    },
    '/api/admin/settings': {
      get: op({
        id: 'settings',
        tag: 'admin',
        summary: 'Sign-up policy',
        description: 'The policy in force, and whether SECSCAN_SIGNUP_POLICY fixes it.',
        security: admin,
        success: ['200', 'The settings.', 'Settings'],
        problems: adminOnly,
      }),
      patch: op({
        id: 'updateSettings',
        tag: 'admin',
        summary: 'Change the sign-up policy',
        description: `409 when SECSCAN_SIGNUP_POLICY fixes it.${cookieNote}`,
        security: admin,
        body: 'UpdateSettingsRequest',
        success: ['200', 'The settings.', 'Settings'],
        problems: [...adminOnly, 409],
      }),
    },
  };
  const detail = paths['/api/me/scans/{scanId}']?.['get'] as { responses: Record<string, { content?: Record<string, unknown> }> };
  const ok = detail.responses['200'];
  if (ok?.content) ok.content[SARIF_MEDIA_TYPE] = { schema: kit.schemaRef('SarifLog') };
  if (oidc) {
    const redirect = (description: string) => ({
      '302': { description, headers: { ...kit.requestIdHeader, Location: { schema: { type: 'string' } } } },
      '400': kit.problemRef(400),
      '500': kit.problemRef(500),
    });
    paths['/api/auth/oidc/start'] = {
      get: {
        operationId: 'oidcStart',
        tags: ['account'],
        summary: 'Sign in with single sign-on',
        description: 'Redirects the browser to the OpenID provider (authorization code with PKCE).',
        security: [{}],
        responses: redirect('To the provider.'),
      },
    };
    paths['/api/auth/oidc/callback'] = {
      get: {
        operationId: 'oidcCallback',
        tags: ['account'],
        summary: 'Where the provider sends the browser back',
        description: 'Redeems the code, validates the ID token and signs in: to /dashboard/ with the session cookie, or to the sign-in page with #error=<reason>.',
        security: [{}],
        responses: redirect('To the dashboard, or back to the sign-in page.'),
      },
    };
  }
  return paths;
}
