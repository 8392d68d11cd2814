/**
 * The admin API (issue #4), until the dashboard exists: create, list and revoke API keys; create and
 * revoke sessions. Only the admin token reaches these handlers (auth/guard.ts). A secret is in
 * exactly one response, the one that creates it; listings never carry a secret or a hash.
 */
import { issueApiKey, issueSession, keyRequestsPerMinute, type ApiKeyRecord, type CredentialStore, type RateLimitSettings } from '@secscan/core';
import * as v from 'valibot';
import { respond, respondJson, type Handler, type RequestContext } from '../context.ts';
import type { AccessConfig, AppDeps } from '../deps.ts';
import { problem } from '../problem.ts';
import { createKeyRequestSchema, createSessionRequestSchema, idParameterSchema } from '../schemas.ts';
import { issuesToErrors, readJsonBody } from '../validate/json-body.ts';

/** Largest admin request body: the bodies are a few short fields. */
export const ADMIN_MAX_BODY_BYTES = 16 * 1024;

/** A key as the admin API shows it: never its secret or hash. */
function publicKey(record: ApiKeyRecord, limits: RateLimitSettings) {
  return {
    id: record.id,
    name: record.name,
    plan: record.plan,
    requestsPerMinute: keyRequestsPerMinute(record.plan, record.requestsPerMinute, limits),
    createdAt: record.createdAt,
    lastUsedAt: record.lastUsedAt,
    revokedAt: record.revokedAt,
  };
}

function storeDown(ctx: RequestContext): Response {
  return problem(ctx, 'unavailable', 'The credential store is unavailable; try again shortly.', { headers: { 'retry-after': '5' } });
}

/**
 * The validated `id` path parameter, or its 422. Errors about path parameters point into the
 * request's parameters as `#/path/<name>` (the body's members are `#/<name>`).
 */
function idParameter(request: Request, ctx: RequestContext): { ok: true; id: string } | { ok: false; response: Response } {
  const raw = (request as Request & { params?: Record<string, string | undefined> }).params?.['id'] ?? '';
  const parsed = v.safeParse(idParameterSchema, raw);
  if (parsed.success) return { ok: true, id: parsed.output };
  return { ok: false, response: problem(ctx, 'validation_failed', 'The path parameter id is not valid.', { errors: issuesToErrors(parsed.issues, ['path', 'id']) }) };
}

/** The admin API's handlers. */
export interface AdminHandlers {
  createKey: Handler;
  listKeys: Handler;
  revokeKey: Handler;
  createSession: Handler;
  revokeSession: Handler;
}

/** Builds the handlers of the admin API. */
export function createAdminHandlers(deps: AppDeps, access: AccessConfig, now: () => number, newId: () => string): AdminHandlers {
  const { keys, sessions } = deps.stores;
  const context = { clock: { now }, newId };
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
        return storeDown(ctx);
      }
      return found ? respond(ctx, 204, null, { 'cache-control': 'no-store' }) : problem(ctx, 'not_found', `There is no ${noun} with this id.`);
    };

  return {
    async createKey(request, ctx) {
      const body = await readJsonBody(request, ctx, ADMIN_MAX_BODY_BYTES, createKeyRequestSchema, 'CreateKeyRequest');
      if (!body.ok) return body.response;
      const { name, plan, requestsPerMinute } = body.value;
      if ((plan === 'enterprise') !== (requestsPerMinute !== undefined)) {
        const detail = plan === 'enterprise' ? 'an enterprise key needs its own requestsPerMinute' : `a ${plan} key has its plan's limit; requestsPerMinute is only for enterprise keys`;
        return problem(ctx, 'validation_failed', 'The request body does not match the CreateKeyRequest schema.', { errors: [{ pointer: '#/requestsPerMinute', detail }] });
      }
      let issued;
      try {
        issued = await issueApiKey(keys, { name, plan, ...(requestsPerMinute !== undefined ? { requestsPerMinute } : {}) }, context);
      } catch {
        return storeDown(ctx);
      }
      const { id, createdAt } = issued.record;
      const shown = publicKey(issued.record, access.limits);
      return respondJson(ctx, 201, { id, key: issued.key, name: shown.name, plan: shown.plan, requestsPerMinute: shown.requestsPerMinute, createdAt });
    },

    async listKeys(_request, ctx) {
      let records;
      try {
        records = await keys.list();
      } catch {
        return storeDown(ctx);
      }
      return respondJson(ctx, 200, { keys: records.map((record) => publicKey(record, access.limits)) });
    },

    revokeKey: revoker(keys, 'key'),

    async createSession(request, ctx) {
      const body = await readJsonBody(request, ctx, ADMIN_MAX_BODY_BYTES, createSessionRequestSchema, 'CreateSessionRequest');
      if (!body.ok) return body.response;
      let issued;
      try {
        issued = await issueSession(sessions, { subject: body.value.subject, ttlSeconds: body.value.ttlSeconds ?? access.sessionTtlSeconds }, context);
      } catch {
        return storeDown(ctx);
      }
      const { id, subject, expiresAt } = issued.record;
      return respondJson(ctx, 201, { id, token: issued.token, subject, expiresAt });
    },

    revokeSession: revoker(sessions, 'session'),
  };
}
