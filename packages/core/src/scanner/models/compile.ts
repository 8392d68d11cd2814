import { classOf, findClass, type ClassId } from '../classes/catalogue.ts';
import type { CallView } from '../engine/adapter.ts';
import { PatternSet } from '../engine/pattern.ts';
import type { OutSourceSpec, PropagatorSpec, SanitizerSpec, SourceSpec } from '../engine/profile.ts';
import type { LanguageId } from '../languages.ts';
import { materializeRules, VULN_CLASSES, type AssignSink, type CallSink, type MatchContext, type Rule, type Strength, type Taint, type TaintMatcher, type VulnClass } from '../rule.ts';
import type { SyntaxNode } from '../syntax.ts';
import { ModelError, modelLanguages, type ModelHandler, type ModelSpec, type SourceKind } from './schema.ts';

/** A named check a model's sink can require (`"where": "db-receiver"`), written in code by a language pack. */
export type SinkCheck = (call: CallView, ctx: MatchContext, taint: Taint) => boolean;
/** A named check on an assignment target (`"where"` of an assignment sink). */
export type AssignCheck = (target: SyntaxNode, ctx: MatchContext, taint: Taint) => boolean;

/** A language pack's named checks, by name. */
export interface Heuristics {
  readonly calls?: Readonly<Record<string, SinkCheck>>;
  readonly assignments?: Readonly<Record<string, AssignCheck>>;
}

/** A handler shape, compiled. */
export interface CompiledHandler {
  decorator: PatternSet | null;
  registration: PatternSet | null;
  argument: number | 'last' | null;
  base: PatternSet | null;
  method: PatternSet | null;
  parameterType: PatternSet | null;
  parameterAnnotation: PatternSet | null;
  parameters: ReadonlySet<number> | null;
  skip: ReadonlySet<string>;
  strength: Strength;
}

/** What the models of one language add to its profile and rules. */
export interface CompiledModels {
  sources: SourceSpec[];
  outSources: OutSourceSpec[];
  sanitizers: SanitizerSpec[];
  validators: string[];
  propagators: PropagatorSpec[];
  handlers: CompiledHandler[];
  /** Taint rules carrying the models' sinks (each under its class's rule id), and audit rules. */
  rules: Rule[];
}

/** How the engine weighs each kind of source: local machine data is `local`; database reads count only when built into text. */
export function strengthOf(kind: SourceKind): Strength {
  return kind === 'remote' ? 'remote' : kind === 'database' ? 'param' : 'local';
}

const list = <T>(x: T | readonly T[] | undefined): readonly T[] => (x === undefined ? [] : Array.isArray(x) ? (x as readonly T[]) : [x as T]);
/** `acme.request.arg` → `acme.request.arg()`: a source `call` names what the call returns. */
const asCall = (p: string): string => (p.endsWith('()') ? p : `${p}()`);

function taintOf(id: string): VulnClass {
  const cls = findClass(id);
  if (!cls || !('taint' in cls) || !cls.taint) throw new ModelError(`"${id}" is not a taint class`, [`"${id}" is not a taint class`]);
  return cls.taint;
}

/**
 * Checks what the schema cannot: that every `where` a model names exists in the language packs it
 * applies to, and that a sink's CWEs are its class's. Throws a ModelError naming the model and field.
 */
export function checkModelReferences(models: readonly ModelSpec[], heuristicsOf: (language: LanguageId) => Heuristics | undefined, origin = 'models'): void {
  const problems: string[] = [];
  models.forEach((model, i) => {
    (model.sinks ?? []).forEach((s, j) => {
      const outside = (s.cwe ?? []).filter((c) => !classOf(s.class as ClassId).cwe.includes(c));
      if (outside.length > 0) problems.push(`${origin}[${i}].sinks[${j}].cwe (${model.name}): ${outside.join(', ')} is not a CWE of ${s.class} (${classOf(s.class as ClassId).cwe.join(', ')})`);
    });
    for (const language of modelLanguages(model)) {
      const known = heuristicsOf(language);
      (model.sinks ?? []).forEach((s, j) => {
        if (s.where && !known?.calls?.[s.where]) {
          problems.push(`${origin}[${i}].sinks[${j}].where (${model.name}): no check "${s.where}" for ${language}; known: ${Object.keys(known?.calls ?? {}).sort().join(', ') || 'none'}`);
        }
      });
      (model.assignments ?? []).forEach((s, j) => {
        if (s.where && !known?.assignments?.[s.where]) {
          problems.push(`${origin}[${i}].assignments[${j}].where (${model.name}): no check "${s.where}" for ${language}; known: ${Object.keys(known?.assignments ?? {}).sort().join(', ') || 'none'}`);
        }
      });
    }
  });
  if (problems.length > 0) throw new ModelError(`invalid model${problems.length === 1 ? '' : 's'}:\n${problems.join('\n')}`, problems);
}

/** The value an audit finding stands for: something that is not a constant, of unknown origin. */
function auditTaint(node: SyntaxNode): Taint {
  return { strength: 'param', label: 'a non-constant value', source: node, steps: [], sanitized: 0, built: false, text: '' };
}

/** The argument nodes a sink names. */
function sinkArgs(call: CallView, sink: CallSink): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const positions = sink.args ?? [0];
  for (const a of call.args) {
    if (a.index >= 0 && (positions === 'all' || positions.includes(a.index))) out.push(a.node);
    else if (a.name !== null && sink.keywords?.includes(a.name)) out.push(a.node);
  }
  if (sink.receiver && call.receiver) out.push(call.receiver);
  return out;
}

/**
 * Rules for the classes models add to a language that has no rule of that class yet (built from the
 * catalogue), so a scanner lists every rule its findings can carry (SARIF needs their descriptors).
 */
export function modelClassRules(models: readonly ModelSpec[], rules: readonly Rule[]): Rule[] {
  const out: Rule[] = [];
  const have = new Set(rules.filter((r) => r.matcher.kind === 'taint').map((r) => r.id));
  for (const model of models) {
    const classes = [...(model.sinks ?? []), ...(model.assignments ?? [])].map((s) => s.class as ClassId);
    for (const language of modelLanguages(model)) {
      for (const cls of classes) {
        if (have.has(`${language}.${cls}`)) continue;
        have.add(`${language}.${cls}`);
        out.push(templateFor(language, cls, []));
      }
    }
  }
  return out;
}

/** The rule a class's model sinks join: the language's own taint rule of that class, or one built from the catalogue. */
function templateFor(language: LanguageId, cls: ClassId, rules: readonly Rule[]): Rule {
  const own = rules.find((r) => r.class === cls && r.matcher.kind === 'taint');
  if (own) return own;
  const [made] = materializeRules([{ class: cls, languages: [language], confidence: 'medium', matcher: { kind: 'taint', sinks: [] } }]);
  return made as Rule;
}

function compileHandler(h: ModelHandler): CompiledHandler {
  const set = (p: string | readonly string[] | undefined): PatternSet | null => (p === undefined ? null : new PatternSet(list(p)));
  return {
    decorator: set(h.decorator),
    registration: set(h.registration),
    argument: h.argument ?? null,
    base: set(h.base),
    method: set(h.method),
    parameterType: set(h.parameterType),
    parameterAnnotation: set(h.parameterAnnotation),
    parameters: h.parameters === undefined || h.parameters === 'all' ? null : new Set(h.parameters),
    skip: new Set(h.skip ?? []),
    strength: strengthOf(h.kind),
  };
}

/**
 * Compiles the models that apply to one language into profile additions and rules. Model sinks of
 * a class run under that class's rule of the language (same id, same policies for parameters and
 * local data); a class the language has no rule for gets one from the catalogue.
 */
export function compileModels(language: LanguageId, models: readonly ModelSpec[], rules: readonly Rule[], heuristics: Heuristics | undefined): CompiledModels {
  const out: CompiledModels = { sources: [], outSources: [], sanitizers: [], validators: [], propagators: [], handlers: [], rules: [] };
  const sinksByClass = new Map<ClassId, { sinks: CallSink[]; assigns: AssignSink[] }>();
  const bucket = (cls: ClassId): { sinks: CallSink[]; assigns: AssignSink[] } => {
    let b = sinksByClass.get(cls);
    if (!b) sinksByClass.set(cls, (b = { sinks: [], assigns: [] }));
    return b;
  };
  const audits: { cls: ClassId; sink: CallSink }[] = [];

  for (const model of models) {
    if (!modelLanguages(model).includes(language)) continue;
    for (const s of model.sources ?? []) {
      const strength = strengthOf(s.kind);
      if (s.into !== undefined) for (const arg of list(s.into)) out.outSources.push({ callee: list(s.call), arg, strength });
      else if (s.call !== undefined) out.sources.push({ paths: list(s.call).map(asCall), strength, kind: s.kind });
      else out.sources.push({ paths: list(s.path), strength, kind: s.kind });
    }
    for (const s of model.sinks ?? []) {
      const keywords = list(s.keyword);
      const where = s.where ? heuristics?.calls?.[s.where] : undefined;
      const sink: CallSink = {
        callee: list(s.call),
        args: s.arg === 'all' ? 'all' : s.arg !== undefined ? list(s.arg) : keywords.length > 0 || s.receiver ? [] : [0],
        ...(keywords.length > 0 ? { keywords } : {}),
        ...(s.receiver ? { receiver: true } : {}),
        ...(where ? { where } : {}),
        ...(s.label ? { label: s.label } : {}),
        ...(s.cwe ? { cwe: s.cwe } : {}),
      };
      bucket(s.class as ClassId).sinks.push(sink);
      if (s.audit) audits.push({ cls: s.class as ClassId, sink });
    }
    for (const a of model.assignments ?? []) {
      const where = a.where ? heuristics?.assignments?.[a.where] : undefined;
      bucket(a.class as ClassId).assigns.push({ target: list(a.target), ...(where ? { where } : {}), ...(a.label ? { label: a.label } : {}) });
    }
    for (const s of model.sanitizers ?? []) {
      const classes = s.class === 'all' ? [...VULN_CLASSES] : [...new Set(list(s.class).map(taintOf))];
      // A number is still a size or an index: the memory-safety checks keep following it.
      out.sanitizers.push({ callee: list(s.call), classes: s.numeric ? classes.filter((c) => c !== 'memory') : s.class === 'all' ? 'all' : classes });
    }
    for (const s of model.validators ?? []) {
      for (const p of new PatternSet(list(s.call)).patterns) out.validators.push(...(p.lastNames ?? []));
    }
    for (const p of model.propagators ?? []) {
      for (const to of list(p.to)) {
        out.propagators.push({ callee: list(p.call), from: p.from, to, ...(p.rest ? { rest: true } : {}), ...(p.append ? { update: true } : {}), ...(p.format ? { builds: true } : {}) });
      }
    }
    for (const h of model.handlers ?? []) out.handlers.push(compileHandler(h));
  }

  for (const [cls, { sinks, assigns }] of sinksByClass) {
    const template = templateFor(language, cls, rules);
    const tm = template.matcher as TaintMatcher;
    const matcher: TaintMatcher = {
      kind: 'taint',
      ...(tm.class ? { class: tm.class } : {}),
      sinks,
      ...(assigns.length > 0 ? { assignSinks: assigns } : {}),
      ...(tm.params ? { params: tm.params } : {}),
      ...(tm.local ? { local: tm.local } : {}),
      ...(tm.check ? { check: tm.check } : {}),
    };
    out.rules.push({ ...template, matcher });
  }
  for (const { cls, sink } of audits) {
    const template = templateFor(language, cls, rules);
    const label = sink.label;
    out.rules.push({
      ...template,
      confidence: 'low',
      taint: null,
      matcher: {
        kind: 'call',
        callee: sink.callee,
        where: (call, ctx) => {
          const risky = sinkArgs(call, sink).find((n) => !ctx.isConstant(n));
          if (!risky) return false;
          if (sink.where && !sink.where(call, ctx, auditTaint(risky))) return false;
          const name = label ?? `${ctx.pathText(call.callee ?? call.node) ?? call.name}()`;
          return { node: call.node, confidence: 'low', message: `${name} receives a value that is not a constant: ${classOf(cls).title.toLowerCase()} if it can come from untrusted input` };
        },
      },
    });
  }
  return out;
}
