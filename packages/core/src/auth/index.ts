/** Callers, credentials and their resolution (DESIGN §3). */
export { callerLabel, callerOwner, type AnonymousCaller, type ApiKeyCaller, type Caller, type SessionCaller } from './caller.ts';
export { sha256Hex, timingSafeEqual, timingSafeEqualBytes } from './hash.ts';
export { issueApiKey, issueSession, type IssueContext, type IssuedApiKey, type IssuedSession, type NewApiKey, type NewSession } from './issue.ts';
export {
  isWellFormedToken,
  LAST_USED_INTERVAL_SECONDS,
  resolveToken,
  tokenKind,
  type TokenRefusal,
  type TokenResolution,
  type TokenResolver,
} from './resolve.ts';
