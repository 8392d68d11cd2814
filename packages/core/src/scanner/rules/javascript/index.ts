import type { RuleSpec } from '../../rule.ts';
import cleartextTransport from './cleartext-transport.ts';
import codeInjection from './code-injection.ts';
import commandInjection from './command-injection.ts';
import corsMisconfiguration from './cors-misconfiguration.ts';
import crossOriginMessaging from './cross-origin-messaging.ts';
import debugMode from './debug-mode.ts';
import hardcodedCredentials from './hardcoded-credentials.ts';
import insecureCookie from './insecure-cookie.ts';
import insecureRandom from './insecure-random.ts';
import jwtVerificationDisabled from './jwt-verification-disabled.ts';
import ldapInjection from './ldap-injection.ts';
import logInjection from './log-injection.ts';
import massAssignment from './mass-assignment.ts';
import nosqlInjection from './nosql-injection.ts';
import openRedirect from './open-redirect.ts';
import pathTraversal from './path-traversal.ts';
import prototypePollution from './prototype-pollution.ts';
import reactDangerousHtml from './react-dangerous-html.ts';
import regexBacktracking from './regex-backtracking.ts';
import regexInjection from './regex-injection.ts';
import securityHeaders from './security-headers.ts';
import sqlInjection from './sql-injection.ts';
import ssrf from './ssrf.ts';
import stackTraceExposure from './stack-trace-exposure.ts';
import templateInjection from './template-injection.ts';
import tlsVerificationDisabled from './tls-verification-disabled.ts';
import unsafeDeserialization from './unsafe-deserialization.ts';
import unsafeMerge from './unsafe-merge.ts';
import weakCipher from './weak-cipher.ts';
import weakHash from './weak-hash.ts';
import weakTlsVersion from './weak-tls-version.ts';
import xpathInjection from './xpath-injection.ts';
import xss from './xss.ts';
import xxe from './xxe.ts';

/** JavaScript and TypeScript rules, sorted by id. */
export const javascriptRules: readonly RuleSpec[] = [
  cleartextTransport,
  codeInjection,
  commandInjection,
  corsMisconfiguration,
  crossOriginMessaging,
  debugMode,
  hardcodedCredentials,
  insecureCookie,
  insecureRandom,
  jwtVerificationDisabled,
  ldapInjection,
  logInjection,
  massAssignment,
  nosqlInjection,
  openRedirect,
  pathTraversal,
  prototypePollution,
  reactDangerousHtml,
  regexBacktracking,
  regexInjection,
  securityHeaders,
  sqlInjection,
  ssrf,
  stackTraceExposure,
  templateInjection,
  tlsVerificationDisabled,
  unsafeDeserialization,
  unsafeMerge,
  weakCipher,
  weakHash,
  weakTlsVersion,
  xpathInjection,
  xss,
  xxe,
];
