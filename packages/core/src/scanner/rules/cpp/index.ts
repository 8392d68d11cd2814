import type { RuleSpec } from '../../rule.ts';
import danglingCStr from './dangling-c-str.ts';
import exceptionHandling from './exception-handling.ts';
import iteratorInvalidation from './iterator-invalidation.ts';
import mismatchedDelete from './mismatched-delete.ts';
import unboundedStreamRead from './unbounded-stream-read.ts';

/** C++-only rules, sorted by id (the `c.*` rules serve C++ too). */
export const cppRules: readonly RuleSpec[] = [danglingCStr, exceptionHandling, iteratorInvalidation, mismatchedDelete, unboundedStreamRead];
