import type { RuleSpec } from '../../rule.ts';
import commandInjection from './command-injection.ts';
import copySizeOverflow from './copy-size-overflow.ts';
import divideByZero from './divide-by-zero.ts';
import doubleClose from './double-close.ts';
import doubleFree from './double-free.ts';
import formatString from './format-string.ts';
import getsBufferOverflow from './gets-buffer-overflow.ts';
import hardcodedCredentials from './hardcoded-credentials.ts';
import insecureCookie from './insecure-cookie.ts';
import insecureRandom from './insecure-random.ts';
import insecureTempFile from './insecure-temp-file.ts';
import integerNarrowing from './integer-narrowing.ts';
import invalidRelease from './invalid-release.ts';
import integerOverflowAllocation from './integer-overflow-allocation.ts';
import ldapInjection from './ldap-injection.ts';
import nullDereference from './null-dereference.ts';
import offByOneIndex from './off-by-one-index.ts';
import openRedirect from './open-redirect.ts';
import pathTraversal from './path-traversal.ts';
import reachableAssertion from './reachable-assertion.ts';
import resourceLeak from './resource-leak.ts';
import signConversion from './sign-conversion.ts';
import sprintfOverflow from './sprintf-overflow.ts';
import sqlInjection from './sql-injection.ts';
import ssrf from './ssrf.ts';
import tlsVerificationDisabled from './tls-verification-disabled.ts';
import toctouRace from './toctou-race.ts';
import unboundedLoop from './unbounded-loop.ts';
import unboundedScanf from './unbounded-scanf.ts';
import unboundedStringCopy from './unbounded-string-copy.ts';
import uncontrolledAllocation from './uncontrolled-allocation.ts';
import untrustedArrayIndex from './untrusted-array-index.ts';
import useAfterFree from './use-after-free.ts';
import weakCipher from './weak-cipher.ts';
import weakHash from './weak-hash.ts';
import xpathInjection from './xpath-injection.ts';
import xss from './xss.ts';
import xxe from './xxe.ts';

/** C rules (most also serve C++), sorted by id. */
export const cRules: readonly RuleSpec[] = [
  commandInjection,
  copySizeOverflow,
  divideByZero,
  doubleClose,
  doubleFree,
  formatString,
  getsBufferOverflow,
  hardcodedCredentials,
  insecureCookie,
  insecureRandom,
  insecureTempFile,
  integerNarrowing,
  invalidRelease,
  integerOverflowAllocation,
  ldapInjection,
  nullDereference,
  offByOneIndex,
  openRedirect,
  pathTraversal,
  reachableAssertion,
  resourceLeak,
  signConversion,
  sprintfOverflow,
  sqlInjection,
  ssrf,
  tlsVerificationDisabled,
  toctouRace,
  unboundedLoop,
  unboundedScanf,
  unboundedStringCopy,
  uncontrolledAllocation,
  untrustedArrayIndex,
  useAfterFree,
  weakCipher,
  weakHash,
  xpathInjection,
  xss,
  xxe,
];
