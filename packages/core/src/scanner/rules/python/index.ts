import type { Rule } from '../../rule.ts';
import commandInjection from './command-injection.ts';

/** Python rules, sorted by id. */
export const pythonRules: readonly Rule[] = [commandInjection];
