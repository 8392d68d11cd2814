import type { Rule } from '../rule.ts';
import { javascriptRules } from './javascript/index.ts';
import { pythonRules } from './python/index.ts';

/** Every built-in rule, sorted by id. Each language folder keeps its own sorted list. */
export const RULES: readonly Rule[] = [...javascriptRules, ...pythonRules].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
