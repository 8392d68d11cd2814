import type { RuleSpec } from '../../rule.ts';
import assignmentInCondition from './assignment-in-condition.ts';
import cleartextCredential from './cleartext-credential.ts';
import cleartextTransport from './cleartext-transport.ts';
import codeInjection from './code-injection.ts';
import commandInjection from './command-injection.ts';
import divideByZero from './divide-by-zero.ts';
import explicitFinalize from './explicit-finalize.ts';
import formatString from './format-string.ts';
import hardcodedCredentials from './hardcoded-credentials.ts';
import headerInjection from './header-injection.ts';
import incorrectBlockDelimitation from './incorrect-block-delimitation.ts';
import insecureCookie from './insecure-cookie.ts';
import insecureRandom from './insecure-random.ts';
import insecureTempFile from './insecure-temp-file.ts';
import integerOverflow from './integer-overflow.ts';
import jacksonUnsafeTyping from './jackson-unsafe-typing.ts';
import jwtVerificationDisabled from './jwt-verification-disabled.ts';
import ldapInjection from './ldap-injection.ts';
import logInjection from './log-injection.ts';
import mybatisSqlInjection from './mybatis-sql-injection.ts';
import nosqlInjection from './nosql-injection.ts';
import nullDereference from './null-dereference.ts';
import nullPointerCatch from './null-pointer-catch.ts';
import obsoleteApi from './obsolete-api.ts';
import openRedirect from './open-redirect.ts';
import outOfBoundsIndex from './out-of-bounds-index.ts';
import pathTraversal from './path-traversal.ts';
import persistentSensitiveCookie from './persistent-sensitive-cookie.ts';
import plaintextConnection from './plaintext-connection.ts';
import plaintextCookie from './plaintext-cookie.ts';
import predictableSalt from './predictable-salt.ts';
import predictableSeed from './predictable-seed.ts';
import referenceComparison from './reference-comparison.ts';
import sensitiveDataExposure from './sensitive-data-exposure.ts';
import sensitiveDataLogging from './sensitive-data-logging.ts';
import serverProcessExit from './server-process-exit.ts';
import sessionExpiration from './session-expiration.ts';
import springCsrfDisabled from './spring-csrf-disabled.ts';
import springSecurityDebug from './spring-security-debug.ts';
import sqlInjection from './sql-injection.ts';
import ssrf from './ssrf.ts';
import stackTraceExposure from './stack-trace-exposure.ts';
import stringFormat from './string-format.ts';
import switchFallthrough from './switch-fallthrough.ts';
import systemSettingControl from './system-setting-control.ts';
import templateInjection from './template-injection.ts';
import tlsVerificationDisabled from './tls-verification-disabled.ts';
import trustBoundaryViolation from './trust-boundary-violation.ts';
import unboundedLoop from './unbounded-loop.ts';
import uncheckedReturn from './unchecked-return.ts';
import uncontrolledAllocation from './uncontrolled-allocation.ts';
import unsafeDeserialization from './unsafe-deserialization.ts';
import unsafeReflection from './unsafe-reflection.ts';
import unusedVariable from './unused-variable.ts';
import weakCipher from './weak-cipher.ts';
import weakHash from './weak-hash.ts';
import xpathInjection from './xpath-injection.ts';
import xss from './xss.ts';
import xxe from './xxe.ts';
import zipSlip from './zip-slip.ts';

/** java rules, sorted by id. */
export const javaRules: readonly RuleSpec[] = [
  assignmentInCondition,
  cleartextCredential,
  cleartextTransport,
  codeInjection,
  commandInjection,
  divideByZero,
  explicitFinalize,
  formatString,
  hardcodedCredentials,
  headerInjection,
  incorrectBlockDelimitation,
  insecureCookie,
  insecureRandom,
  insecureTempFile,
  integerOverflow,
  jacksonUnsafeTyping,
  jwtVerificationDisabled,
  ldapInjection,
  logInjection,
  mybatisSqlInjection,
  nosqlInjection,
  nullDereference,
  nullPointerCatch,
  obsoleteApi,
  openRedirect,
  outOfBoundsIndex,
  pathTraversal,
  persistentSensitiveCookie,
  plaintextConnection,
  plaintextCookie,
  predictableSalt,
  predictableSeed,
  referenceComparison,
  sensitiveDataExposure,
  sensitiveDataLogging,
  serverProcessExit,
  sessionExpiration,
  springCsrfDisabled,
  springSecurityDebug,
  sqlInjection,
  ssrf,
  stackTraceExposure,
  stringFormat,
  switchFallthrough,
  systemSettingControl,
  templateInjection,
  tlsVerificationDisabled,
  trustBoundaryViolation,
  unboundedLoop,
  uncheckedReturn,
  uncontrolledAllocation,
  unsafeDeserialization,
  unsafeReflection,
  unusedVariable,
  weakCipher,
  weakHash,
  xpathInjection,
  xss,
  xxe,
  zipSlip,
];
