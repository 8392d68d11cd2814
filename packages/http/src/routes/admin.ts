/**
 * The admin API (issues #4 and #11): API keys (create, list, change plan, revoke), sessions (create,
 * revoke), and the dashboard's users (list, change role or plan, disable), invitations and sign-up
 * policy. Only the admin token or an admin user's session reaches these handlers (auth/guard.ts). A
 * secret is in exactly one response, the one that creates it; listings never carry a secret or a hash.
 */
import {
  createInvitation,
  currentSignUpPolicy,
  issueApiKey,
  issueSession,
  SIGN_UP_POLICY_SETTING,
  type AccountDeps,
  type CredentialStore,
  type InvitationRecord,
  type UserPatch,
} from '@secscan/core';
import { createInvitationRequestSchema, updateKeyRequestSchema, updateSettingsRequestSchema, updateUserRequestSchema } from '../dashboard-schemas.ts';
import { accountSettings } from './accounts.ts';
import { keyView, userView } from './views.ts';
import { respond, respondJson, type Handler } from '../context.ts';
import type { AccessConfig, AppDeps } from '../deps.ts';
import { problem } from '../problem.ts';
import { createKeyRequestSchema, createSessionRequestSchema } from '../schemas.ts';
import { readJsonBody } from '../validate/json-body.ts';
import { idParameter, storeDown } from './params.ts';

/** Largest admin request body: the bodies are a few short fields. */
export const ADMIN_MAX_BODY_BYTES = 16 * 1024;

/** The admin API's handlers. */
export interface AdminHandlers {
  createKey: Handler;
  listKeys: Handler;
  revokeKey: Handler;
  createSession: Handler;
  revokeSession: Handler;
  updateKey: Handler;
  listUsers: Handler;
  updateUser: Handler;
  createInvitation: Handler;
  listInvitations: Handler;
  revokeInvitation: Handler;
  settings: Handler;
  updateSettings: Handler;
}

/** An invitation as listed: its state instead of its times, never its token or hash. */
function invitationView(record: InvitationRecord, now: number) {
  const status = record.acceptedAt !== null ? 'accepted' : record.revokedAt !== null ? 'revoked' : Date.parse(record.expiresAt) <= now ? 'expired' : 'open';
  return { id: record.id, email: record.email, role: record.role, createdAt: record.createdAt, expiresAt: record.expiresAt, status };
}

/** The enterprise rule of plans: its own per-minute limit, and only for it; null when the pair is fine. */
function planProblem(plan: string | undefined, requestsPerMinute: number | undefined): string | null {
  if (plan === undefined) return requestsPerMinute === undefined ? null : 'requestsPerMinute goes with plan enterprise';
  if ((plan === 'enterprise') === (requestsPerMinute !== undefined)) return null;
  return plan === 'enterprise' ? 'the enterprise plan needs its own requestsPerMinute' : `the ${plan} plan has its plan's limit; requestsPerMinute is only for enterprise`;
}

/** Builds the handlers of the admin API. */
export function createAdminHandlers(deps: AppDeps, access: AccessConfig, now: () => number, newId: () => string): AdminHandlers {
  const { keys, sessions, users, invitations, settings: settingsStore } = deps.stores;
  const context = { clock: { now }, newId };
  const accountDeps: AccountDeps = { stores: deps.stores, clock: { now }, newId };
  const settings = accountSettings(access);
  const at = (): string => new Date(now()).toISOString();

  /** DELETE …/{id}: revokes (idempotently: the first revocation time is kept); 404 for an unknown id. */
  const revoker =
    (store: CredentialStore<{ id: string; hash: string }>, noun: 'key' | 'session'): Handler =>
    async (request, ctx) => {
      const param = idParameter(request, ctx);
      if (!param.ok) return param.response;
      let found;
      try {
        found = await store.revoke(param.id, at());
      } catch {
        return storeDown(ctx, 'credential');
      }
      return found ? respond(ctx, 204, null, { 'cache-control': 'no-store' }) : problem(ctx, 'not_found', `There is no ${noun} with this id.`);
    };

  return {
    async createKey(request, ctx) {
      const body = await readJsonBody(request, ctx, ADMIN_MAX_BODY_BYTES, createKeyRequestSchema, 'CreateKeyRequest');
      if (!body.ok) return body.response;
      const { name, plan, requestsPerMinute } = body.value;
      if ((plan === 'enterprise') !== (requestsPerMinute !== undefined)) {
        const detail =
          plan === 'enterprise' ? 'an enterprise key needs its own requestsPerMinute' : `a ${plan} key has its plan's limit; requestsPerMinute is only for enterprise keys`;
        return problem(ctx, 'validation_failed', 'The request body does not match the CreateKeyRequest schema.', { errors: [{ pointer: '#/requestsPerMinute', detail }] });
      }
      let issued;
      try {
        issued = await issueApiKey(keys, { name, plan, ...(requestsPerMinute !== undefined ? { requestsPerMinute } : {}) }, context);
      } catch {
        return storeDown(ctx, 'credential');
      }
      const { id, createdAt } = issued.record;
      const shown = keyView(issued.record, access.limits);
      return respondJson(ctx, 201, { id, key: issued.key, name: shown.name, plan: shown.plan, requestsPerMinute: shown.requestsPerMinute, createdAt });
    },

    async listKeys(_request, ctx) {
      let records;
      try {
        records = await keys.list();
      } catch {
        return storeDown(ctx, 'credential');
      }
      return respondJson(ctx, 200, { keys: records.map((record) => keyView(record, access.limits)) });
    },

    revokeKey: revoker(keys, 'key'),

    async createSession(request, ctx) {
      const body = await readJsonBody(request, ctx, ADMIN_MAX_BODY_BYTES, createSessionRequestSchema, 'CreateSessionRequest');
      if (!body.ok) return body.response;
      let issued;
      try {
        issued = await issueSession(sessions, { subject: body.value.subject, ttlSeconds: body.value.ttlSeconds ?? access.sessionTtlSeconds }, context);
      } catch {
        return storeDown(ctx, 'credential');
      }
      const { id, subject, expiresAt } = issued.record;
      return respondJson(ctx, 201, { id, token: issued.token, subject, expiresAt });
    },

    revokeSession: revoker(sessions, 'session'),

    async updateKey(request, ctx) {
      const param = idParameter(request, ctx);
      if (!param.ok) return param.response;
      const body = await readJsonBody(request, ctx, ADMIN_MAX_BODY_BYTES, updateKeyRequestSchema, 'UpdateKeyRequest');
      if (!body.ok) return body.response;
      const { plan, requestsPerMinute } = body.value;
      const wrong = planProblem(plan, requestsPerMinute);
      if (wrong)
        return problem(ctx, 'validation_failed', 'The request body does not match the UpdateKeyRequest schema.', { errors: [{ pointer: '#/requestsPerMinute', detail: wrong }] });
      try {
        if (!(await keys.setPlan(param.id, plan, requestsPerMinute))) return problem(ctx, 'not_found', 'There is no key with this id.');
        const record = (await keys.list()).find((key) => key.id === param.id);
        return record ? respondJson(ctx, 200, keyView(record, access.limits)) : problem(ctx, 'not_found', 'There is no key with this id.');
      } catch {
        return storeDown(ctx, 'credential');
      }
    },

    async listUsers(_request, ctx) {
      try {
        return respondJson(ctx, 200, { users: (await users.list()).map((user) => userView(user, access.limits)) });
      } catch {
        return storeDown(ctx, 'account');
      }
    },

    async updateUser(request, ctx) {
      const param = idParameter(request, ctx);
      if (!param.ok) return param.response;
      const body = await readJsonBody(request, ctx, ADMIN_MAX_BODY_BYTES, updateUserRequestSchema, 'UpdateUserRequest');
      if (!body.ok) return body.response;
      const { role, disabled, plan, requestsPerMinute } = body.value;
      const wrong = planProblem(plan, requestsPerMinute);
      if (wrong)
        return problem(ctx, 'validation_failed', 'The request body does not match the UpdateUserRequest schema.', { errors: [{ pointer: '#/requestsPerMinute', detail: wrong }] });
      try {
        const user = await users.get(param.id);
        if (!user) return problem(ctx, 'not_found', 'There is no user with this id.');
        const losesAdmin = user.role === 'admin' && user.disabledAt === null && (role === 'member' || disabled === true);
        if (losesAdmin) {
          const admins = (await users.list()).filter((u) => u.role === 'admin' && u.disabledAt === null);
          if (admins.length <= 1) return problem(ctx, 'conflict', 'This is the last active admin: make someone else admin first.');
        }
        const patch: UserPatch = {};
        if (role !== undefined) patch.role = role;
        if (disabled !== undefined) patch.disabledAt = disabled ? (user.disabledAt ?? new Date(now()).toISOString()) : null;
        if (plan !== undefined) {
          patch.plan = plan;
          patch.requestsPerMinute = requestsPerMinute ?? null;
        }
        const updated = await users.update(user.id, patch);
        if (!updated) return problem(ctx, 'not_found', 'There is no user with this id.');
        // A user's plan is their keys' plan: the existing ones change with it.
        if (plan !== undefined) for (const key of await keys.listByUser(user.id)) await keys.setPlan(key.id, plan, requestsPerMinute);
        return respondJson(ctx, 200, userView(updated, access.limits));
      } catch {
        return storeDown(ctx, 'account');
      }
    },

    async createInvitation(request, ctx) {
      const body = await readJsonBody(request, ctx, ADMIN_MAX_BODY_BYTES, createInvitationRequestSchema, 'CreateInvitationRequest');
      if (!body.ok) return body.response;
      let created;
      try {
        created = await createInvitation(accountDeps, settings, { email: body.value.email, role: body.value.role, createdBy: ctx.user?.id ?? null });
      } catch {
        return storeDown(ctx, 'account');
      }
      if (!created.ok) {
        return created.reason === 'email_taken'
          ? problem(ctx, 'conflict', 'There is already an account with this e-mail.', { errors: [{ pointer: '#/email', detail: 'already registered' }] })
          : problem(ctx, 'validation_failed', 'The request body does not match the CreateInvitationRequest schema.', {
              errors: [{ pointer: '#/email', detail: 'not an e-mail address' }],
            });
      }
      return respondJson(ctx, 201, { ...invitationView(created.record, now()), token: created.token, path: `/dashboard/sign-up#invitation=${created.token}` });
    },

    async listInvitations(_request, ctx) {
      try {
        return respondJson(ctx, 200, { invitations: (await invitations.list()).map((record) => invitationView(record, now())) });
      } catch {
        return storeDown(ctx, 'account');
      }
    },

    async revokeInvitation(request, ctx) {
      const param = idParameter(request, ctx);
      if (!param.ok) return param.response;
      try {
        if (!(await invitations.revoke(param.id, at()))) return problem(ctx, 'not_found', 'There is no open invitation with this id.');
      } catch {
        return storeDown(ctx, 'account');
      }
      return respond(ctx, 204, null, { 'cache-control': 'no-store' });
    },

    async settings(_request, ctx) {
      try {
        return respondJson(ctx, 200, { signUpPolicy: await currentSignUpPolicy(deps.stores, settings), signUpPolicyLocked: access.accounts.signUpPolicy !== null });
      } catch {
        return storeDown(ctx, 'account');
      }
    },

    async updateSettings(request, ctx) {
      const body = await readJsonBody(request, ctx, ADMIN_MAX_BODY_BYTES, updateSettingsRequestSchema, 'UpdateSettingsRequest');
      if (!body.ok) return body.response;
      if (access.accounts.signUpPolicy !== null) return problem(ctx, 'conflict', 'SECSCAN_SIGNUP_POLICY fixes the sign-up policy on this server; change it there.');
      try {
        await settingsStore.set(SIGN_UP_POLICY_SETTING, body.value.signUpPolicy);
      } catch {
        return storeDown(ctx, 'account');
      }
      return respondJson(ctx, 200, { signUpPolicy: body.value.signUpPolicy, signUpPolicyLocked: false });
    },
  };
}
