import type { RuleSpec } from '../../rule.ts';
import blazorRawMarkup from './blazor-raw-markup.ts';
import codeInjection from './code-injection.ts';
import commandInjection from './command-injection.ts';
import csrfDisabled from './csrf-disabled.ts';
import debugMode from './debug-mode.ts';
import hardcodedCredentials from './hardcoded-credentials.ts';
import insecureCookie from './insecure-cookie.ts';
import insecureRandom from './insecure-random.ts';
import ldapInjection from './ldap-injection.ts';
import logInjection from './log-injection.ts';
import nosqlInjection from './nosql-injection.ts';
import openRedirect from './open-redirect.ts';
import pathTraversal from './path-traversal.ts';
import regexInjection from './regex-injection.ts';
import regexTimeout from './regex-timeout.ts';
import requestValidationDisabled from './request-validation-disabled.ts';
import sqlInjection from './sql-injection.ts';
import ssrf from './ssrf.ts';
import templateInjection from './template-injection.ts';
import tlsVerificationDisabled from './tls-verification-disabled.ts';
import tokenValidation from './token-validation.ts';
import unsafeDeserialization from './unsafe-deserialization.ts';
import unsafeReflection from './unsafe-reflection.ts';
import unsignedTokens from './unsigned-tokens.ts';
import weakCipher from './weak-cipher.ts';
import weakHash from './weak-hash.ts';
import xpathInjection from './xpath-injection.ts';
import xss from './xss.ts';
import xxe from './xxe.ts';
import zipSlip from './zip-slip.ts';

/** csharp rules, sorted by id. */
export const csharpRules: readonly RuleSpec[] = [
  blazorRawMarkup,
  codeInjection,
  commandInjection,
  csrfDisabled,
  debugMode,
  hardcodedCredentials,
  insecureCookie,
  insecureRandom,
  ldapInjection,
  logInjection,
  nosqlInjection,
  openRedirect,
  pathTraversal,
  regexInjection,
  regexTimeout,
  requestValidationDisabled,
  sqlInjection,
  ssrf,
  templateInjection,
  tlsVerificationDisabled,
  tokenValidation,
  unsafeDeserialization,
  unsafeReflection,
  unsignedTokens,
  weakCipher,
  weakHash,
  xpathInjection,
  xss,
  xxe,
  zipSlip,
];
