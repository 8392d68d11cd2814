import type { LanguageId } from '../languages.ts';
import {
  ALL_CLASSES,
  classBit,
  type AssignSink,
  type CallMatcher,
  type CallSink,
  type NodeMatcher,
  type QueryMatcher,
  type Rule,
  type SecretMatcher,
  type SourceKindName,
  type Strength,
  type TaintMatcher,
} from '../rule.ts';
import { PatternSet, compilePattern } from './pattern.ts';
import type { LanguageProfile, PropagatorSpec } from './profile.ts';
import type { CompiledHandler, CompiledModels } from '../models/compile.ts';

/** A taint rule's call sink, compiled. */
export interface CompiledCallSink {
  rule: Rule;
  matcher: TaintMatcher;
  sink: CallSink;
  patterns: PatternSet;
  bit: number;
}

/** A structural call rule, compiled. */
export interface CompiledCallRule {
  rule: Rule;
  matcher: CallMatcher;
  patterns: PatternSet;
}

/** A taint rule's assignment sink, compiled. */
export interface CompiledAssignSink {
  rule: Rule;
  matcher: TaintMatcher;
  sink: AssignSink;
  patterns: PatternSet;
  bit: number;
}

/** A sanitizer, compiled. */
export interface CompiledSanitizer {
  patterns: PatternSet;
  mask: number;
}

/** Something keyed by the last segment of a callee path, for dispatch without scanning every rule. */
class NameIndex<T extends { patterns: PatternSet }> {
  readonly byName = new Map<string, T[]>();
  readonly anyName: T[] = [];

  add(item: T): void {
    for (const pattern of item.patterns.patterns) {
      if (pattern.lastNames === null) {
        if (!this.anyName.includes(item)) this.anyName.push(item);
        continue;
      }
      for (const name of pattern.lastNames) {
        let list = this.byName.get(name);
        if (!list) this.byName.set(name, (list = []));
        if (!list.includes(item)) list.push(item);
      }
    }
  }

  /** Candidates for a call named `name` (still to be matched against the full path). */
  candidates(name: string): readonly T[] {
    const named = this.byName.get(name);
    if (!named) return this.anyName;
    if (this.anyName.length === 0) return named;
    return [...named, ...this.anyName];
  }

  get size(): number {
    return this.byName.size + this.anyName.length;
  }
}

/** One source pattern with the strength and kind of what it returns. */
interface SourceEntry {
  set: PatternSet;
  strength: Strength;
  kind?: SourceKindName;
}

/** Source patterns grouped by their first segment (most paths are rejected on the root alone). */
export class SourceIndex {
  readonly byRoot = new Map<string, SourceEntry[]>();
  readonly floating: SourceEntry[] = [];

  add(paths: readonly string[], strength: Strength, kind?: SourceKindName): void {
    for (const source of paths) {
      const pattern = compilePattern(source);
      const entry: SourceEntry = { set: new PatternSet([source]), strength, ...(kind ? { kind } : {}) };
      const first = pattern.segments[0];
      if (pattern.floating !== 'none' || !first || first.any) {
        this.floating.push(entry);
        continue;
      }
      for (const name of first.names) {
        let list = this.byRoot.get(name);
        if (!list) this.byRoot.set(name, (list = []));
        list.push(entry);
      }
    }
  }

  /** The strongest source matching a prefix of the path, with the matched length. */
  match(path: readonly string[]): { strength: Strength; length: number; kind?: SourceKindName } | null {
    const root = path[0];
    if (root === undefined) return null;
    let best: { strength: Strength; length: number; kind?: SourceKindName } | null = null;
    const consider = (entries: readonly SourceEntry[] | undefined): void => {
      if (!entries) return;
      for (const e of entries) {
        const n = e.set.prefix(path);
        if (n > 0 && (!best || rank(e.strength) > rank(best.strength))) best = { strength: e.strength, length: n, ...(e.kind ? { kind: e.kind } : {}) };
      }
    };
    consider(this.byRoot.get(root));
    consider(this.floating);
    return best;
  }
}

/** Orders strengths: remote > local > param. */
export function rank(s: Strength): number {
  return s === 'remote' ? 3 : s === 'local' ? 2 : 1;
}

/** A language's rules and profile, compiled into dispatch tables once per process. */
export interface CompiledLanguage {
  language: LanguageId;
  profile: LanguageProfile;
  rules: readonly Rule[];
  sinks: NameIndex<CompiledCallSink>;
  calls: NameIndex<CompiledCallRule>;
  sanitizers: NameIndex<CompiledSanitizer>;
  assignSinks: readonly CompiledAssignSink[];
  returnSinks: readonly { rule: Rule; matcher: TaintMatcher; bit: number }[];
  nodeRules: ReadonlyMap<string, readonly { rule: Rule; matcher: NodeMatcher }[]>;
  queryRules: readonly { rule: Rule; matcher: QueryMatcher }[];
  secretRules: readonly { rule: Rule; matcher: SecretMatcher }[];
  sources: SourceIndex;
  outSources: readonly { patterns: PatternSet; arg: number; strength: Strength }[];
  propagators: readonly { patterns: PatternSet; spec: PropagatorSpec }[];
  exits: PatternSet;
  formatters: PatternSet;
  mutators: ReadonlySet<string>;
  cleanCalls: ReadonlySet<string>;
  validators: ReadonlySet<string>;
  /** Handler shapes from models: functions whose parameters are input. */
  handlers: readonly CompiledHandler[];
}

function asList(x: string | readonly string[]): readonly string[] {
  return typeof x === 'string' ? [x] : x;
}

/** Builds the dispatch tables of one language from its profile, the rules that apply to it and what its models add. */
export function compileLanguage(language: LanguageId, profile: LanguageProfile | null, ownRules: readonly Rule[], models: CompiledModels | null = null): CompiledLanguage {
  const rules = models ? [...ownRules, ...models.rules] : ownRules;
  const sinks = new NameIndex<CompiledCallSink>();
  const calls = new NameIndex<CompiledCallRule>();
  const sanitizers = new NameIndex<CompiledSanitizer>();
  const assignSinks: CompiledAssignSink[] = [];
  const returnSinks: { rule: Rule; matcher: TaintMatcher; bit: number }[] = [];
  const nodeRules = new Map<string, { rule: Rule; matcher: NodeMatcher }[]>();
  const queryRules: { rule: Rule; matcher: QueryMatcher }[] = [];
  const secretRules: { rule: Rule; matcher: SecretMatcher }[] = [];
  const sources = new SourceIndex();

  if (profile) {
    for (const s of [...profile.sources, ...(models?.sources ?? [])]) sources.add(s.paths, s.strength, s.kind);
    for (const s of [...profile.sanitizers, ...(models?.sanitizers ?? [])]) {
      const mask = s.classes === 'all' ? ALL_CLASSES : s.classes.reduce((m, c) => m | classBit(c), 0);
      sanitizers.add({ patterns: new PatternSet(s.callee), mask });
    }
  }

  for (const rule of rules) {
    const m = rule.matcher;
    switch (m.kind) {
      case 'taint': {
        const bit = classBit(rule.taint ?? 'code');
        for (const sink of m.sinks) sinks.add({ rule, matcher: m, sink, patterns: new PatternSet(asList(sink.callee)), bit });
        for (const sink of m.assignSinks ?? []) {
          assignSinks.push({ rule, matcher: m, sink, patterns: new PatternSet(asList(sink.target)), bit });
        }
        if (m.returnSink) returnSinks.push({ rule, matcher: m, bit });
        if (m.sanitizers?.length) sanitizers.add({ patterns: new PatternSet(m.sanitizers), mask: bit });
        if (m.sources?.length) sources.add(m.sources, 'remote');
        break;
      }
      case 'call':
        calls.add({ rule, matcher: m, patterns: new PatternSet(asList(m.callee)) });
        break;
      case 'node':
        for (const type of m.types) {
          let list = nodeRules.get(type);
          if (!list) nodeRules.set(type, (list = []));
          list.push({ rule, matcher: m });
        }
        break;
      case 'query':
        queryRules.push({ rule, matcher: m });
        break;
      case 'secret':
        secretRules.push({ rule, matcher: m });
        break;
    }
  }

  return {
    language,
    profile: profile as LanguageProfile,
    rules,
    sinks,
    calls,
    sanitizers,
    assignSinks,
    returnSinks,
    nodeRules,
    queryRules,
    secretRules,
    sources,
    outSources: [...(profile?.outSources ?? []), ...(models?.outSources ?? [])].map((o) => ({ patterns: new PatternSet(o.callee), arg: o.arg, strength: o.strength })),
    propagators: [...(profile?.propagators ?? []), ...(models?.propagators ?? [])].map((spec) => ({ patterns: new PatternSet(spec.callee), spec })),
    exits: new PatternSet(profile?.exits ?? []),
    formatters: new PatternSet(profile?.formatters ?? []),
    mutators: new Set(profile?.mutators ?? []),
    cleanCalls: new Set(profile?.cleanCalls ?? []),
    validators: new Set([...(profile?.validators ?? []), ...(models?.validators ?? [])]),
    handlers: models?.handlers ?? [],
  };
}
