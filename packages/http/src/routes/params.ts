/** What the routes with an id in the path, and every route that reads a store, share. */
import * as v from 'valibot';
import type { RequestContext } from '../context.ts';
import { problem } from '../problem.ts';
import { idParameterSchema } from '../schemas.ts';
import { issuesToErrors } from '../validate/json-body.ts';

/**
 * A validated path parameter (a UUID), or its 422. Errors about path parameters point into the
 * request's parameters as `#/path/<name>` (the body's members are `#/<name>`).
 */
export function idParameter(
  request: Request,
  ctx: RequestContext,
  name = 'id',
  schema: v.GenericSchema<string, string> = idParameterSchema,
): { ok: true; id: string } | { ok: false; response: Response } {
  const raw = (request as Request & { params?: Record<string, string | undefined> }).params?.[name] ?? '';
  const parsed = v.safeParse(schema, raw);
  if (parsed.success) return { ok: true, id: parsed.output };
  return { ok: false, response: problem(ctx, 'validation_failed', `The path parameter ${name} is not valid.`, { errors: issuesToErrors(parsed.issues, ['path', name]) }) };
}

/** A 503 for a store that did not answer. */
export function storeDown(ctx: RequestContext, what: 'credential' | 'account' | 'scan' | 'usage'): Response {
  return problem(ctx, 'unavailable', `The ${what} store is unavailable; try again shortly.`, { headers: { 'retry-after': '5' } });
}
