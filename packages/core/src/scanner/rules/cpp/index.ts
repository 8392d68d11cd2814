import type { Rule } from '../../rule.ts';

/** cpp rules, sorted by id. */
export const cppRules: readonly Rule[] = [];
