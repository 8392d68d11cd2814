import type { Rule } from '../../rule.ts';

/** go rules, sorted by id. */
export const goRules: readonly Rule[] = [];
