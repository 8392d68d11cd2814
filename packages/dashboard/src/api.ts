/**
 * The dashboard's only way to the server: same-origin `fetch` of the /api routes, JSON in and out.
 * Every error is the API's RFC 9457 problem, surfaced as an `ApiError` whose message is the
 * problem's `detail` (written for people) and whose `fields` map body pointers to their complaint.
 * State-changing calls carry the session's CSRF token (the server refuses them without it).
 */

/** A problem answer from the API. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Errors by body member (`#/password` → `password`). */
  readonly fields: Record<string, string>;
  constructor(status: number, code: string, detail: string, fields: Record<string, string>) {
    super(detail);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

let csrfToken: string | null = null;

/** Remembers the CSRF token of the current session (from sign-in or GET /api/auth/session). */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

interface ProblemBody {
  code?: string;
  detail?: string;
  errors?: { pointer: string; detail: string }[];
}

/** Calls the API; resolves the JSON body (undefined for 204), rejects with ApiError. */
export async function api<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, accept = 'application/json'): Promise<T> {
  const headers: Record<string, string> = { accept };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken !== null) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, { method, headers, credentials: 'same-origin', ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  } catch {
    throw new ApiError(0, 'network', 'The server cannot be reached. Check your connection and try again.', {});
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (response.ok) return (accept === 'application/json' ? JSON.parse(text) : text) as T;
  let problem: ProblemBody = {};
  try {
    problem = JSON.parse(text) as ProblemBody;
  } catch {
    problem = {};
  }
  const fields: Record<string, string> = {};
  for (const error of problem.errors ?? []) fields[error.pointer.replace('#/', '')] = error.detail;
  const retry = response.headers.get('retry-after');
  const detail = problem.detail ?? `The server answered ${response.status}.`;
  throw new ApiError(
    response.status,
    problem.code ?? 'unknown',
    retry && response.status === 429 && !detail.includes('again') ? `${detail} Try again in ${retry} s.` : detail,
    fields,
  );
}

/** What the API's types look like to the dashboard. */
export type Severity = 'critical' | 'high' | 'medium' | 'low' | 'info';
export const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low', 'info'];
export type Summary = Record<Severity, number> & { total: number };

export interface User {
  id: string;
  email: string;
  displayName: string;
  role: 'admin' | 'member';
  plan: 'free' | 'pro' | 'enterprise';
  requestsPerMinute: number;
  createdAt: string;
  disabledAt: string | null;
  lastSignInAt: string | null;
  hasPassword: boolean;
  singleSignOn: boolean;
}

export interface SessionInfo {
  user: User | null;
  session: { id: string; expiresAt: string };
  csrfToken: string;
}

export interface AuthConfig {
  signUp: 'open' | 'invite' | 'closed';
  firstUser: boolean;
  passwordMinLength: number;
  singleSignOn: { name: string } | null;
}

export interface Key {
  id: string;
  name: string;
  plan: 'free' | 'pro' | 'enterprise';
  requestsPerMinute: number;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  prefix: string;
  userId: string | null;
}

export interface Finding {
  id: string;
  ruleId: string;
  title: string;
  message: string;
  severity: Severity;
  confidence: string;
  cwe: string[];
  location: { startLine: number; startColumn: number; endLine: number; endColumn: number };
  snippet: string;
  remediation: string;
}

export interface ScanResult {
  scanId: string;
  createdAt?: string;
  language: string;
  filename?: string;
  findings: Finding[];
  summary: Summary;
  truncated: boolean;
  durationMs: number;
  code?: string | null;
}

export interface WindowState {
  policy: string;
  limit: number;
  used: number;
  remaining: number;
  resetSeconds: number;
}

export interface Usage {
  session: WindowState;
  keys: { id: string; name: string; plan: string; window: WindowState }[];
  days: { day: string; scans: number; findings: Record<Severity, number> }[];
  totals: { scans: number; findings: Record<Severity, number> };
}

export interface HistoryItem {
  scanId: string;
  createdAt: string;
  language: string;
  filename?: string;
  codeBytes: number;
  summary: Summary;
  truncated: boolean;
  source: { kind: 'session' | 'key'; keyId?: string; keyName?: string };
}
