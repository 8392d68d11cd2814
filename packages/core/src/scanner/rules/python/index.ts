import type { RuleSpec } from '../../rule.ts';
import bindAllInterfaces from './bind-all-interfaces.ts';
import cleartextTransport from './cleartext-transport.ts';
import codeInjection from './code-injection.ts';
import commandInjection from './command-injection.ts';
import commandInjectionWildcard from './command-injection-wildcard.ts';
import corsMisconfiguration from './cors-misconfiguration.ts';
import csrfDisabled from './csrf-disabled.ts';
import debugMode from './debug-mode.ts';
import hardcodedCredentials from './hardcoded-credentials.ts';
import insecureCookie from './insecure-cookie.ts';
import insecureFilePermissions from './insecure-file-permissions.ts';
import insecureRandomness from './insecure-randomness.ts';
import insecureTempFile from './insecure-temp-file.ts';
import jwtVerificationDisabled from './jwt-verification-disabled.ts';
import ldapInjection from './ldap-injection.ts';
import logInjection from './log-injection.ts';
import massAssignment from './mass-assignment.ts';
import nosqlInjection from './nosql-injection.ts';
import openRedirect from './open-redirect.ts';
import pathTraversal from './path-traversal.ts';
import regexBacktracking from './regex-backtracking.ts';
import regexInjection from './regex-injection.ts';
import sensitiveDataLogging from './sensitive-data-logging.ts';
import sqlInjection from './sql-injection.ts';
import ssrf from './ssrf.ts';
import stackTraceExposure from './stack-trace-exposure.ts';
import templateInjection from './template-injection.ts';
import tlsVerificationDisabled from './tls-verification-disabled.ts';
import unsafeDeserialization from './unsafe-deserialization.ts';
import unsafeReflection from './unsafe-reflection.ts';
import unsafeYamlLoad from './unsafe-yaml-load.ts';
import weakCipher from './weak-cipher.ts';
import weakCipherHashids from './weak-cipher-hashids.ts';
import weakHash from './weak-hash.ts';
import weakKeySize from './weak-key-size.ts';
import weakTlsVersion from './weak-tls-version.ts';
import xpathInjection from './xpath-injection.ts';
import xss from './xss.ts';
import xssAutoescapeOff from './xss-autoescape-off.ts';
import xssSafeSubclass from './xss-safe-subclass.ts';
import xxe from './xxe.ts';
import zipSlip from './zip-slip.ts';

/** Python rules, sorted by id. */
export const pythonRules: readonly RuleSpec[] = [
  bindAllInterfaces,
  cleartextTransport,
  codeInjection,
  commandInjection,
  commandInjectionWildcard,
  corsMisconfiguration,
  csrfDisabled,
  debugMode,
  hardcodedCredentials,
  insecureCookie,
  insecureFilePermissions,
  insecureRandomness,
  insecureTempFile,
  jwtVerificationDisabled,
  ldapInjection,
  logInjection,
  massAssignment,
  nosqlInjection,
  openRedirect,
  pathTraversal,
  regexBacktracking,
  regexInjection,
  sensitiveDataLogging,
  sqlInjection,
  ssrf,
  stackTraceExposure,
  templateInjection,
  tlsVerificationDisabled,
  unsafeDeserialization,
  unsafeReflection,
  unsafeYamlLoad,
  weakCipher,
  weakCipherHashids,
  weakHash,
  weakKeySize,
  weakTlsVersion,
  xpathInjection,
  xss,
  xssAutoescapeOff,
  xssSafeSubclass,
  xxe,
  zipSlip,
];
