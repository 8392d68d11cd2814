import type { Rule } from '../../rule.ts';

/** c rules, sorted by id. */
export const cRules: readonly Rule[] = [];
