/**
 * Who is calling (DESIGN §3): every request resolves to exactly one caller — an API key, a
 * session, or anonymous — and its rate limits and the ownership of its scans follow from it.
 */
import type { Plan } from '../store/types.ts';

/** A request authenticated with an API key (`Authorization: Bearer sk_live_…`). */
export interface ApiKeyCaller {
  kind: 'apiKey';
  keyId: string;
  plan: Plan;
  /** The enterprise key's own per-minute limit; absent for plans whose limit is the plan's. */
  requestsPerMinute?: number;
}

/** A request authenticated with a session token (header or `secscan_session` cookie). */
export interface SessionCaller {
  kind: 'session';
  sessionId: string;
  subject: string;
}

/** A request without credentials, known only by its client address group (see `clientGroup`). */
export interface AnonymousCaller {
  kind: 'anonymous';
  /** `ip4:203.0.113.7`, `ip6:2001:db8:aa:bb00::/56`, or `unknown` when the adapter gave no address. */
  client: string;
}

/** Exactly one of the three callers. */
export type Caller = ApiKeyCaller | SessionCaller | AnonymousCaller;

/** The owner recorded with a caller's scans: `key:<id>`, `session:<subject>`, or null for anonymous. */
export function callerOwner(caller: Caller): string | null {
  if (caller.kind === 'apiKey') return `key:${caller.keyId}`;
  if (caller.kind === 'session') return `session:${caller.subject}`;
  return null;
}

/** How the request log names a caller: `key:<id>`, `session:<id>` or `anonymous` (ids are not secrets; addresses stay out). */
export function callerLabel(caller: Caller): string {
  if (caller.kind === 'apiKey') return `key:${caller.keyId}`;
  if (caller.kind === 'session') return `session:${caller.sessionId}`;
  return 'anonymous';
}
