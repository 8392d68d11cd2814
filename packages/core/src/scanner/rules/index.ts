import { materializeRules, type Rule, type RuleSpec } from '../rule.ts';
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

/** Every built-in rule part, by language pack. Each language folder keeps its own list in its index.ts. */
export const RULE_SPECS: readonly RuleSpec[] = [
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
];

/** Every built-in rule as the engine runs it (one per part and language), sorted by id. */
export const RULES: readonly Rule[] = materializeRules(RULE_SPECS);
