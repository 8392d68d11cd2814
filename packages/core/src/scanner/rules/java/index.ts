import type { Rule } from '../../rule.ts';

/** java rules, sorted by id. */
export const javaRules: readonly Rule[] = [];
