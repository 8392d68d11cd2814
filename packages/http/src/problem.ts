/**
 * RFC 9457 problem details (`application/problem+json`) with secscan's stable codes (DESIGN §2).
 * `type` is a URN per code, `title` never changes for a code, `detail` explains this occurrence.
 */
import { respondJson, type RequestContext } from './context.ts';

/** Every problem code, its HTTP status and its fixed title. */
export const PROBLEMS = {
  invalid_json: { status: 400, title: 'Request body is not a JSON object' },
  credentials_in_query: { status: 400, title: 'Credentials in the URL' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  forbidden: { status: 403, title: 'Forbidden' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  request_timeout: { status: 408, title: 'Request timeout' },
  conflict: { status: 409, title: 'Conflict' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  validation_failed: { status: 422, title: 'Validation failed' },
  unsupported_language: { status: 422, title: 'Unsupported language' },
  scan_timeout: { status: 422, title: 'Scan timed out' },
  scan_failed: { status: 422, title: 'Scan failed' },
  rate_limited: { status: 429, title: 'Too many requests' },
  internal: { status: 500, title: 'Internal server error' },
  unavailable: { status: 503, title: 'Service unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;

/** A problem code. */
export type ProblemCode = keyof typeof PROBLEMS;

/** All problem codes, for the OpenAPI schema. */
export const PROBLEM_CODES = Object.keys(PROBLEMS) as ProblemCode[];

/** One error inside a problem: where (a JSON Pointer into the request body, as a URI fragment) and what. */
export interface ProblemError {
  pointer: string;
  detail: string;
}

/** The body of a problem response. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ProblemCode;
  requestId: string;
  errors?: ProblemError[];
  [extension: string]: unknown;
}

/** Options of `problem()`: pointer errors, extension members and extra headers. */
export interface ProblemOptions {
  errors?: readonly ProblemError[];
  /** RFC 9457 §3.2 extension members, e.g. `supportedLanguages`. */
  members?: Readonly<Record<string, unknown>>;
  headers?: Readonly<Record<string, string>>;
}

/** The `type` URI of a problem code. */
export function problemType(code: ProblemCode): string {
  return `urn:secscan:problem:${code}`;
}

/** Builds a problem body (exported for tests and for the OpenAPI examples). */
export function problemBody(requestId: string, code: ProblemCode, detail: string, options: ProblemOptions = {}): ProblemBody {
  const { status, title } = PROBLEMS[code];
  const body: ProblemBody = { type: problemType(code), title, status, detail, code, requestId };
  if (options.errors && options.errors.length > 0) body.errors = [...options.errors];
  // Extension members (RFC 9457 §3.2) come after the standard ones and never replace them.
  for (const [name, value] of Object.entries(options.members ?? {})) if (!(name in body)) body[name] = value;
  return body;
}

/** A problem response for this request. */
export function problem(ctx: RequestContext, code: ProblemCode, detail: string, options: ProblemOptions = {}): Response {
  const body = problemBody(ctx.requestId, code, detail, options);
  return respondJson(ctx, body.status, body, options.headers, 'application/problem+json');
}

/**
 * A JSON Pointer (RFC 6901) to a member of the request body, written as a URI fragment
 * (RFC 6901 §6) the way RFC 9457's own example does: `#/code`.
 */
export function jsonPointer(path: readonly (string | number)[]): string {
  let out = '#';
  for (const segment of path) {
    const escaped = String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
    out += `/${encodeURIComponent(escaped)}`;
  }
  return out;
}
