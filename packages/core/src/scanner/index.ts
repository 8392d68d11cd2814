import { PROFILES } from './lang/index.ts';
import { BUILTIN_MODELS } from './models/index.ts';
import { checkModelReferences } from './models/compile.ts';
import { parseModels } from './models/schema.ts';
import { RULES, RULE_SPECS } from './rules/index.ts';
import { createScanner as createConfiguredScanner, type Scanner } from './scan.ts';
import type { GrammarLoader } from './grammar.ts';

export type { GrammarLoader, LoadedGrammar } from './grammar.ts';
export { loadedGrammars } from './grammar.ts';
export * from './types.ts';
export * from './languages.ts';
export type {
  Rule,
  RuleSpec,
  Matcher,
  TaintMatcher,
  CallMatcher,
  NodeMatcher,
  QueryMatcher,
  SecretMatcher,
  SecretHit,
  Taint,
  MatchContext,
  VulnClass,
  Strength,
  Verdict,
  CallSink,
  AssignSink,
} from './rule.ts';
export { defineRule, materializeRules, VULN_CLASSES } from './rule.ts';
export { CLASSES, findClass, type ClassDefinition, type ClassId } from './classes/catalogue.ts';
export type { CallView, FunctionView, ParamView, View, LanguageAdapter, Arg } from './engine/adapter.ts';
export type { LanguageProfile, SourceSpec, SanitizerSpec } from './engine/profile.ts';
export type { Scanner, ScannerConfig } from './scan.ts';
export { DEFAULT_MAX_FINDINGS, DEFAULT_MAX_FINDINGS_PER_RULE } from './report.ts';
export { BUILTIN_MODELS };
export { defineModel, parseModels, modelSchema, ModelError, SOURCE_KINDS, TAINT_CLASS_IDS, type ModelSpec, type SourceKind } from './models/schema.ts';
export type { Heuristics, SinkCheck, AssignCheck } from './models/compile.ts';
export { loadModelFiles, MAX_MODEL_FILE_BYTES } from './models/load.ts';
export { toSarif, type SarifLog, type SarifInput } from './sarif.ts';
export { RULES, RULE_SPECS, PROFILES };

/** Options of `createScanner`: the grammar loader is the only thing the core cannot provide itself. */
export interface CreateScannerOptions {
  /** Supplies grammar bytes (`@secscan/grammars` does on Node, Bun and Deno). */
  loader: GrammarLoader;
  /** Default time budget per scan in ms (5000). */
  timeBudgetMs?: number;
  /** Default most findings reported per scan (1000) and per rule (100). */
  maxFindings?: number;
  maxFindingsPerRule?: number;
  /**
   * Your own models (parsed JSON or objects of the model schema: docs/writing-rules.md), added to the
   * built-in ones. Checked here: an invalid model throws a ModelError naming the field.
   */
  models?: readonly unknown[];
}

/** Builds a scanner with every built-in rule, language and model, plus the caller's models. */
export function createScanner(options: CreateScannerOptions): Scanner {
  const user = options.models && options.models.length > 0 ? parseModels([...options.models]) : [];
  // Checked on their own first, so an error names the caller's model by its place in what they passed.
  checkModelReferences(user, (language) => PROFILES[language]?.heuristics);
  return createConfiguredScanner({
    loader: options.loader,
    rules: RULES,
    profiles: PROFILES,
    models: [...BUILTIN_MODELS, ...user],
    ...(options.timeBudgetMs !== undefined ? { timeBudgetMs: options.timeBudgetMs } : {}),
    ...(options.maxFindings !== undefined ? { maxFindings: options.maxFindings } : {}),
    ...(options.maxFindingsPerRule !== undefined ? { maxFindingsPerRule: options.maxFindingsPerRule } : {}),
  });
}

export { createConfiguredScanner };
