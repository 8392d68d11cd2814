/**
 * A small client of a running server's admin API (`/api/admin/…`), for `secscan keys` and
 * `secscan sessions`. The admin token comes from the SECSCAN_ADMIN_TOKEN environment variable —
 * never from the command line, where it would land in shell history and `ps` — and appears in no
 * message. Plain http is refused for any host but this machine: the token would cross the network
 * in clear.
 */

/** Where the admin API is and how to reach it. */
export interface AdminClientOptions {
  /** The server's base URL, e.g. `http://127.0.0.1:8787`. */
  url: string;
  /** The admin token (SECSCAN_ADMIN_TOKEN). */
  token: string;
  /** The fetch to use (tests pass an in-process app). */
  fetch: typeof fetch;
  /** Milliseconds before a request is given up. */
  timeoutMs?: number;
}

/** The server refused a request, or could not be reached; `message` says what to do about it. */
export class AdminApiError extends Error {
  override name = 'AdminApiError';
  /** The HTTP status, or 0 when the server was not reached. */
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

/** The default server address (the servers' default HOST and PORT). */
export const DEFAULT_URL = 'http://127.0.0.1:8787';

/** Whether a URL host is this machine (plain http is fine there). */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname.startsWith('127.') || hostname === '[::1]';
}

/** A server base URL checked and normalised (no trailing slash); throws a message for the user when it is unusable. */
export function checkServerUrl(text: string, allowInsecureHttp: boolean): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`--url ${JSON.stringify(text)} is not a URL (like ${DEFAULT_URL})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--url must be http:// or https://, not ${url.protocol}`);
  if (url.username || url.password || url.search || url.hash) throw new Error('--url must be a plain base URL (no credentials, query or fragment)');
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !allowInsecureHttp) {
    throw new Error(`refusing to send the admin token over plain http to ${url.host}; use https://, or --insecure-http if the network is yours`);
  }
  let base = url.href;
  while (base.endsWith('/')) base = base.slice(0, -1);
  return base;
}

/** A problem body (RFC 9457) as the server sends it. */
interface Problem {
  title?: unknown;
  detail?: unknown;
  code?: unknown;
  requestId?: unknown;
  errors?: unknown;
}

function describeProblem(status: number, problem: Problem | null, what: string): string {
  const detail = typeof problem?.detail === 'string' ? problem.detail : '';
  switch (status) {
    case 401:
      // A server without an admin token says so; admin users still manage keys in its dashboard.
      return detail.includes('without SECSCAN_ADMIN_TOKEN')
        ? 'this server has no admin token: start it with SECSCAN_ADMIN_TOKEN set (admin users can manage keys in its dashboard)'
        : 'the server refused the admin token: SECSCAN_ADMIN_TOKEN does not match the one the server was started with';
    case 403:
      return 'SECSCAN_ADMIN_TOKEN holds an API key or session token, not the admin token';
    case 404:
      // Unknown ids and a server without an admin API (before the dashboard) both answer 404; only the former names what is missing.
      return detail.startsWith('There is no') ? `${what}: ${detail.replace(/\.$/, '')}` : 'this server has no admin API: start it with SECSCAN_ADMIN_TOKEN set';
    case 422: {
      const errors = Array.isArray(problem?.errors) ? (problem.errors as { pointer?: unknown; detail?: unknown }[]) : [];
      const lines = errors.map((e) => `  ${String(e.pointer ?? '').replace(/^#\/(path\/)?/, '')}: ${String(e.detail ?? '')}`);
      return `${what}: the server refused the request:\n${lines.join('\n') || `  ${detail}`}`;
    }
    default: {
      const title = typeof problem?.title === 'string' ? problem.title : 'error';
      const id = typeof problem?.requestId === 'string' ? ` (request ${problem.requestId})` : '';
      return `${what}: the server answered ${status} ${title}${detail ? `: ${detail}` : ''}${id}`;
    }
  }
}

/** Calls the admin API; resolves with the JSON body (null for 204), rejects with an AdminApiError saying what went wrong. */
export async function callAdminApi(options: AdminClientOptions, method: 'GET' | 'POST' | 'DELETE', path: string, what: string, body?: unknown): Promise<unknown> {
  const headers: Record<string, string> = { authorization: `Bearer ${options.token}`, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await options.fetch(`${options.url}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : code || (cause instanceof Error ? cause.message : String(cause));
    throw new AdminApiError(`cannot reach ${options.url} (${reason}); is the server running there? (--url)`, 0);
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text.length > 0 ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) throw new AdminApiError(describeProblem(response.status, json as Problem | null, what), response.status);
  return json;
}
