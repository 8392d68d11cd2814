import type { RuleSpec } from '../../rule.ts';
import authenticationSkipped from './authentication-skipped.ts';
import cleartextTransport from './cleartext-transport.ts';
import codeInjection from './code-injection.ts';
import commandInjection from './command-injection.ts';
import csrfDisabled from './csrf-disabled.ts';
import debugEnabled from './debug-enabled.ts';
import divideByZero from './divide-by-zero.ts';
import hardcodedCredentials from './hardcoded-credentials.ts';
import insecureCookie from './insecure-cookie.ts';
import insecureRandomness from './insecure-randomness.ts';
import jwtVerificationDisabled from './jwt-verification-disabled.ts';
import ldapInjection from './ldap-injection.ts';
import massAssignment from './mass-assignment.ts';
import nosqlInjection from './nosql-injection.ts';
import openRedirect from './open-redirect.ts';
import pathTraversal from './path-traversal.ts';
import permissiveRegex from './permissive-regex.ts';
import regexInjection from './regex-injection.ts';
import sqlInjection from './sql-injection.ts';
import ssrf from './ssrf.ts';
import templateInjection from './template-injection.ts';
import tlsVerificationDisabled from './tls-verification-disabled.ts';
import unsafeDeserialization from './unsafe-deserialization.ts';
import unsafeReflection from './unsafe-reflection.ts';
import weakCipher from './weak-cipher.ts';
import weakHash from './weak-hash.ts';
import weakKeySize from './weak-key-size.ts';
import xpathInjection from './xpath-injection.ts';
import xss from './xss.ts';
import xssResponse from './xss-response.ts';
import xxe from './xxe.ts';

/** ruby rules, sorted by id. */
export const rubyRules: readonly RuleSpec[] = [
  authenticationSkipped,
  cleartextTransport,
  codeInjection,
  commandInjection,
  csrfDisabled,
  debugEnabled,
  divideByZero,
  hardcodedCredentials,
  insecureCookie,
  insecureRandomness,
  jwtVerificationDisabled,
  ldapInjection,
  massAssignment,
  nosqlInjection,
  openRedirect,
  pathTraversal,
  permissiveRegex,
  regexInjection,
  sqlInjection,
  ssrf,
  templateInjection,
  tlsVerificationDisabled,
  unsafeDeserialization,
  unsafeReflection,
  weakCipher,
  weakHash,
  weakKeySize,
  xpathInjection,
  xss,
  xssResponse,
  xxe,
];
