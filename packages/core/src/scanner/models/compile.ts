import { classOf, findClass, type ClassId } from '../classes/catalogue.ts';
import type { Arg, CallView } from '../engine/adapter.ts';
import { PatternSet } from '../engine/pattern.ts';
import type { OutSourceSpec, PropagatorSpec, SanitizerSpec, SourceSpec } from '../engine/profile.ts';
import type { LanguageId } from '../languages.ts';
import {
  classBit,
  materializeRules,
  VULN_CLASSES,
  type AssignSink,
  type CallSink,
  type MatchContext,
  type Rule,
  type Strength,
  type Taint,
  type TaintMatcher,
  type VulnClass,
} from '../rule.ts';
import type { SyntaxNode } from '../syntax.ts';
import { isPlaceholder } from '../secrets/credentials.ts';
import { ModelError, modelLanguages, type ModelHandler, type ModelLiteral, type ModelSpec, type SourceKind } from './schema.ts';

/** A named check a model's sink can require (`"where": "db-receiver"`), written in code by a language pack. */
export type SinkCheck = (call: CallView, ctx: MatchContext, taint: Taint) => boolean;
/** A named check on an assignment target (`"where"` of an assignment sink). */
export type AssignCheck = (target: SyntaxNode, ctx: MatchContext, taint: Taint) => boolean;

/** A language pack's named checks, by name. */
export interface Heuristics {
  readonly calls?: Readonly<Record<string, SinkCheck>>;
  readonly assignments?: Readonly<Record<string, AssignCheck>>;
  /**
   * Named arguments a language passes in another form, for `keyword` entries of literal sinks:
   * JavaScript's options objects (`jwt({ secret: 'x' })` passes `secret`).
   */
  readonly keywordArgs?: (call: CallView, ctx: MatchContext) => readonly Arg[];
  /**
   * For literal entries: the value a name was bound to where the pack can see it (`const key =
   * JWK.asKey('…'); jwt.sign(p, key)`), so a key written into the code one step away still counts.
   */
  readonly boundValue?: (node: SyntaxNode, ctx: MatchContext) => SyntaxNode | null;
  /**
   * Which values an audit sink reports (default: every one that is not a constant nor sanitized for
   * the class). A pack can leave out values the analysis vouches for: a checked or looked-up choice,
   * the deployment's own configuration, the local result of a computation it has seen.
   */
  readonly auditable?: (node: SyntaxNode, ctx: MatchContext) => boolean;
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
  /** The fewest parameters the function must declare. */
  minParameters: number;
  /** With an alias (`req`), the parameters are that object, and only sources under it are input. */
  alias: readonly string[] | null;
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
      if (outside.length > 0)
        problems.push(`${origin}[${i}].sinks[${j}].cwe (${model.name}): ${outside.join(', ')} is not a CWE of ${s.class} (${classOf(s.class as ClassId).cwe.join(', ')})`);
    });
    for (const language of modelLanguages(model)) {
      const known = heuristicsOf(language);
      (model.sinks ?? []).forEach((s, j) => {
        if (s.where && !known?.calls?.[s.where]) {
          problems.push(
            `${origin}[${i}].sinks[${j}].where (${model.name}): no check "${s.where}" for ${language}; known: ${
              Object.keys(known?.calls ?? {})
                .sort()
                .join(', ') || 'none'
            }`,
          );
        }
      });
      (model.literals ?? []).forEach((s, j) => {
        if (s.where && !known?.calls?.[s.where]) {
          problems.push(
            `${origin}[${i}].literals[${j}].where (${model.name}): no check "${s.where}" for ${language}; known: ${
              Object.keys(known?.calls ?? {})
                .sort()
                .join(', ') || 'none'
            }`,
          );
        }
      });
      (model.assignments ?? []).forEach((s, j) => {
        if (s.where && !known?.assignments?.[s.where]) {
          problems.push(
            `${origin}[${i}].assignments[${j}].where (${model.name}): no check "${s.where}" for ${language}; known: ${
              Object.keys(known?.assignments ?? {})
                .sort()
                .join(', ') || 'none'
            }`,
          );
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
    // `all` is every argument, named ones included, as for taint sinks (the walker's sink match).
    if (positions === 'all' || (a.index >= 0 && positions.includes(a.index))) out.push(a.node);
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
    minParameters: h.minParameters ?? 0,
    alias: h.alias === undefined ? null : h.alias.split('.'),
    strength: strengthOf(h.kind ?? 'remote'),
  };
}

/**
 * A call rule for a literal entry: reported when a named argument is a string literal written
 * at the call, directly or through a `through` call (`Buffer.from('…')`). It takes the metadata
 * of the language's own rule of the class, if any.
 */
function literalRule(language: LanguageId, entry: ModelLiteral, rules: readonly Rule[], heuristics: Heuristics | undefined): Rule {
  const cls = entry.class as ClassId;
  const own = rules.find((r) => r.class === cls);
  const [base] = own ? [own] : materializeRules([{ class: cls, languages: [language], confidence: 'medium', matcher: { kind: 'call', callee: [] } }]);
  const positions = entry.arg === undefined ? (entry.keyword === undefined ? [0] : []) : list(entry.arg);
  const keywords = list(entry.keyword);
  const through = entry.through === undefined ? null : new PatternSet(list(entry.through));
  const named = entry.where ? heuristics?.calls?.[entry.where] : undefined;
  // The API says the argument is a key: any real value counts, a placeholder (`changeme`, `${SECRET}`) does not.
  const secretLike = (value: string | null): boolean => value !== null && value.trim().length >= 4 && !isPlaceholder(value);
  // Only a literal written at the call: a named constant is reported where it is declared, by the
  // language's name-based rule (one finding, at the line that holds the secret).
  // A name bound to such a value in the same file counts too (the pack says what a name is bound to).
  const written = (node: SyntaxNode, ctx: MatchContext, hops = 0): boolean => {
    if (ctx.literalKind(node) === 'string') return secretLike(ctx.stringValue(node));
    const inner = through ? ctx.call(node) : null;
    if (inner && through?.matches(ctx.path(inner.callee ?? inner.node) ?? [inner.name])) {
      const first = inner.args.find((a) => a.index === 0)?.node;
      return first !== undefined && hops < 3 && written(first, ctx, hops + 1);
    }
    const bound = hops < 3 && ctx.literalKind(node) === null ? heuristics?.boundValue?.(node, ctx) : null;
    return bound ? written(bound, ctx, hops + 1) : false;
  };
  return {
    ...(base as Rule),
    confidence: 'medium',
    taint: null,
    matcher: {
      kind: 'call',
      callee: list(entry.call),
      where: (call, ctx) => {
        const args: Arg[] = [...call.args, ...(keywords.length > 0 ? (heuristics?.keywordArgs?.(call, ctx) ?? []) : [])];
        const hit = args.find((a) => ((a.index >= 0 && positions.includes(a.index)) || (a.name !== null && keywords.includes(a.name))) && written(a.node, ctx));
        if (!hit) return false;
        if (named && !named(call, ctx, auditTaint(hit.node))) return false;
        const name = entry.label ?? `${ctx.pathText(call.callee ?? call.node) ?? call.name}()`;
        // An option is reported where it is written (`{ secret: '…' }`), a positional argument at the call.
        const at = hit.index < 0 ? (hit.node.parent ?? call.node) : call.node;
        return {
          node: at,
          message: `${name} receives a value written into the code${hit.name ? ` as \`${hit.name}\`` : ''}: ${classOf(cls).title.toLowerCase()} anyone with the source can read`,
        };
      },
    },
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
      const named = s.where ? heuristics?.calls?.[s.where] : undefined;
      const modules = list(s.imports);
      // `imports`: the sink counts only in files that import one of the modules.
      const where: SinkCheck | undefined = modules.length === 0 ? named : (call, ctx, taint) => modules.some((m) => ctx.imports(m)) && (named ? named(call, ctx, taint) : true);
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
    for (const l of model.literals ?? []) out.rules.push(literalRule(language, l, rules, heuristics));
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
        out.propagators.push({
          callee: list(p.call),
          from: p.from,
          to,
          ...(p.rest ? { rest: true } : {}),
          ...(p.append ? { update: true } : {}),
          ...(p.format ? { builds: true } : {}),
        });
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
  const auditable = heuristics?.auditable;
  for (const { cls, sink } of audits) {
    const template = templateFor(language, cls, rules);
    const taint = template.taint ?? taintOf(cls);
    const label = sink.label;
    // Keywords are also looked for in the language's options objects (`Page.navigate({ url })`).
    const options = sink.keywords && heuristics?.keywordArgs;
    out.rules.push({
      ...template,
      confidence: 'low',
      taint: null,
      matcher: {
        kind: 'call',
        callee: sink.callee,
        where: (call, ctx) => {
          const args = sinkArgs(call, sink);
          if (options) for (const a of options(call, ctx)) if (a.name !== null && sink.keywords?.includes(a.name)) args.push(a.node);
          // Not a constant, nor made safe by a sanitizer of the class (`bypassSecurityTrustHtml(DOMPurify.sanitize(x))`): the
          // language's sanitizers include every model's.
          const risky = args.find((n) => !ctx.safeFor(n, taint) && (auditable?.(n, ctx) ?? true));
          if (!risky) return false;
          if (sink.where && !sink.where(call, ctx, auditTaint(risky))) return false;
          const name = label ?? `${ctx.pathText(call.callee ?? call.node) ?? call.name}()`;
          return {
            node: call.node,
            confidence: 'low',
            message: `${name} receives a value that is not a constant: ${classOf(cls).title.toLowerCase()} if it can come from untrusted input`,
          };
        },
      },
    });
  }
  return out;
}
