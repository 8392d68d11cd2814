import type { RuleSpec } from '../../rule.ts';
import commandInjection from './command-injection.ts';
import copySizeOverflow from './copy-size-overflow.ts';
import divideByZero from './divide-by-zero.ts';
import doubleClose from './double-close.ts';
import doubleFree from './double-free.ts';
import externalSettingControl from './external-setting-control.ts';
import fixedAddress from './fixed-address.ts';
import floatNarrowing from './float-narrowing.ts';
import formatArguments from './format-arguments.ts';
import formatString from './format-string.ts';
import getsBufferOverflow from './gets-buffer-overflow.ts';
import hardcodedCredentials from './hardcoded-credentials.ts';
import infiniteLoop from './infinite-loop.ts';
import insecureCookie from './insecure-cookie.ts';
import insecureRandom from './insecure-random.ts';
import insecureTempFile from './insecure-temp-file.ts';
import integerNarrowing from './integer-narrowing.ts';
import integerOverflowAllocation from './integer-overflow-allocation.ts';
import invalidRelease from './invalid-release.ts';
import ldapInjection from './ldap-injection.ts';
import misleadingBlock from './misleading-block.ts';
import nullDereference from './null-dereference.ts';
import offByOneIndex from './off-by-one-index.ts';
import openRedirect from './open-redirect.ts';
import operatorConfusion from './operator-confusion.ts';
import overlappingCopy from './overlapping-copy.ts';
import pathBufferSize from './path-buffer-size.ts';
import pathTraversal from './path-traversal.ts';
import pointerSubtraction from './pointer-subtraction.ts';
import reachableAssertion from './reachable-assertion.ts';
import resourceLeak from './resource-leak.ts';
import returnStackAddress from './return-stack-address.ts';
import reverseDnsTrust from './reverse-dns-trust.ts';
import sensitiveMemory from './sensitive-memory.ts';
import sensitiveOutput from './sensitive-output.ts';
import signConversion from './sign-conversion.ts';
import signalHandler from './signal-handler.ts';
import sizeofPointer from './sizeof-pointer.ts';
import sprintfOverflow from './sprintf-overflow.ts';
import sqlInjection from './sql-injection.ts';
import ssrf from './ssrf.ts';
import switchFallthrough from './switch-fallthrough.ts';
import tlsVerificationDisabled from './tls-verification-disabled.ts';
import toctouRace from './toctou-race.ts';
import typeConfusion from './type-confusion.ts';
import unboundedLoop from './unbounded-loop.ts';
import unboundedScanf from './unbounded-scanf.ts';
import unboundedStringCopy from './unbounded-string-copy.ts';
import uncheckedReturn from './unchecked-return.ts';
import uncontrolledAllocation from './uncontrolled-allocation.ts';
import uninitializedVariable from './uninitialized-variable.ts';
import untrustedArrayIndex from './untrusted-array-index.ts';
import untrustedLibraryLoad from './untrusted-library-load.ts';
import useAfterFree from './use-after-free.ts';
import uselessCode from './useless-code.ts';
import weakCipher from './weak-cipher.ts';
import weakHash from './weak-hash.ts';
import xpathInjection from './xpath-injection.ts';
import xss from './xss.ts';
import xxe from './xxe.ts';

/** C rules (most also serve C++), sorted by file name. */
export const cRules: readonly RuleSpec[] = [
  commandInjection,
  copySizeOverflow,
  divideByZero,
  doubleClose,
  doubleFree,
  externalSettingControl,
  fixedAddress,
  floatNarrowing,
  formatArguments,
  formatString,
  getsBufferOverflow,
  hardcodedCredentials,
  infiniteLoop,
  insecureCookie,
  insecureRandom,
  insecureTempFile,
  integerNarrowing,
  integerOverflowAllocation,
  invalidRelease,
  ldapInjection,
  misleadingBlock,
  nullDereference,
  offByOneIndex,
  openRedirect,
  operatorConfusion,
  overlappingCopy,
  pathBufferSize,
  pathTraversal,
  pointerSubtraction,
  reachableAssertion,
  resourceLeak,
  returnStackAddress,
  reverseDnsTrust,
  sensitiveMemory,
  sensitiveOutput,
  signConversion,
  signalHandler,
  sizeofPointer,
  sprintfOverflow,
  sqlInjection,
  ssrf,
  switchFallthrough,
  tlsVerificationDisabled,
  toctouRace,
  typeConfusion,
  unboundedLoop,
  unboundedScanf,
  unboundedStringCopy,
  uncheckedReturn,
  uncontrolledAllocation,
  uninitializedVariable,
  untrustedArrayIndex,
  untrustedLibraryLoad,
  useAfterFree,
  uselessCode,
  weakCipher,
  weakHash,
  xpathInjection,
  xss,
  xxe,
];
