import type { RuleSpec } from '../../rule.ts';
import cleartextTransport from './cleartext-transport.ts';
import codeInjection from './code-injection.ts';
import commandInjection from './command-injection.ts';
import corsMisconfiguration from './cors-misconfiguration.ts';
import csrfDisabled from './csrf-disabled.ts';
import debugMode from './debug-mode.ts';
import fileInclusion from './file-inclusion.ts';
import hardcodedCredentials from './hardcoded-credentials.ts';
import headerInjection from './header-injection.ts';
import insecureCookie from './insecure-cookie.ts';
import insecureRandomness from './insecure-randomness.ts';
import integerOverflow from './integer-overflow.ts';
import ldapInjection from './ldap-injection.ts';
import missingAuthentication from './missing-authentication.ts';
import nosqlInjection from './nosql-injection.ts';
import openRedirect from './open-redirect.ts';
import pathTraversal from './path-traversal.ts';
import predictableIv from './predictable-iv.ts';
import regexInjection from './regex-injection.ts';
import sqlInjection from './sql-injection.ts';
import ssrf from './ssrf.ts';
import templateInjection from './template-injection.ts';
import tlsVerificationDisabled from './tls-verification-disabled.ts';
import trustBoundaryViolation from './trust-boundary-violation.ts';
import typeJuggling from './type-juggling.ts';
import unrestrictedFileUpload from './unrestricted-file-upload.ts';
import unsafeDeserialization from './unsafe-deserialization.ts';
import variableOverwrite from './variable-overwrite.ts';
import weakCipher from './weak-cipher.ts';
import weakHash from './weak-hash.ts';
import xpathInjection from './xpath-injection.ts';
import xss from './xss.ts';
import xxe from './xxe.ts';

/** php rules, sorted by id. */
export const phpRules: readonly RuleSpec[] = [
  cleartextTransport,
  codeInjection,
  commandInjection,
  corsMisconfiguration,
  csrfDisabled,
  debugMode,
  fileInclusion,
  hardcodedCredentials,
  headerInjection,
  insecureCookie,
  insecureRandomness,
  integerOverflow,
  ldapInjection,
  missingAuthentication,
  nosqlInjection,
  openRedirect,
  pathTraversal,
  predictableIv,
  regexInjection,
  sqlInjection,
  ssrf,
  templateInjection,
  tlsVerificationDisabled,
  trustBoundaryViolation,
  typeJuggling,
  unrestrictedFileUpload,
  unsafeDeserialization,
  variableOverwrite,
  weakCipher,
  weakHash,
  xpathInjection,
  xss,
  xxe,
];
