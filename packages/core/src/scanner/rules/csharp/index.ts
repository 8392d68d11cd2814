import type { Rule } from '../../rule.ts';

/** csharp rules, sorted by id. */
export const csharpRules: readonly Rule[] = [];
