import type { Rule } from '../../rule.ts';
import sqlInjection from './sql-injection.ts';

/** JavaScript and TypeScript rules, sorted by id. */
export const javascriptRules: readonly Rule[] = [sqlInjection];
