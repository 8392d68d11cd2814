import type { Rule } from '../../rule.ts';

/** Secret detectors (every language, and `generic` text), sorted by id. */
export const secretsRules: readonly Rule[] = [];
