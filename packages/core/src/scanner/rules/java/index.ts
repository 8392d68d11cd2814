import type { RuleSpec } from '../../rule.ts';
import codeInjection from './code-injection.ts';
import commandInjection from './command-injection.ts';
import hardcodedCredentials from './hardcoded-credentials.ts';
import headerInjection from './header-injection.ts';
import insecureCookie from './insecure-cookie.ts';
import insecureRandom from './insecure-random.ts';
import jacksonUnsafeTyping from './jackson-unsafe-typing.ts';
import ldapInjection from './ldap-injection.ts';
import logInjection from './log-injection.ts';
import mybatisSqlInjection from './mybatis-sql-injection.ts';
import nosqlInjection from './nosql-injection.ts';
import openRedirect from './open-redirect.ts';
import pathTraversal from './path-traversal.ts';
import springCsrfDisabled from './spring-csrf-disabled.ts';
import springSecurityDebug from './spring-security-debug.ts';
import sqlInjection from './sql-injection.ts';
import ssrf from './ssrf.ts';
import stackTraceExposure from './stack-trace-exposure.ts';
import templateInjection from './template-injection.ts';
import tlsVerificationDisabled from './tls-verification-disabled.ts';
import trustBoundaryViolation from './trust-boundary-violation.ts';
import unsafeDeserialization from './unsafe-deserialization.ts';
import unsafeReflection from './unsafe-reflection.ts';
import weakCipher from './weak-cipher.ts';
import weakHash from './weak-hash.ts';
import xpathInjection from './xpath-injection.ts';
import xss from './xss.ts';
import xxe from './xxe.ts';
import zipSlip from './zip-slip.ts';

/** java rules, sorted by id. */
export const javaRules: readonly RuleSpec[] = [
  codeInjection,
  commandInjection,
  hardcodedCredentials,
  headerInjection,
  insecureCookie,
  insecureRandom,
  jacksonUnsafeTyping,
  ldapInjection,
  logInjection,
  mybatisSqlInjection,
  nosqlInjection,
  openRedirect,
  pathTraversal,
  springCsrfDisabled,
  springSecurityDebug,
  sqlInjection,
  ssrf,
  stackTraceExposure,
  templateInjection,
  tlsVerificationDisabled,
  trustBoundaryViolation,
  unsafeDeserialization,
  unsafeReflection,
  weakCipher,
  weakHash,
  xpathInjection,
  xss,
  xxe,
  zipSlip,
];
