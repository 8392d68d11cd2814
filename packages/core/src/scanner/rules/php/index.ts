import type { Rule } from '../../rule.ts';

/** php rules, sorted by id. */
export const phpRules: readonly Rule[] = [];
