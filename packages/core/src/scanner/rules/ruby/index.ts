import type { Rule } from '../../rule.ts';

/** ruby rules, sorted by id. */
export const rubyRules: readonly Rule[] = [];
