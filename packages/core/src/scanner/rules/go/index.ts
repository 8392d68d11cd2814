import type { RuleSpec } from '../../rule.ts';
import bindAllInterfaces from './bind-all-interfaces.ts';
import cleartextTransport from './cleartext-transport.ts';
import commandInjection from './command-injection.ts';
import corsMisconfiguration from './cors-misconfiguration.ts';
import debugEnabled from './debug-enabled.ts';
import hardcodedCredentials from './hardcoded-credentials.ts';
import insecureCookie from './insecure-cookie.ts';
import insecureFilePermissions from './insecure-file-permissions.ts';
import insecureRandom from './insecure-random.ts';
import integerOverflowConversion from './integer-overflow-conversion.ts';
import ldapInjection from './ldap-injection.ts';
import logInjection from './log-injection.ts';
import nosqlInjection from './nosql-injection.ts';
import openRedirect from './open-redirect.ts';
import outOfBoundsIndex from './out-of-bounds-index.ts';
import pathTraversal from './path-traversal.ts';
import predictableIv from './predictable-iv.ts';
import resourceExhaustion from './resource-exhaustion.ts';
import sensitiveDataExposure from './sensitive-data-exposure.ts';
import sensitiveDataLogging from './sensitive-data-logging.ts';
import sqlInjection from './sql-injection.ts';
import ssrf from './ssrf.ts';
import templateInjection from './template-injection.ts';
import tlsVerificationDisabled from './tls-verification-disabled.ts';
import unsafeMemoryOperation from './unsafe-memory-operation.ts';
import weakCipher from './weak-cipher.ts';
import weakHash from './weak-hash.ts';
import weakTlsVersion from './weak-tls-version.ts';
import xpathInjection from './xpath-injection.ts';
import xss from './xss.ts';
import xxe from './xxe.ts';

/** Go rules, sorted by id. */
export const goRules: readonly RuleSpec[] = [
  bindAllInterfaces,
  cleartextTransport,
  commandInjection,
  corsMisconfiguration,
  debugEnabled,
  hardcodedCredentials,
  insecureCookie,
  insecureFilePermissions,
  insecureRandom,
  integerOverflowConversion,
  ldapInjection,
  logInjection,
  nosqlInjection,
  openRedirect,
  outOfBoundsIndex,
  pathTraversal,
  predictableIv,
  resourceExhaustion,
  sensitiveDataExposure,
  sensitiveDataLogging,
  sqlInjection,
  ssrf,
  templateInjection,
  tlsVerificationDisabled,
  unsafeMemoryOperation,
  weakCipher,
  weakHash,
  weakTlsVersion,
  xpathInjection,
  xss,
  xxe,
];
