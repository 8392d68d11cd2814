/**
 * A JSON object request body, read the way every route reads one: media type (415), body size
 * capped while it streams (413), UTF-8 JSON (400), an object (400) — then a valibot schema (422,
 * each violation a JSON Pointer). Error details never echo the body: it may be the user's code.
 */
import * as v from 'valibot';
import type { RequestContext } from '../context.ts';
import { isJsonContentType, JSON_MEDIA_TYPE } from '../negotiate.ts';
import { jsonPointer, problem, type ProblemError } from '../problem.ts';
import { findDuplicateName } from './duplicate-keys.ts';
import { DEFAULT_BODY_TIMEOUT_MS, readBody } from './read-body.ts';

/** A body that passed, or the problem response that refuses it. */
export type BodyOutcome<T> = { ok: true; value: T } | { ok: false; response: Response };

const utf8 = new TextDecoder('utf-8', { fatal: true });

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Schema issues as problem errors: one JSON Pointer per issue, under `prefix` (`#` for the body). */
export function issuesToErrors(issues: readonly v.BaseIssue<unknown>[], prefix: readonly string[] = []): ProblemError[] {
  return issues.map((issue) => ({
    pointer: jsonPointer([...prefix, ...(issue.path?.map((item) => (typeof item.key === 'number' ? item.key : String(item.key))) ?? [])]),
    detail: issue.message,
  }));
}

/** Reads the body as a JSON object of at most `maxBytes` bytes. */
export async function readJsonObject(
  request: Request,
  ctx: RequestContext,
  maxBytes: number,
  what: string,
  timeoutMs = DEFAULT_BODY_TIMEOUT_MS,
): Promise<BodyOutcome<Record<string, unknown>>> {
  if (!isJsonContentType(request.headers.get('content-type'))) {
    return { ok: false, response: problem(ctx, 'unsupported_media_type', `Send the ${what} as ${JSON_MEDIA_TYPE}.`, { headers: { 'accept-post': JSON_MEDIA_TYPE } }) };
  }
  // A compressed body is an unsupported media type, not malformed JSON (RFC 9110 §15.5.16); the
  // answer names the one coding we take (RFC 7694 §3).
  const encoding = request.headers.get('content-encoding')?.trim().toLowerCase();
  if (encoding !== undefined && encoding !== '' && encoding !== 'identity') {
    return {
      ok: false,
      response: problem(ctx, 'unsupported_media_type', `Content-Encoding is not supported: send the ${what} uncompressed.`, { headers: { 'accept-encoding': 'identity' } }),
    };
  }
  const body = await readBody(request, maxBytes, timeoutMs);
  if (!body.ok) {
    if (body.kind === 'unreadable') return { ok: false, response: problem(ctx, 'invalid_json', 'The request body could not be read.') };
    if (body.kind === 'timeout') {
      // The rest of the body may still be on its way: the connection cannot carry another request.
      return { ok: false, response: problem(ctx, 'request_timeout', `The request body did not arrive within ${body.timeoutMs} ms.`, { headers: { connection: 'close' } }) };
    }
    const why = body.reason === 'longer_than_declared' ? 'The request body is longer than its Content-Length.' : `The request body is larger than ${body.limit} bytes.`;
    // No `Connection: close`: the rest of the body is read and discarded for a while (lingerOnBody), so
    // the client reads this answer instead of a reset; a body that ends in time leaves the connection usable.
    return { ok: false, response: problem(ctx, 'payload_too_large', why) };
  }
  let json: unknown;
  let text: string;
  try {
    text = utf8.decode(body.bytes);
    json = JSON.parse(text);
  } catch {
    // The parser's message quotes the input, which may be the user's code: never echo it.
    return { ok: false, response: problem(ctx, 'invalid_json', 'The request body is not valid UTF-8 JSON.') };
  }
  if (!isJsonObject(json)) return { ok: false, response: problem(ctx, 'invalid_json', 'The request body must be a JSON object.') };
  const duplicate = findDuplicateName(text);
  if (duplicate) {
    return {
      ok: false,
      response: problem(ctx, 'invalid_json', 'The request body names a member twice; send each member once.', {
        errors: [{ pointer: jsonPointer(duplicate), detail: 'duplicate member name' }],
      }),
    };
  }
  return { ok: true, value: json };
}

/** Reads the body and validates it against `schema` (422 `validation_failed` listing every violation). */
export async function readJsonBody<S extends v.GenericSchema>(
  request: Request,
  ctx: RequestContext,
  maxBytes: number,
  schema: S,
  name: string,
  timeoutMs = DEFAULT_BODY_TIMEOUT_MS,
): Promise<BodyOutcome<v.InferOutput<S>>> {
  const body = await readJsonObject(request, ctx, maxBytes, `${name} body`, timeoutMs);
  if (!body.ok) return body;
  const parsed = v.safeParse(schema, body.value);
  if (!parsed.success) {
    return { ok: false, response: problem(ctx, 'validation_failed', `The request body does not match the ${name} schema.`, { errors: issuesToErrors(parsed.issues) }) };
  }
  return { ok: true, value: parsed.output };
}
