import { PROFILES } from './lang/index.ts';
import { RULES } from './rules/index.ts';
import { createScanner as createConfiguredScanner, type Scanner } from './scan.ts';
import type { GrammarLoader } from './grammar.ts';

export type { GrammarLoader, LoadedGrammar } from './grammar.ts';
export { loadedGrammars } from './grammar.ts';
export * from './types.ts';
export * from './languages.ts';
export type { Rule, Matcher, TaintMatcher, CallMatcher, NodeMatcher, QueryMatcher, SecretMatcher, SecretHit, Taint, MatchContext, VulnClass, Strength, Verdict, CallSink, AssignSink } from './rule.ts';
export { defineRule, VULN_CLASSES } from './rule.ts';
export type { CallView, FunctionView, ParamView, View, LanguageAdapter, Arg } from './engine/adapter.ts';
export type { LanguageProfile, SourceSpec, SanitizerSpec } from './engine/profile.ts';
export type { Scanner, ScannerConfig } from './scan.ts';
export { DEFAULT_MAX_FINDINGS, DEFAULT_MAX_FINDINGS_PER_RULE } from './report.ts';
export { toSarif, type SarifLog, type SarifInput } from './sarif.ts';
export { RULES, PROFILES };

/** Options of `createScanner`: the grammar loader is the only thing the core cannot provide itself. */
export interface CreateScannerOptions {
  /** Supplies grammar bytes (`@secscan/grammars` does on Node, Bun and Deno). */
  loader: GrammarLoader;
  /** Default time budget per scan in ms (5000). */
  timeBudgetMs?: number;
  /** Default most findings reported per scan (1000) and per rule (100). */
  maxFindings?: number;
  maxFindingsPerRule?: number;
}

/** Builds a scanner with every built-in rule and language. */
export function createScanner(options: CreateScannerOptions): Scanner {
  const { loader, ...defaults } = options;
  return createConfiguredScanner({ loader, rules: RULES, profiles: PROFILES, ...defaults });
}

export { createConfiguredScanner };
