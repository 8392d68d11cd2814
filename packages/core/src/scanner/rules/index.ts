import type { Rule } from '../rule.ts';
import { cRules } from './c/index.ts';
import { cppRules } from './cpp/index.ts';
import { csharpRules } from './csharp/index.ts';
import { goRules } from './go/index.ts';
import { javaRules } from './java/index.ts';
import { javascriptRules } from './javascript/index.ts';
import { phpRules } from './php/index.ts';
import { pythonRules } from './python/index.ts';
import { rubyRules } from './ruby/index.ts';
import { secretsRules } from './secrets/index.ts';

/** Every built-in rule, sorted by id. Each language folder keeps its own sorted list in its index.ts. */
export const RULES: readonly Rule[] = [
  ...cRules,
  ...cppRules,
  ...csharpRules,
  ...goRules,
  ...javaRules,
  ...javascriptRules,
  ...phpRules,
  ...pythonRules,
  ...rubyRules,
  ...secretsRules,
].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
