import { ALL_CLASSES, classBit, type MatchContext, type Rule, type Strength, type Taint, type TaintMatcher, type TraceStep, type Verdict, type VerdictDetails } from '../rule.ts';
import { namedDescendants, type SyntaxNode } from '../syntax.ts';
import type { CallView, FunctionView, ParamView, View } from './adapter.ts';
import type { CompiledHandler } from '../models/compile.ts';
import { annotationPaths, typePath } from '../models/names.ts';
import { rank, type CompiledCallSink, type CompiledLanguage } from './compile.ts';
import type { PropagatorSpec } from './profile.ts';

/** A rule match before it becomes a finding. */
export interface RawMatch {
  rule: Rule;
  node: SyntaxNode;
  /** Where the reported range ends (defaults to node.end): a sink call is reported up to its dangerous argument. */
  end?: number;
  taint?: Taint;
  sinkLabel?: string;
  message?: string;
  cwe?: string[];
  confidence?: Rule['confidence'];
}

/** Mutator methods that append text to a string builder (their receiver becomes a built string). */
const STRING_BUILDERS = new Set([
  'append',
  'Append',
  'AppendLine',
  'AppendFormat',
  'insert',
  'Insert',
  'write',
  'Write',
  'WriteString',
  'concat',
  'Concat',
  'print',
  'printf',
  '<<',
]);

/** Receivers that call a method of the same class: `this.helper(x)`, `self.helper(x)`. */
const SELF_RECEIVERS = new Set(['this', 'self', '$this', 'cls', 'static', 'Me']);

/** Why a walk stopped early. */
export type WalkLimit = 'time' | 'depth' | null;

/** A function parameter that reaches a sink unchanged. */
interface Summary {
  fn: FunctionView;
  index: number;
  sink: CompiledCallSink;
  /** The sink call inside the wrapper, and where its reported range ends. */
  at: SyntaxNode;
  end: number;
  label: string;
}

/** A call made with at least one untrusted argument. */
interface TaintedCall {
  call: CallView;
  args: readonly (Taint | null)[];
}

const MAX_DEPTH = 400;
/** Methods that search a value for a substring: with a dangerous literal they are block-list checks. */
const SEARCHES = new Set([
  'includes',
  'contains',
  'Contains',
  'indexOf',
  'IndexOf',
  'strpos',
  'stripos',
  'str_contains',
  'find',
  'count',
  'include?',
  'index',
  'Index',
  'strstr',
  'strchr',
  'has',
  'search',
  'match',
  'test',
  'matches',
  'preg_match',
  'IsMatch',
  '=~',
]);
/** Methods that call a function once per element of their receiver. */
const ITERATORS = new Set([
  'forEach',
  'ForEach',
  'map',
  'Map',
  'flatMap',
  'filter',
  'Where',
  'Select',
  'SelectMany',
  'some',
  'every',
  'find',
  'findIndex',
  'reduce',
  'each',
  'each_with_index',
  'each_with_object',
  'map!',
  'collect',
  'select',
  'reject',
  'filter_map',
  'flat_map',
  'each_line',
  'for_each',
  'forEachOrdered',
  'anyMatch',
  'allMatch',
  'noneMatch',
  'peek',
  'sort',
  'sorted',
]);
/** Literals whose presence in a value is what a block-list check looks for (path and shell metacharacters, markup). */
const DANGEROUS_LITERAL = /\.\.|[/\\<>;|&$`]|^\.$/;
const MAX_STEPS = 12;
const MAX_TEXT = 512;

/** Variables of one scope: taint and known string constants. Copied on branches, merged after. */
class Env {
  taint: Map<string, Taint>;
  consts: Map<string, string>;
  /**
   * Source access paths a guard has validated (`if (!ctype_digit($_GET['id'])) exit;` makes later
   * reads of `$_GET['id']` clean). Sources are matched by path on every read, so removing a
   * variable's taint is not enough for them.
   */
  checked: Set<string>;
  /** Variables that hold null on every path to here (assigned a null literal, not since checked or reassigned). */
  nulls: Set<string>;

  constructor(taint?: Map<string, Taint>, consts?: Map<string, string>, checked?: Set<string>, nulls?: Set<string>) {
    this.taint = taint ?? new Map();
    this.consts = consts ?? new Map();
    this.checked = checked ?? new Set();
    this.nulls = nulls ?? new Set();
  }

  copy(): Env {
    return new Env(new Map(this.taint), new Map(this.consts), new Set(this.checked), new Set(this.nulls));
  }

  /** Marks a guarded name clean: its taint goes, and a member path (`$_GET.id`, `req.query.id`) is checked. */
  validate(name: string): void {
    this.taint.delete(name);
    if (name.includes('.') && !name.endsWith('()') && !name.endsWith('[]')) this.checked.add(name);
  }

  /** Joins two branch states: tainted in either stays tainted; a constant survives only where both agree. */
  static merge(a: Env | null, b: Env | null): Env | null {
    if (!a) return b;
    if (!b) return a;
    const out = a.copy();
    for (const [k, t] of b.taint) {
      const mine = out.taint.get(k);
      out.taint.set(k, mine ? join(mine, t) : t);
    }
    // A constant survives where both branches agree, or where the other branch left the variable null (it holds that constant or nothing).
    for (const [k, v] of a.consts) if (b.consts.get(k) !== v && !b.nulls.has(k)) out.consts.delete(k);
    for (const [k, v] of b.consts) if (!a.consts.has(k) && a.nulls.has(k)) out.consts.set(k, v);
    for (const k of a.checked) if (!b.checked.has(k)) out.checked.delete(k);
    for (const k of a.nulls) if (!b.nulls.has(k)) out.nulls.delete(k);
    return out;
  }
}

/** The taint sink predicates see when the walker asks "is this call a sink at all?". */
const STAND_IN: Taint = { strength: 'remote', label: '', source: null as unknown as SyntaxNode, steps: [], sanitized: 0, built: true, text: '' };

/** Union of two taints: the stronger origin, safe only for what both are safe for. */
function join(a: Taint, b: Taint): Taint {
  const first = rank(b.strength) > rank(a.strength) ? b : a;
  const sanitized = a.sanitized & b.sanitized;
  const built = a.built || b.built;
  // Parameters of one function joined stay known (`return a + b` carries both).
  const mask = a.mask !== undefined && b.mask !== undefined && a.param?.fn === b.param?.fn ? a.mask | b.mask : first.mask;
  if (first.sanitized === sanitized && first.built === built && first.mask === mask) return first;
  return mask === undefined ? { ...first, sanitized, built } : { ...first, sanitized, built, mask };
}

/**
 * What a function of the file does with its parameters, learnt from walking it once: what its
 * return value carries (which parameters, made safe for which classes, built into a string or not,
 * or a source it reads itself), which parameters it writes other parameters' data or input into
 * (out-parameters: `copy(dst, src)`, `fill(list)`), whether it never returns, and whether it can
 * reject (a validator that always says yes validates nothing). One engine mechanism for every
 * language: input helpers, escaping helpers, validating helpers, exit helpers, copy helpers.
 */
interface FunctionSummary {
  returns: Map<number, { sanitized: number }>;
  source: Taint | null;
  writes: { to: number; from: number; source: Taint | null }[];
  exits: boolean;
  rejects: boolean;
}

/** What the walk of one function records for its summary. */
interface SummaryRecorder {
  fn: FunctionView;
  returns: (Taint | null)[];
  /** A return of false/null/0/-1/"" or a throw/exit: the function can say no. */
  rejects: boolean;
  /** What each parameter held at each return: a write before an early return is a write too. */
  atReturns: Map<string, Taint[]>;
}

/** Values a validator returns to say no. */
const FALSY_LITERAL = /^(?:false|False|FALSE|null|NULL|nil|None|nullptr|undefined|0|-1|''|""|\[\]|\{\})$/;
/** The most functions walked ahead of their place for a caller at once (a chain of helpers). */
const MAX_AHEAD = 8;

function clip(text: string): string {
  return text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
}

function withStep(t: Taint, node: SyntaxNode, note: string): Taint {
  if (t.steps.length >= MAX_STEPS) return t;
  return { ...t, steps: [...t.steps, { node, note }] };
}

/** Whether a verdict reports several places. */
function isVerdictList(v: Verdict): v is readonly VerdictDetails[] {
  return Array.isArray(v);
}

function lowerConfidence(a: Rule['confidence'], b: Rule['confidence']): Rule['confidence'] {
  const order = ['low', 'medium', 'high'];
  return order.indexOf(a) < order.indexOf(b) ? a : b;
}

/**
 * Walks a syntax tree once, in program order, scope by scope. It tracks untrusted data through
 * variables (taint), checks every call against the sinks and structural call rules indexed by the
 * called name, every assignment against property sinks, and every node against structural node
 * rules. One walk serves all rules of the language, so the cost does not grow with their number.
 */
export class Walker {
  readonly matches: RawMatch[] = [];
  limit: WalkLimit = null;
  #env = new Env();
  #fn: FunctionView | null = null;
  #depth = 0;
  #ticks = 0;
  readonly #aliases: Map<string, string>;
  /**
   * Parameters a model's handler shape names as a framework object (`"alias": "req"`), by name,
   * with the path they stand for (`r` → `req`, a destructured `query` → `req.query`). Inherited by
   * nested functions, shadowed by their own parameters, dropped when the name is reassigned.
   */
  #paramAliases = new Map<string, readonly string[]>();
  readonly #visitedNodeRules = new Set<SyntaxNode>();
  readonly #ctx: MatchContext;

  constructor(
    private readonly lang: CompiledLanguage,
    private readonly code: string,
    private readonly deadline: number,
    root: SyntaxNode,
    readonly filename: string | null = null,
  ) {
    this.#aliases = lang.profile.adapter.imports(root);
    this.#ctx = this.#makeContext();
    this.#root = root;
  }

  /** Sinks a function's parameter reaches unchanged, by function name (same-file summaries). */
  readonly #summaries = new Map<string, Summary[]>();
  /** The file's top-level functions and methods by name, built on first need. */
  #functions: Map<string, FunctionView[]> | null = null;
  /** Summaries of the functions walked so far ('pending' while one is being walked: recursion). */
  readonly #fnSummaries = new Map<SyntaxNode, FunctionSummary | 'pending'>();
  /** Functions already walked (ahead of their place for a caller, or in order): never walked twice. */
  readonly #walked = new Set<SyntaxNode>();
  /** Recorders of the functions being walked, innermost last. */
  readonly #recorders: SummaryRecorder[] = [];
  #ahead = 0;
  readonly #root: SyntaxNode;
  /** Calls made with untrusted arguments, joined with the summaries after the walk. */
  readonly #tainted: TaintedCall[] = [];

  /** Runs the whole walk from the root. */
  run(root: SyntaxNode): void {
    this.#visit(root);
    if (this.lang.nodeRules.size > 0) this.#sweepNodeRules(root);
    this.#joinSummaries();
  }

  /**
   * A wrapper such as `def run(sql): cursor.execute(sql)` is not a finding by itself: its caller
   * decides what `sql` holds. When a call in the same file passes untrusted data to such a
   * parameter, the finding goes where a reviewer would put it: at the call when the caller built
   * the dangerous string (`run("… WHERE id = " + id)`), otherwise at the wrapper's sink (a URL or
   * path passed through unchanged: the harm happens inside), with the other end in the trace.
   * Both corpora agree with this split better than with either end alone.
   */
  #joinSummaries(): void {
    if (this.#summaries.size === 0) return;
    for (const site of this.#tainted) {
      const summaries = this.#summaries.get(site.call.name);
      if (!summaries) continue;
      for (const s of summaries) {
        if (s.fn.node.contains(site.call.node)) continue; // recursion
        // A method's leading self/cls is bound by the receiver, not by an argument.
        const first = s.fn.params[0]?.name;
        const offset = site.call.receiver && (first === 'self' || first === 'cls') ? 1 : 0;
        const arg = site.call.args.findIndex((a) => a.index === s.index - offset);
        const t = arg >= 0 ? site.args[arg] : null;
        if (!t || t.sanitized & s.sink.bit || !this.#accepts(s.sink.matcher, t)) continue;
        if (s.sink.matcher.check && !this.#ask(() => s.sink.matcher.check?.(t, this.#ctx, site.call.node))) continue;
        if (t.built) {
          // The caller built the dangerous string (`run("SELECT … " + id)`): that is the line at fault.
          const through = withStep(t, s.at, `passed to ${s.fn.name ?? 'a function'}() and on to ${s.label}`);
          this.#report({
            rule: s.sink.rule,
            node: site.call.node,
            taint: through,
            sinkLabel: `${site.call.name}() → ${s.label}`,
            ...(s.sink.sink.cwe ? { cwe: [...s.sink.sink.cwe] } : {}),
          });
        } else {
          const through = withStep(t, site.call.node, `passed to ${s.fn.name ?? 'a function'}()`);
          this.#report({ rule: s.sink.rule, node: s.at, end: s.end, taint: through, sinkLabel: s.label, ...(s.sink.sink.cwe ? { cwe: [...s.sink.sink.cwe] } : {}) });
        }
      }
    }
  }

  /**
   * Rules indexed by name, for a call: by the name it is called with and by the last segment of
   * its canonical path (`import { exec as run }` calls `run(…)`, canonically `child_process.exec`).
   */
  #byName<T>(index: { candidates(name: string): readonly T[] }, call: CallView, path: readonly string[]): readonly T[] {
    const direct = index.candidates(call.name);
    const last = path[path.length - 1];
    if (last === undefined || last === call.name) return direct;
    const canonical = index.candidates(last.endsWith('()') ? last.slice(0, -2) : last);
    if (canonical.length === 0) return direct;
    if (direct.length === 0) return canonical;
    return [...new Set([...direct, ...canonical])];
  }

  // ---- views and paths -------------------------------------------------------------------

  #view(node: SyntaxNode): View | null {
    if (node.viewCache === undefined) node.viewCache = this.lang.profile.adapter.view(node);
    return node.viewCache as View | null;
  }

  /** Canonical access path of an expression: names, members, indexes and calls in a chain. */
  path(node: SyntaxNode, depth = 0): string[] | null {
    if (node.pathCache !== undefined) return node.pathCache as string[] | null;
    let result: string[] | null = null;
    if (depth < 64) {
      const v = this.#view(node);
      switch (v?.kind) {
        case 'name': {
          const param = this.#paramAliases.get(v.name);
          if (param) {
            result = [...param];
            break;
          }
          const alias = this.#aliases.get(v.name);
          result = alias !== undefined && !this.#env.taint.has(v.name) ? alias.split('.') : [v.name];
          break;
        }
        case 'member': {
          const base = this.path(v.object, depth + 1);
          result = base ? [...base, v.property] : null;
          break;
        }
        case 'index': {
          const base = this.path(v.object, depth + 1);
          result = base ? [...base, '[]'] : null;
          break;
        }
        case 'call': {
          const callee = this.calleePath(v, depth + 1);
          if (callee && callee.length > 0) result = [...callee.slice(0, -1), `${callee[callee.length - 1]}()`];
          break;
        }
        case 'pass':
          result = this.path(v.inner, depth + 1);
          break;
        default:
          result = null;
      }
    }
    node.pathCache = result;
    return result;
  }

  /** Path of what a call calls: `db.query` for `db.query(sql)`. */
  calleePath(call: CallView, depth = 0): string[] | null {
    if (call.receiver) {
      const base = this.path(call.receiver, depth + 1);
      return base ? [...base, call.name] : ['?', call.name];
    }
    if (call.callee) {
      const p = this.path(call.callee, depth + 1);
      if (p) return p;
    }
    return [call.name];
  }

  // ---- statements ------------------------------------------------------------------------

  #tick(): boolean {
    if (this.limit) return false;
    if ((++this.#ticks & 1023) === 0 && performance.now() > this.deadline) {
      this.limit = 'time';
      return false;
    }
    return true;
  }

  #visit(node: SyntaxNode): void {
    if (!this.#tick()) return;
    if (this.#depth >= MAX_DEPTH) {
      this.limit ??= 'depth';
      return;
    }
    this.#depth++;
    try {
      this.#visitInner(node);
    } finally {
      this.#depth--;
    }
  }

  #visitInner(node: SyntaxNode): void {
    this.#nodeRules(node);
    const v = this.#view(node);
    if (v === null) {
      for (const child of node.children) if (child.named) this.#visit(child);
      return;
    }
    switch (v.kind) {
      case 'if':
        this.#visitIf(v.condition, v.then, v.else, v.fold);
        return;
      case 'return':
        this.#visitReturn(node, v.value);
        return;
      case 'skip':
      case 'exit':
        if (v.kind === 'exit') {
          this.#recordExit();
          for (const child of node.children) if (child.named) this.#eval(child);
        }
        return;
      case 'loop': {
        const t = this.#eval(v.iterable);
        this.#bindTargets(v.targets, t, null, node, false);
        if (v.body) this.#visit(v.body);
        return;
      }
      default:
        this.#eval(node);
    }
  }

  #visitReturn(node: SyntaxNode, value: SyntaxNode | null): void {
    if (!value) {
      this.#recordReturn(null, null);
      return;
    }
    const t = this.#eval(value);
    this.#recordReturn(value, t);
    if (!t || !this.#fn) return;
    for (const r of this.lang.returnSinks) {
      if (t.sanitized & r.bit) continue;
      if (!this.#accepts(r.matcher, t)) continue;
      const fn = this.#fn;
      if (!this.#ask(() => r.matcher.returnSink?.(fn, this.#ctx, t))) continue;
      if (r.matcher.check && !this.#ask(() => r.matcher.check?.(t, this.#ctx, node))) continue;
      this.#report({ rule: r.rule, node, taint: t, sinkLabel: 'the response' });
    }
  }

  /**
   * Branches get their own copies of the state; guards clean the variables they validate. A
   * condition the adapter folds to a constant runs only the branch it takes (the other is dead code).
   */
  #visitIf(condition: SyntaxNode, then: SyntaxNode | null, otherwise: SyntaxNode | null, fold?: boolean): void {
    this.#eval(condition);
    // A condition that folds to a constant (`if (0)`, `if (kEnabled)`): only the branch that runs is walked.
    // The view may say so (`fold`), or the adapter's constantCondition hook.
    const known = fold ?? this.lang.profile.adapter.constantCondition?.(condition) ?? null;
    if (known !== null) {
      const taken = known ? then : otherwise;
      if (taken) this.#visit(taken);
      return;
    }
    const guard = this.#guard(condition);
    const before = this.#env;
    const thenEnv = before.copy();
    const elseEnv = before.copy();
    for (const name of guard.positive) thenEnv.validate(name);
    for (const name of guard.negative) elseEnv.validate(name);
    if (before.nulls.size > 0) {
      const tests = this.#nullTests(condition, 0);
      for (const name of tests.whenTrue) thenEnv.nulls.delete(name);
      for (const name of tests.whenFalse) elseEnv.nulls.delete(name);
    }

    this.#env = thenEnv;
    if (then) this.#visit(then);
    const thenExits = then !== null && this.#exits(then);
    const thenOut = this.#env;

    this.#env = elseEnv;
    if (otherwise) this.#visit(otherwise);
    const elseExits = otherwise !== null && this.#exits(otherwise);
    const elseOut = this.#env;

    // `if (!valid(x)) return;` and `if '..' in x: abort()` leave x checked past the `if`: the
    // false branch (where `negative` holds) is all that continues. `if (valid(x)) return …;` does not.
    this.#env = Env.merge(thenExits ? null : thenOut, elseExits ? null : elseOut) ?? elseOut;
  }

  /** Whether a statement or block always leaves the enclosing flow (return, throw, exit call). */
  #exits(node: SyntaxNode, depth = 0): boolean {
    if (depth > 8) return false;
    const v = this.#view(node);
    if (v?.kind === 'return' || v?.kind === 'exit') return true;
    if (v?.kind === 'call') return this.lang.exits.matches(this.calleePath(v) ?? [v.name]) || (this.#summaryFor(v)?.exits ?? false);
    if (v?.kind === 'pass') return this.#exits(v.inner, depth + 1);
    if (v?.kind === 'if') return v.then !== null && v.else !== null && this.#exits(v.then, depth + 1) && this.#exits(v.else, depth + 1);
    if (v === null) {
      for (const child of node.children) {
        if (child.named && this.#exits(child, depth + 1)) return true;
        if (child.type === 'break' || child.type === 'continue' || child.type === 'break_statement' || child.type === 'continue_statement') return true;
      }
    }
    return false;
  }

  /**
   * Variables a condition validates. Allow-list checks validate where they hold: validator
   * predicates (`isdigit`, `matches`, `isValid`, `startsWith(base)`), membership of the value in a
   * collection (`x in ALLOWED`), equality with a constant. Block-list checks validate where they
   * fail: a value searched for a dangerous literal (`'..' in x`, `x.includes('..')`,
   * `strpos($x, '..') !== false`). Presence checks (`if (!x)`) validate nothing. `positive` holds
   * where the condition is true, `negative` where it is false.
   */
  #guard(condition: SyntaxNode): { positive: string[]; negative: string[] } {
    const positive: string[] = [];
    const negative: string[] = [];
    // An allow-list or validator applied to a member (`ALLOWED.include?(uri.host)`, `valid(url.hostname)`)
    // vouches for the object too; an equality test of a member (`msg.type === 'x'`) only for itself.
    const names = (n: SyntaxNode | null, withRoot = true): string[] => {
      if (!n) return [];
      const p = this.path(n);
      if (!p || p.length === 0) return [];
      if (p.length === 1) return [p[0] as string];
      return withRoot ? [p[0] as string, p.join('.')] : [p.join('.')];
    };
    const walk = (n: SyntaxNode, negated: boolean, depth: number): void => {
      if (depth > 24) return;
      const v = this.#view(n);
      const into = negated ? negative : positive;
      switch (v?.kind) {
        case 'not':
          walk(v.inner, !negated, depth + 1);
          return;
        case 'pass':
          walk(v.inner, negated, depth + 1);
          return;
        case 'membership': {
          const flip = v.negated === true;
          // `'..' in path`: the collection is searched for a dangerous constant — a block-list check.
          if (this.isConstant(v.subject) && !this.isConstant(v.collection)) {
            (negated !== flip ? positive : negative).push(...names(v.collection));
            return;
          }
          (negated !== flip ? negative : positive).push(...names(v.subject));
          return;
        }
        case 'equality': {
          const target = this.isConstant(v.right) ? v.left : this.isConstant(v.left) ? v.right : null;
          const zero = v.right.text === '0' ? v.left : v.left.text === '0' ? v.right : null;
          if (zero && this.#view(zero)?.kind === 'call') {
            // `strpos($p, $base) === 0`, `s.indexOf(base) == 0`, `strcmp(a, b) == 0`: equal to 0 holds the predicate.
            walk(zero, negated !== v.negated, depth + 1);
            return;
          }
          const sentinel = this.#isSentinel(v.right) ? v.left : this.#isSentinel(v.left) ? v.right : null;
          if (sentinel) {
            // `re.match(p, x) is None`, `x.indexOf('..') === -1`, `strpos($x, '..') !== false`:
            // comparing a predicate with false/null/-1 negates it; `!=`/`!==` keeps it.
            walk(sentinel, negated === !v.negated ? false : true, depth + 1);
            return;
          }
          if (target && this.#view(target)?.kind !== 'call') (v.negated ? (negated ? positive : negative) : into).push(...names(target, false));
          walk(v.left, negated, depth + 1);
          walk(v.right, negated, depth + 1);
          return;
        }
        case 'call': {
          if (this.lang.validators.has(v.name) || /^_{0,2}(?:is_?|has_?)?(?:valid|safe|allowed|whitelist|allowlist|permitted|authori[sz]ed)/i.test(v.name)) {
            // The file's own validator is judged by its body: one that can never say no validates nothing.
            const own = this.#summaryFor(v);
            if (own && !own.rejects) return;
            // A search for a dangerous literal (`x.includes('..')`, `strpos($x, '/')`) is a block-list check.
            const blocklist = SEARCHES.has(v.name) && v.args.some((a) => DANGEROUS_LITERAL.test(this.stringValue(a.node) ?? ''));
            const where = blocklist ? (negated ? positive : negative) : into;
            if (v.receiver && !this.isConstant(v.receiver)) where.push(...names(v.receiver));
            for (const a of v.args) if (!this.isConstant(a.node)) where.push(...names(a.node));
          }
          return;
        }
        case 'clean':
          for (const part of v.parts) walk(part, negated, depth + 1);
          return;
        case 'choice':
          for (const part of v.options) walk(part, negated, depth + 1);
          return;
        default:
          for (const child of n.children) if (child.named) walk(child, negated, depth + 1);
      }
    };
    walk(condition, false, 0);
    return { positive, negative };
  }

  /** Names a condition proves not null where it is true (`x != null`, `a != null && b != null`) and where it is false (`x == null`). */
  #nullTests(condition: SyntaxNode, depth: number): { whenTrue: string[]; whenFalse: string[] } {
    const out = { whenTrue: [] as string[], whenFalse: [] as string[] };
    if (depth > 12) return out;
    const v = this.#view(condition);
    if (v?.kind === 'pass') return this.#nullTests(v.inner, depth + 1);
    if (v?.kind === 'not') {
      const inner = this.#nullTests(v.inner, depth + 1);
      return { whenTrue: inner.whenFalse, whenFalse: inner.whenTrue };
    }
    if (v?.kind === 'equality') {
      const other = this.#isNullLiteral(v.right) ? v.left : this.#isNullLiteral(v.left) ? v.right : null;
      const ov = other ? this.#view(other) : null;
      if (ov?.kind === 'name') (v.negated ? out.whenTrue : out.whenFalse).push(ov.name);
      return out;
    }
    if (v?.kind === 'clean') {
      // `a && b` is shown as clean parts: where it holds, each part holds.
      for (const part of v.parts) out.whenTrue.push(...this.#nullTests(part, depth + 1).whenTrue);
    }
    return out;
  }

  /** A null literal (`null`, `None`, `nil`, `NULL`, `nullptr`, `undefined`). */
  #isNullLiteral(node: SyntaxNode): boolean {
    return this.#view(node)?.kind === 'literal' && /^(?:null|nil|None|NULL|nullptr|undefined)$/.test(node.text);
  }

  /** false, null/None/nil or -1: what a failed search or match returns. */
  #isSentinel(node: SyntaxNode): boolean {
    const text = node.text;
    return /^(?:null|nil|None|undefined|NULL|nullptr|false|False|FALSE|-1|-\s*1)$/.test(text);
  }

  #isNullish(node: SyntaxNode): boolean {
    const v = this.#view(node);
    if (v?.kind === 'string') return v.value === '';
    if (v?.kind !== 'literal') return false;
    return /^(?:null|nil|None|undefined|NULL|nullptr|false|False|0)$/.test(node.text);
  }

  // ---- functions -------------------------------------------------------------------------

  #enterFunction(fn: FunctionView): void {
    // Top-level functions and methods are walked once, in order or ahead of it for a caller, and
    // summarised; closures depend on their surroundings and are walked where they stand.
    const tracked = this.#peeking === 0 && this.#isTopLevel(fn);
    if (tracked) {
      if (this.#walked.has(fn.node)) return;
      this.#walked.add(fn.node);
    }
    if (!fn.passedTo && this.#passedTo) fn.passedTo = this.#passedTo;
    const outerEnv = this.#env;
    const outerFn = this.#fn;
    const outerAliases = this.#paramAliases;
    const env = outerEnv.copy();
    for (const param of fn.params) {
      env.taint.delete(param.name);
      env.consts.delete(param.name);
      env.nulls.delete(param.name);
      const shape = this.lang.handlers.length > 0 && (this.lang.profile.carriesData?.(fn, param) ?? true) ? this.#handlerTaint(fn, param) : null;
      if (this.#paramAliases.has(param.name) || (shape !== null && typeof shape !== 'string')) {
        // Copy on write: the outer function keeps its own aliases.
        if (this.#paramAliases === outerAliases) this.#paramAliases = new Map(outerAliases);
        this.#paramAliases.delete(param.name);
        if (shape !== null && typeof shape !== 'string') {
          this.#paramAliases.set(param.name, param.field ? [...shape.alias, ...param.field] : shape.alias);
          continue;
        }
      }
      const strength = (typeof shape === 'string' ? shape : null) ?? this.lang.profile.paramTaint(fn, param);
      if (strength) {
        const taint: Taint = {
          strength,
          label: param.name,
          source: param.node,
          steps: [],
          sanitized: 0,
          built: false,
          text: '',
          param: { fn, index: param.index },
        };
        if (param.index < 31) taint.mask = 1 << param.index;
        env.taint.set(param.name, taint);
      }
    }
    const recorder: SummaryRecorder | null = tracked ? { fn, returns: [], rejects: false, atReturns: new Map() } : null;
    if (recorder) {
      this.#recorders.push(recorder);
      this.#fnSummaries.set(fn.node, 'pending');
    }
    // `items.forEach(x => …)`, `list.stream().map(x -> …)`, `rows.each do |r|`: the first
    // parameter is an element of the receiver, and carries its taint.
    const iterated = fn.passedTo?.receiver && ITERATORS.has(fn.passedTo.name) ? this.#memo.get(fn.passedTo.receiver) : null;
    const first = fn.params[0];
    if (iterated && first && !env.taint.has(first.name)) env.taint.set(first.name, withStep(iterated, first.node, `element bound to ${first.name}`));
    this.#env = env;
    this.#fn = fn;
    try {
      if (fn.body) {
        const bodyView = this.#view(fn.body);
        if (bodyView === null || bodyView.kind === 'if' || bodyView.kind === 'return' || bodyView.kind === 'loop') this.#visit(fn.body);
        else {
          // An expression body (arrow function, lambda) is what the function returns.
          const t = this.#eval(fn.body);
          this.#recordReturn(fn.body, t);
          if (t) this.#checkReturn(fn.body, t);
        }
      }
      if (recorder) this.#fnSummaries.set(fn.node, this.#summariseFunction(recorder, this.#env));
    } finally {
      if (recorder) this.#recorders.pop();
      this.#env = outerEnv;
      this.#fn = outerFn;
      this.#paramAliases = outerAliases;
    }
  }

  /** Whether a function is a top-level function or a method (no function encloses it). */
  #isTopLevel(fn: FunctionView): boolean {
    const types = this.lang.profile.adapter.functionTypes;
    for (let p = fn.node.parent; p; p = p.parent) if (types.has(p.type)) return false;
    return true;
  }

  /** Notes what the function being summarised returns here. */
  #recordReturn(value: SyntaxNode | null, t: Taint | null): void {
    const recorder = this.#recorders[this.#recorders.length - 1];
    if (!recorder || recorder.fn !== this.#fn) return;
    recorder.returns.push(t);
    for (const p of recorder.fn.params) {
      const held = this.#env.taint.get(p.name);
      if (!held) continue;
      const list = recorder.atReturns.get(p.name);
      if (!list) recorder.atReturns.set(p.name, [held]);
      else if (!list.includes(held)) list.push(held);
    }
    // Anything but a constant that is true can be a "no": `return x in ALLOWED`, `return false`.
    if (value && (!this.isConstant(value) || FALSY_LITERAL.test(value.text.trim()))) recorder.rejects = true;
  }

  /** Notes that the function being summarised can leave by throwing or exiting. */
  #recordExit(): void {
    const recorder = this.#recorders[this.#recorders.length - 1];
    if (recorder && recorder.fn === this.#fn) recorder.rejects = true;
  }

  /** Builds a function's summary from what its walk recorded and its variables at the end. */
  #summariseFunction(recorder: SummaryRecorder, env: Env): FunctionSummary {
    const fn = recorder.fn;
    const returns = new Map<number, { sanitized: number }>();
    let source: Taint | null = null;
    let values = 0;
    for (const t of recorder.returns) {
      if (!t) continue;
      values++;
      if (t.param?.fn === fn && t.mask) {
        for (let i = 0; i < 31; i++) {
          if (!(t.mask & (1 << i))) continue;
          const prev = returns.get(i);
          returns.set(i, { sanitized: prev ? prev.sanitized & t.sanitized : t.sanitized });
        }
      } else if (t.strength !== 'param') source = source ? join(source, t) : t;
    }
    const writes: FunctionSummary['writes'] = [];
    for (const p of fn.params) {
      const atEnd = env.taint.get(p.name);
      let from = 0;
      let source: Taint | null = null;
      for (const t of atEnd ? [atEnd, ...(recorder.atReturns.get(p.name) ?? [])] : (recorder.atReturns.get(p.name) ?? [])) {
        if (t.param?.fn === fn && t.mask !== undefined) from |= t.mask & ~(p.index < 31 ? 1 << p.index : 0);
        else if (t.strength !== 'param') source = source ? join(source, t) : t;
      }
      for (let j = 0; j < 31; j++) if (from & (1 << j)) writes.push({ to: p.index, from: j, source: null });
      if (source) writes.push({ to: p.index, from: -1, source });
    }
    const exits = values === 0 && recorder.returns.length === 0 && fn.body !== null && this.#exits(fn.body);
    return { returns, source, writes, exits, rejects: recorder.rejects };
  }

  /** The file's top-level functions and methods by name (built once, on first need). */
  #functionIndex(): Map<string, FunctionView[]> {
    if (this.#functions) return this.#functions;
    const index = new Map<string, FunctionView[]>();
    const adapter = this.lang.profile.adapter;
    // Top-level functions and methods only (not those nested in another function), outside strings;
    // the tree's type index is shared with the predicates that ask for every node of a type.
    const found: SyntaxNode[] = [];
    for (const type of adapter.functionTypes) {
      for (const node of namedDescendants(this.#root, type)) {
        let outer = false;
        for (let p = node.parent; p && !outer; p = p.parent) outer = adapter.functionTypes.has(p.type) || adapter.stringTypes.has(p.type);
        if (!outer) found.push(node);
      }
    }
    found.sort((a, b) => a.start - b.start);
    for (const node of found) {
      const v = this.#view(node);
      if (v?.kind === 'function' && v.fn.name) {
        let list = index.get(v.fn.name);
        if (!list) index.set(v.fn.name, (list = []));
        list.push(v.fn);
      }
    }
    this.#functions = index;
    return index;
  }

  /**
   * The summary of the file's own function a call calls (`helper(x)`, `self.helper(x)`,
   * `this.helper(x)`), walking it first if the walk has not reached it yet; null for anything else,
   * for a name defined more than once, and while a function is being walked (recursion).
   */
  #summaryFor(call: CallView): FunctionSummary | null {
    if (call.receiver && !SELF_RECEIVERS.has(call.receiver.text)) return null;
    const fns = this.#functionIndex().get(call.name);
    if (!fns || fns.length !== 1) return null;
    const fn = fns[0] as FunctionView;
    if (fn.node.contains(call.node)) return null;
    let summary = this.#fnSummaries.get(fn.node);
    if (summary === undefined && this.#peeking === 0 && this.#ahead < MAX_AHEAD && !this.#walked.has(fn.node)) {
      // Walk it now, as at the top of the file (its own scope, not the caller's variables).
      const env = this.#env;
      const current = this.#fn;
      const passedTo = this.#passedTo;
      this.#env = new Env();
      this.#fn = null;
      this.#passedTo = null;
      this.#ahead++;
      try {
        this.#enterFunction(fn);
      } finally {
        this.#ahead--;
        this.#env = env;
        this.#fn = current;
        this.#passedTo = passedTo;
      }
      summary = this.#fnSummaries.get(fn.node);
    }
    return summary && summary !== 'pending' ? summary : null;
  }

  /** Argument of a call for a parameter of the function it calls (a method's leading self/cls is the receiver). */
  #argumentFor(call: CallView, fn: FunctionView, param: number): number {
    const first = fn.params[0]?.name;
    const offset = call.receiver && (first === 'self' || first === 'cls') ? 1 : 0;
    return call.args.findIndex((a) => a.index === param - offset);
  }

  /**
   * What a call to a summarised function returns: each argument as the function treats it when it
   * returns it (escaped or not), plus input the function reads itself. An argument the
   * walk did not see returned passes on unchanged, as through any call: the summary adds what the
   * walk proved, it never removes what a language pack's own checks may judge better.
   */
  #summaryResult(call: CallView, fn: FunctionView, summary: FunctionSummary, argTaints: readonly (Taint | null)[]): Taint | null {
    let out: Taint | null = summary.source;
    const first = fn.params[0]?.name;
    const offset = call.receiver && (first === 'self' || first === 'cls') ? 1 : 0;
    call.args.forEach((a, i) => {
      const t = argTaints[i];
      if (!t) return;
      const carried = a.index >= 0 ? summary.returns.get(a.index + offset) : undefined;
      // What the function escapes on the way carries over; whether it built text is left out (where the
      // finding belongs, the caller or the helper, depends on who built the dangerous string).
      const passed: Taint = carried && carried.sanitized ? { ...t, sanitized: t.sanitized | carried.sanitized } : t;
      out = out ? join(out, passed) : passed;
    });
    return out ? withStep(out, call.node, `returned by ${call.name}()`) : null;
  }

  /** Writes a summarised call makes into its arguments (`copy(dst, src)`, `read_line(buf)`). */
  #applyWrites(call: CallView, fn: FunctionView, summary: FunctionSummary, argTaints: readonly (Taint | null)[], sanitized: number): void {
    for (const w of summary.writes) {
      const target = call.args[this.#argumentFor(call, fn, w.to)];
      if (!target) continue;
      let t: Taint | null = w.source;
      if (w.from >= 0) {
        const at = this.#argumentFor(call, fn, w.from);
        t = at >= 0 ? (argTaints[at] ?? null) : null;
      }
      if (!t) continue;
      // `html_escape(in, out, n)`: a call the language knows as a sanitizer makes what it writes safe too.
      if (sanitized) t = { ...t, sanitized: t.sanitized | sanitized };
      this.#bindTargets([target.node], withStep(t, call.node, `written by ${call.name}()`), null, call.node, true);
    }
  }

  #checkReturn(node: SyntaxNode, t: Taint): void {
    if (!this.#fn) return;
    for (const r of this.lang.returnSinks) {
      if (t.sanitized & r.bit) continue;
      if (!this.#accepts(r.matcher, t)) continue;
      const fn = this.#fn;
      if (!this.#ask(() => r.matcher.returnSink?.(fn, this.#ctx, t))) continue;
      this.#report({ rule: r.rule, node, taint: t, sinkLabel: 'the response' });
    }
  }

  // ---- expressions -----------------------------------------------------------------------

  #memo = new Map<SyntaxNode, Taint | null>();

  /** Taint of an expression; walks it for sinks along the way. */
  #eval(node: SyntaxNode): Taint | null {
    if (!this.#tick()) return null;
    if (this.#depth >= MAX_DEPTH) {
      this.limit ??= 'depth';
      return null;
    }
    this.#depth++;
    try {
      const t = this.#evalInner(node);
      this.#memo.set(node, t);
      return t;
    } finally {
      this.#depth--;
    }
  }

  #evalInner(node: SyntaxNode): Taint | null {
    this.#nodeRules(node);
    const v = this.#view(node);
    if (v === null) {
      let out: Taint | null = null;
      for (const child of node.children) {
        if (!child.named) continue;
        const t = this.#eval(child);
        if (t) out = out ? join(out, t) : t;
      }
      return out;
    }
    switch (v.kind) {
      case 'string':
      case 'literal':
      case 'skip':
        return null;
      case 'name':
        return this.#source(node) ?? this.#env.taint.get(v.name) ?? null;
      case 'member':
      case 'index': {
        const src = this.#source(node);
        if (src) return src;
        if (this.#checked(node)) return null;
        if (v.kind === 'index' && v.index) this.#eval(v.index);
        const key = this.path(node);
        if (key && key.length > 1) {
          const field = this.#env.taint.get(key.join('.'));
          if (field) return field;
        }
        return this.#eval(v.object);
      }
      case 'call':
        return this.#evalCall(v);
      case 'concat':
        return this.#concat(v.parts);
      case 'choice':
      case 'collection': {
        if (v.kind === 'choice' && v.condition) return this.#conditional(v.condition, v.options);
        let out: Taint | null = null;
        for (const item of v.kind === 'collection' ? v.items : v.options) {
          const t = this.#eval(item);
          if (t) out = out ? join(out, t) : t;
        }
        return out;
      }
      case 'clean':
        for (const part of v.parts) this.#eval(part);
        return null;
      case 'not':
        this.#eval(v.inner);
        return null;
      case 'membership':
        this.#eval(v.subject);
        this.#eval(v.collection);
        return null;
      case 'equality':
        this.#eval(v.left);
        this.#eval(v.right);
        return null;
      case 'pass':
        return this.#eval(v.inner);
      case 'assign':
        return this.#assign(node, v.targets, v.value, v.update);
      case 'function':
        this.#enterFunction(v.fn);
        return null;
      case 'if':
        this.#visitIf(v.condition, v.then, v.else, v.fold);
        return null;
      case 'return':
        this.#visitReturn(node, v.value);
        return null;
      case 'loop':
      case 'exit':
        this.#visitInner(node);
        return null;
    }
  }

  /** `c ? a : b`: the condition is walked, and guards it holds apply to each branch (`ok(x) ? x : d`). */
  #conditional(condition: SyntaxNode, options: readonly SyntaxNode[]): Taint | null {
    this.#eval(condition);
    const guard = this.#guard(condition);
    const before = this.#env;
    let out: Taint | null = null;
    options.forEach((option, i) => {
      const names = i === 0 ? guard.positive : i === 1 ? guard.negative : [];
      if (names.length > 0) {
        this.#env = before.copy();
        for (const name of names) this.#env.validate(name);
      }
      try {
        const t = this.#eval(option);
        if (t) out = out ? join(out, t) : t;
      } finally {
        this.#env = before;
      }
    });
    return out;
  }

  /** String building: the parts' taint, marked built, with the literal text gathered. */
  #concat(parts: readonly SyntaxNode[]): Taint | null {
    let out: Taint | null = null;
    let text = '';
    for (const part of parts) {
      const t = this.#eval(part);
      const literal = this.stringValue(part);
      if (literal !== null) text += literal;
      else if (t) text += t.text;
      if (t) out = out ? join(out, t) : t;
    }
    if (!out) return null;
    return { ...out, built: true, text: clip(text) };
  }

  /** A path-based source (`req.query.id`, `$_GET['x']`, `input()`), or null. */
  /** Whether a guard validated this access path (`$_GET['id']` after `if (!ctype_digit($_GET['id'])) exit;`). */
  #checked(node: SyntaxNode): boolean {
    if (this.#env.checked.size === 0) return false;
    const p = this.path(node);
    return p !== null && this.#env.checked.has(p.join('.'));
  }

  #source(node: SyntaxNode): Taint | null {
    const p = this.path(node);
    if (!p) return null;
    if (this.#env.checked.size > 0 && this.#env.checked.has(p.join('.'))) return null;
    const hit = this.lang.sources.match(p);
    if (!hit) return null;
    let text = node.text.replace(/\s+/g, ' ');
    // Read through an aliased parameter (`query.id` for `req.query.id`): name the source by what it is.
    const root = this.#paramAliases.size > 0 ? this.#aliasedRoot(node) : null;
    if (root && text.startsWith(root.name)) text = `${(this.#paramAliases.get(root.name) ?? []).join('.')}${text.slice(root.name.length)}`;
    return {
      strength: hit.strength,
      label: text.length > 80 ? `${text.slice(0, 77)}...` : text,
      source: node,
      steps: [],
      sanitized: 0,
      built: false,
      text: '',
      ...(hit.kind ? { kind: hit.kind } : {}),
    };
  }

  /** The parameter alias an access path starts at (`query` in `query.id`, `r` in `r.get('x')`), or null. */
  #aliasedRoot(node: SyntaxNode, depth = 0): { name: string } | null {
    if (depth > 32) return null;
    const v = this.#view(node);
    switch (v?.kind) {
      case 'name':
        return this.#paramAliases.has(v.name) ? { name: v.name } : null;
      case 'member':
      case 'index':
        return this.#aliasedRoot(v.object, depth + 1);
      case 'call':
        return v.receiver !== null ? this.#aliasedRoot(v.receiver, depth + 1) : v.callee !== null ? this.#aliasedRoot(v.callee, depth + 1) : null;
      case 'pass':
        return this.#aliasedRoot(v.inner, depth + 1);
      default:
        return null;
    }
  }

  #evalCall(call: CallView): Taint | null {
    const node = call.node;
    const path = this.calleePath(call) ?? [call.name];
    const source = this.#source(node);

    const receiverTaint = call.receiver ? this.#eval(call.receiver) : null;
    const argTaints: (Taint | null)[] = [];
    for (const arg of call.args) {
      const v = this.#view(arg.node);
      if (v?.kind === 'function') {
        const saved = this.#passedTo;
        this.#passedTo = call;
        try {
          argTaints.push(this.#eval(arg.node));
        } finally {
          this.#passedTo = saved;
        }
      } else argTaints.push(this.#eval(arg.node));
    }
    if (call.callee && !call.receiver) {
      const cv = this.#view(call.callee);
      if (cv && cv.kind !== 'name' && cv.kind !== 'member') this.#eval(call.callee);
    }

    // A call that writes untrusted data into an argument: fgets(buf, n, stdin).
    let copies = false;
    for (const out of this.lang.outSources) {
      if (!out.patterns.matches(path)) continue;
      copies = true;
      const target = call.args.find((a) => a.index === out.arg);
      if (target) {
        // A pack's canonical name (`__c_reader.R.0`) is shown as the name the code calls.
        const label = path[0]?.startsWith('__') ? call.name : path.join('.');
        const taint: Taint = { strength: out.strength, label, source: node, steps: [], sanitized: 0, built: false, text: '' };
        this.#bindTargets([target.node], taint, null, node, false);
      }
    }

    // Propagators: strcpy(dst, src), sprintf(buf, fmt, x), sscanf(line, fmt, &n) copy data into an argument.
    for (const p of this.lang.propagators) {
      if (!p.patterns.matches(path)) continue;
      copies = true;
      this.#propagate(call, p.spec, argTaints);
    }

    // Mutators: list.append(x), sb.append(x), params.put(k, v) put x's taint into the receiver.
    let argUnion: Taint | null = null;
    for (const t of argTaints) if (t) argUnion = argUnion ? join(argUnion, t) : t;
    if (argUnion) this.#tainted.push({ call, args: argTaints });
    if (call.receiver && this.lang.mutators.has(call.name)) {
      const key = this.path(call.receiver);
      if (key && key.length > 0) {
        const name = key.length === 1 ? (key[0] as string) : key.join('.');
        const old = this.#env.taint.get(name);
        // sb.append("… WHERE id = ").append(id): a string builder is built, and keeps its literal text.
        const builds = STRING_BUILDERS.has(call.name) || this.lang.formatters.matches(path);
        const literal = builds ? call.args.map((a) => this.stringValue(a.node) ?? '').join('') : '';
        if (argUnion) {
          let next = old ? join(old, argUnion) : withStep(argUnion, node, `added to ${name}`);
          if (builds) next = { ...next, built: true, text: clip((old?.text ?? this.#env.consts.get(name) ?? '') + literal + argUnion.text) };
          this.#env.taint.set(name, next);
        } else if (old && builds && literal) this.#env.taint.set(name, { ...old, built: true, text: clip(old.text + literal) });
      }
    }

    const fired = this.#checkSinks(call, path, receiverTaint, argTaints);
    this.#checkCallRules(call, path);
    if (this.lang.exits.matches(path)) this.#recordExit();

    // Sanitizers make the result safe for their classes (or for all) — also when the call itself
    // is on a source path (`params[:id].to_i`, `request.args.get('n', type=int)` style chains).
    let sanitizedMask = 0;
    for (const s of this.#byName(this.lang.sanitizers, call, path)) if (s.patterns.matches(path)) sanitizedMask |= s.mask;
    // The file's own function: what its walk learnt it does (unless the language already models the call).
    const own = this.#summaryFor(call);
    const ownFn = own ? (this.#functionIndex().get(call.name)?.[0] ?? null) : null;
    if (own && ownFn && !copies) this.#applyWrites(call, ownFn, own, argTaints, sanitizedMask);
    if (sanitizedMask === ALL_CLASSES) return null;
    // A source wins over a name-only clean call (`$request->query->get('x')` vs. an ORM's `->get()`).
    if (source) return sanitizedMask ? { ...source, sanitized: source.sanitized | sanitizedMask } : source;
    if (own && ownFn) {
      if (fired) return null;
      const result = this.#summaryResult(call, ownFn, own, argTaints);
      return result && sanitizedMask ? { ...result, sanitized: result.sanitized | sanitizedMask } : result;
    }
    if (this.lang.cleanCalls.has(call.name)) return null;
    let out: Taint | null = receiverTaint;
    if (argUnion) out = out ? join(out, argUnion) : argUnion;
    if (!out) return null;
    // What a sink returns (query rows, a response, a process's output) is not the input itself,
    // and one flow is reported once: a sink that fired does not pass its taint on. (Asked only
    // when the result would carry taint: sink predicates can be costly.)
    if (fired || this.#isSinkCall(call, path)) return null;
    const formats = this.lang.formatters.matches(path) || this.#hasLiteralText(call);
    if (formats || sanitizedMask) {
      let text = out.text;
      if (formats) {
        const literal = call.receiver ? this.stringValue(call.receiver) : null;
        text = clip((literal ?? '') + call.args.map((a) => this.stringValue(a.node) ?? '').join('') + out.text);
      }
      out = { ...out, built: out.built || formats, sanitized: out.sanitized | sanitizedMask, text };
    }
    return out;
  }

  /** Writes what a propagator call reads into the argument it writes (`strcpy(dst, src)`: dst gets src's taint). */
  #propagate(call: CallView, spec: PropagatorSpec, argTaints: readonly (Taint | null)[]): void {
    const target = call.args.find((a) => a.index === spec.to);
    if (!target) return;
    const first = spec.from[0] ?? 0;
    let out: Taint | null = null;
    let text = '';
    let literal: string | null = '';
    let read = 0;
    call.args.forEach((a, i) => {
      if (a.index < 0 || a.index === spec.to || !(spec.rest ? a.index >= first : spec.from.includes(a.index))) return;
      read++;
      const t = argTaints[i] ?? null;
      const s = this.stringValue(a.node);
      if (s !== null) text += s;
      else if (t) text += t.text;
      if (literal !== null) literal = s === null || t ? null : literal + s;
      if (t) out = out ? join(out, t) : t;
    });
    let t = out as Taint | null;
    if (t && spec.builds) t = { ...t, built: true, text: clip(text) };
    if (t) t = withStep(t, call.node, `copied by ${call.name}()`);
    const update = spec.update ?? false;
    let copied = read === 1 && !spec.builds ? literal : null;
    if (update && copied !== null) {
      // strcat(buf, "lit"): a tainted buf stays tainted (with the text); an unknown buf stays unknown.
      const old = argTaints[call.args.indexOf(target)] ?? null;
      if (old) t = { ...old, built: true, text: copied };
      if (old || this.stringValue(target.node) === null) copied = null;
    }
    this.#bindTargets([target.node], t, copied, call.node, update);
  }

  /** Whether a call mixes literal text into its result (`"...{}".format(x)`, `String.format("..%s", x)`). */
  #hasLiteralText(call: CallView): boolean {
    if (call.receiver && this.stringValue(call.receiver)) return true;
    return false;
  }

  /**
   * Whether a call is one of the sinks (its predicate, asked with a stand-in taint, accepts it):
   * its result — query rows, a response, a process's output — is not the input itself. A call that
   * only matches a sink's name pattern but not its predicate passes taint on as usual.
   */
  #isSinkCall(call: CallView, path: readonly string[]): boolean {
    for (const s of this.#byName(this.lang.sinks, call, path)) {
      if (!s.patterns.matches(path)) continue;
      if (!s.sink.where) return true;
      const saved = this.matches.length;
      this.#peeking++;
      this.#probing = true;
      try {
        if (s.sink.where(call, this.#ctx, STAND_IN)) return true;
      } catch {
        // A predicate that cannot judge without real taint does not make the call a sink.
      } finally {
        this.#probing = false;
        this.#peeking--;
        this.matches.length = saved;
      }
    }
    return false;
  }

  #passedTo: CallView | null = null;

  /** A dotted name with its first segment resolved through the file's imports (`web.route` → `acme.web.route`). */
  #unalias(path: readonly string[]): string[] {
    const alias = path[0] === undefined ? undefined : this.#aliases.get(path[0]);
    return alias === undefined ? [...path] : [...alias.split('.'), ...path.slice(1)];
  }

  /**
   * The strength a model's handler shape gives a parameter, the object it stands for (an alias),
   * or null when no handler shape covers it.
   */
  #handlerTaint(fn: FunctionView, param: ParamView): Strength | { alias: readonly string[] } | null {
    for (const h of this.lang.handlers) {
      if (h.skip.has(param.name) || (h.parameters && !h.parameters.has(param.index))) continue;
      if (h.parameterType && !(param.type && h.parameterType.matches(typePath(param.type)))) continue;
      if (h.parameterAnnotation) {
        const annotations = h.parameterAnnotation;
        if (!param.annotations.some((a) => annotationPaths(a).some((p) => annotations.matches(p)))) continue;
      }
      if (!this.#handlerShape(h, fn)) continue;
      return h.alias ? { alias: h.alias } : h.strength;
    }
    return null;
  }

  /** Whether a function has the shape of a model's handler: decorated, registered, in a class, named as it says. */
  #handlerShape(h: CompiledHandler, fn: FunctionView): boolean {
    if (h.minParameters > 0 && new Set(fn.params.map((p) => p.index)).size < h.minParameters) return false;
    if (h.decorator) {
      const decorators = h.decorator;
      if (!fn.decorators.some((d) => annotationPaths(d).some((p) => decorators.matches(p) || decorators.matches(this.#unalias(p))))) return false;
    }
    if (h.registration) {
      const call = fn.passedTo;
      if (!call || !h.registration.matches(this.calleePath(call) ?? [call.name])) return false;
      if (h.argument !== null) {
        const at = call.args.findIndex((a) => a.node === fn.node || a.node.contains(fn.node));
        const positional = call.args.filter((a) => a.index >= 0);
        const want = h.argument === 'last' ? positional.length - 1 : h.argument;
        if (at < 0 || call.args[at]?.index !== want) return false;
      }
    }
    if (h.base) {
      const bases = h.base;
      if (!fn.classBases.some((b) => bases.matches(typePath(b)))) return false;
    }
    if (h.method && !(fn.name !== null && h.method.matches([fn.name]))) return false;
    return true;
  }

  /** Whether a taint rule accepts data of this origin (parameters usually only when built into a string). */
  #accepts(m: TaintMatcher, t: Taint): boolean {
    const policy = t.strength === 'remote' ? 'any' : t.strength === 'local' ? (m.local ?? 'any') : (m.params ?? 'built');
    return policy === 'any' || policy === 'low' || (policy === 'built' && t.built);
  }

  /** Checks a call against the taint sinks; true when one reported. */
  #checkSinks(call: CallView, path: readonly string[], receiverTaint: Taint | null, argTaints: readonly (Taint | null)[]): boolean {
    const candidates = this.#byName(this.lang.sinks, call, path);
    if (candidates.length === 0) return false;
    let fired = false;
    for (const c of candidates) {
      if (!c.patterns.matches(path)) continue;
      const { sink, matcher } = c;
      const positions = sink.args ?? (sink.keywords || sink.receiver ? [] : [0]);
      let hit: { taint: Taint; arg: SyntaxNode | null } | null = null;
      const consider = (t: Taint | null, arg: SyntaxNode | null): void => {
        // Several tainted arguments: the strongest origin is the one reported (`Paths.get(configDir, request.getParameter("f"))`).
        if (!t || t.sanitized & c.bit || (hit && rank(hit.taint.strength) >= rank(t.strength))) return;
        if (!this.#accepts(matcher, t)) {
          this.#summarise(c, t, call, path);
          return;
        }
        if (sink.where && !this.#ask(() => sink.where?.(call, this.#ctx, t))) return;
        if (matcher.check && !this.#ask(() => matcher.check?.(t, this.#ctx, arg ?? call.node))) return;
        hit = { taint: t, arg };
      };
      call.args.forEach((arg, i) => {
        const t = argTaints[i] ?? null;
        if (positions === 'all' || (arg.index >= 0 && positions.includes(arg.index)) || (arg.name !== null && sink.keywords?.includes(arg.name))) {
          consider(t, arg.node);
        }
      });
      if (sink.receiver) consider(receiverTaint, call.receiver);
      if (hit) {
        const { taint, arg } = hit as { taint: Taint; arg: SyntaxNode | null };
        const end = arg && arg.end > call.node.start ? Math.max(arg.end, (call.callee ?? call.node).end) : call.node.end;
        this.#report({ rule: c.rule, node: call.node, end, taint, sinkLabel: sink.label ?? path.join('.'), ...(sink.cwe ? { cwe: [...sink.cwe] } : {}) });
        fired = true;
      }
    }
    return fired;
  }

  /** Records that the current function passes its own parameter, unchanged, to a sink. */
  #summarise(sink: CompiledCallSink, t: Taint, call: CallView, path: readonly string[]): void {
    const fn = this.#fn;
    if (!t.param || !fn || t.param.fn !== fn || !fn.name || t.built) return;
    if (sink.sink.where && !this.#ask(() => sink.sink.where?.(call, this.#ctx, t))) return;
    let list = this.#summaries.get(fn.name);
    if (!list) this.#summaries.set(fn.name, (list = []));
    if (list.some((s) => s.index === t.param?.index && s.sink.rule === sink.rule)) return;
    const arg = call.args.find((a) => this.#memo.get(a.node) === t)?.node;
    const end = arg && arg.end > call.node.start ? Math.max(arg.end, (call.callee ?? call.node).end) : call.node.end;
    list.push({ fn, index: t.param.index, sink, at: call.node, end, label: sink.sink.label ?? path.join('.') });
  }

  #checkCallRules(call: CallView, path: readonly string[]): void {
    for (const c of this.#byName(this.lang.calls, call, path)) {
      if (!c.patterns.matches(path)) continue;
      const verdict = c.matcher.where ? this.#ask(() => c.matcher.where?.(call, this.#ctx)) : true;
      this.#reportVerdict(c.rule, call.node, verdict);
    }
  }

  #nodeRules(node: SyntaxNode): void {
    const rules = this.lang.nodeRules.get(node.type);
    // While a predicate peeks at a subexpression's taint its matches are dropped: leave the node
    // rules of that subexpression for the real visit instead of marking them done.
    if (!rules || this.#peeking > 0 || this.#visitedNodeRules.has(node)) return;
    this.#visitedNodeRules.add(node);
    for (const r of rules)
      this.#reportVerdict(
        r.rule,
        node,
        this.#ask(() => r.matcher.where(node, this.#ctx)),
      );
  }

  /** Node rules for nodes the walk did not reach (inside skipped declarations, after a time-out the rest is left). */
  #sweepNodeRules(root: SyntaxNode): void {
    const saved = { env: this.#env, fn: this.#fn };
    this.#env = new Env();
    this.#fn = null;
    const stack: SyntaxNode[] = [root];
    while (stack.length > 0 && !this.limit) {
      const n = stack.pop() as SyntaxNode;
      if (!this.#tick()) break;
      this.#nodeRules(n);
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as SyntaxNode);
    }
    this.#env = saved.env;
    this.#fn = saved.fn;
  }

  #reportVerdict(rule: Rule, node: SyntaxNode, verdict: Verdict): void {
    if (!verdict) return;
    if (verdict === true) {
      this.#report({ rule, node });
      return;
    }
    if (isVerdictList(verdict)) {
      for (const v of verdict) this.#reportVerdict(rule, node, v);
      return;
    }
    const m: RawMatch = { rule, node: verdict.node ?? node };
    if (verdict.message !== undefined) m.message = verdict.message;
    if (verdict.cwe !== undefined) m.cwe = verdict.cwe;
    if (verdict.confidence !== undefined) m.confidence = verdict.confidence;
    this.#report(m);
  }

  #report(m: RawMatch): void {
    if (m.taint && m.taint.strength !== 'remote') {
      const lowLocal = m.taint.strength === 'local' && m.rule.matcher.kind === 'taint' && m.rule.matcher.local === 'low';
      m.confidence = lowerConfidence(m.confidence ?? m.rule.confidence, lowLocal ? 'low' : 'medium');
    }
    this.matches.push(m);
  }

  // ---- assignment ------------------------------------------------------------------------

  #assign(node: SyntaxNode, targets: readonly SyntaxNode[], value: SyntaxNode | null, update: boolean): Taint | null {
    const t = value ? this.#eval(value) : null;
    const literal = value ? this.stringValue(value) : null;
    this.#bindTargets(targets, t, literal, node, update, value !== null && !update && this.#isNullLiteral(value));
    return t;
  }

  #bindTargets(targets: readonly SyntaxNode[], t: Taint | null, literal: string | null, at: SyntaxNode, update: boolean, nullValue = false): void {
    for (const target of targets) {
      this.#checkAssignSinks(target, t);
      const tv = this.#view(target);
      if (tv?.kind === 'member' || tv?.kind === 'index') {
        // obj.field = x / obj[k] = x: field-sensitive for simple paths, and the object now holds x.
        const key = this.path(target);
        if (tv.kind === 'index' && tv.index) this.#eval(tv.index);
        if (key && key.length > 0) {
          const full = key.join('.');
          const root = key[0] as string;
          if (t) {
            this.#env.checked.delete(full);
            this.#env.taint.set(full, withStep(t, at, `assigned to ${full}`));
            // The object holds every value stored in it: join (which keeps only the sanitizer
            // marks both sides share), so a later unsanitized field is not hidden behind an
            // earlier sanitized one.
            const old = this.#env.taint.get(root);
            this.#env.taint.set(root, old ? join(old, t) : withStep(t, at, `stored in ${root}`));
          } else if (!update) this.#env.taint.delete(full);
        }
        continue;
      }
      const names = this.lang.profile.adapter.targetNames(target);
      const destructuring = names.length !== 1 || names[0] !== target;
      for (const nameNode of names) {
        const name = nameNode.text;
        if (this.#paramAliases.has(name)) {
          // `query = normalise(query)`: the name no longer reads the framework object.
          this.#paramAliases = new Map(this.#paramAliases);
          this.#paramAliases.delete(name);
        }
        const old = this.#env.taint.get(name);
        if (t) {
          const joined = update && old ? join(old, t) : t;
          let next = withStep(joined, at, `assigned to ${name}`);
          if (update) next = { ...next, built: true, text: clip((this.#env.consts.get(name) ?? old?.text ?? '') + t.text) };
          this.#env.taint.set(name, next);
        } else if (!update) this.#env.taint.delete(name);
        else if (old && literal !== null) this.#env.taint.set(name, { ...old, text: clip(old.text + literal), built: true });

        if (!destructuring && literal !== null && !t) {
          this.#env.consts.set(name, update ? (this.#env.consts.get(name) ?? '') + literal : literal);
        } else if (!update || t) this.#env.consts.delete(name);
        if (nullValue && !destructuring) this.#env.nulls.add(name);
        else this.#env.nulls.delete(name);
      }
    }
  }

  #checkAssignSinks(target: SyntaxNode, t: Taint | null): void {
    if (!t || this.lang.assignSinks.length === 0) return;
    const key = this.path(target);
    if (!key) return;
    for (const s of this.lang.assignSinks) {
      if (t.sanitized & s.bit || !this.#accepts(s.matcher, t)) continue;
      if (!s.patterns.matches(key)) continue;
      if (s.sink.where && !this.#ask(() => s.sink.where?.(target, this.#ctx, t))) continue;
      if (s.matcher.check && !this.#ask(() => s.matcher.check?.(t, this.#ctx, target))) continue;
      const at = target.parent ?? target;
      this.#report({ rule: s.rule, node: at, taint: t, sinkLabel: s.sink.label ?? key.join('.') });
    }
  }

  // ---- helpers shared with predicates ----------------------------------------------------

  /** Whether the file imports a module, or something from inside it, by canonical name. */
  imports(module: string): boolean {
    for (const canonical of this.#aliases.values()) if (canonical === module || canonical.startsWith(`${module}.`)) return true;
    return false;
  }

  /** The string an expression certainly holds, or null. */
  stringValue(node: SyntaxNode, depth = 0): string | null {
    if (depth > 32) return null;
    const v = this.#view(node);
    switch (v?.kind) {
      case 'string':
        return v.value;
      case 'name':
        return this.#env.consts.get(v.name) ?? null;
      case 'pass':
        return this.stringValue(v.inner, depth + 1);
      case 'concat': {
        let out = '';
        for (const part of v.parts) {
          const s = this.stringValue(part, depth + 1);
          if (s === null) return null;
          out += s;
        }
        return out;
      }
      default:
        return null;
    }
  }

  /** Whether an expression holds no outside data: literals, constants, UPPER_CASE names, and concatenations of those. */
  isConstant(node: SyntaxNode, depth = 0): boolean {
    if (depth > 32) return false;
    const v = this.#view(node);
    switch (v?.kind) {
      case 'string':
      case 'literal':
        return true;
      case 'name':
        return this.#env.consts.has(v.name) || (/^[A-Z][A-Z0-9_]*$/.test(v.name) && !this.#env.taint.has(v.name));
      case 'member': {
        if (this.#env.taint.size > 0 && this.#eval(node)) return false;
        return /^[A-Z][A-Z0-9_]*$/.test(v.property);
      }
      case 'pass':
        return this.isConstant(v.inner, depth + 1);
      case 'concat':
      case 'collection':
        return (v.kind === 'concat' ? v.parts : v.items).every((p) => this.isConstant(p, depth + 1));
      default:
        return false;
    }
  }

  /**
   * Whether an expression holds nothing dangerous for the class with this bit: a constant, a value
   * that cannot be text, a sanitizer's result, data sanitized for the class, or text built only of
   * those. Unlike taint it also vouches for values of unknown origin that passed a sanitizer
   * (`"ls " + shlex.quote(name)` whatever `name` is), which is what audit sinks need.
   */
  safeFor(node: SyntaxNode, bit: number, depth = 0): boolean {
    if (depth > 32) return false;
    if (this.isConstant(node)) return true;
    const t = this.#memo.has(node) ? (this.#memo.get(node) ?? null) : null;
    if (t && t.sanitized & bit) return true;
    const v = this.#view(node);
    switch (v?.kind) {
      case 'string':
      case 'literal':
      case 'clean':
        return true;
      case 'pass':
        return this.safeFor(v.inner, bit, depth + 1);
      case 'concat':
        return v.parts.every((p) => this.safeFor(p, bit, depth + 1));
      case 'choice':
        return v.options.every((p) => this.safeFor(p, bit, depth + 1));
      case 'call': {
        const path = this.calleePath(v) ?? [v.name];
        for (const s of this.#byName(this.lang.sanitizers, v, path)) if (s.mask & bit && s.patterns.matches(path)) return true;
        return false;
      }
      default:
        return false;
    }
  }

  #makeContext(): MatchContext {
    const walker = this;
    return {
      language: this.lang.language,
      code: this.code,
      filename: this.filename,
      get probing() {
        return walker.#probing;
      },
      get fn() {
        return walker.#fn;
      },
      path: (node) => this.path(node),
      pathText: (node) => this.path(node)?.join('.') ?? null,
      stringValue: (node) => this.stringValue(node),
      isConstant: (node) => this.isConstant(node),
      isNull: (node) => {
        let n = node;
        for (let i = 0; i < 8; i++) {
          const v = this.#view(n);
          if (v?.kind !== 'pass') return this.#isNullLiteral(n) || (v?.kind === 'name' && this.#env.nulls.has(v.name));
          n = v.inner;
        }
        return false;
      },
      safeFor: (node, cls) => this.safeFor(node, classBit(cls)),
      literalKind: (node) => {
        const v = this.#view(node);
        return v?.kind === 'string' ? 'string' : v?.kind === 'literal' ? 'other' : null;
      },
      taint: (node) => (this.#memo.has(node) ? (this.#memo.get(node) ?? null) : this.#peek(node)),
      arg: (call, key) => {
        for (const a of call.args) if (typeof key === 'string' ? a.name === key : a.index === key) return a.node;
        return null;
      },
      call: (node) => {
        const v = this.#view(node);
        return v?.kind === 'call' ? v : null;
      },
      imports: (module: string): boolean => this.imports(module),
      fileMemo: <T>(key: string, compute: () => T): T => {
        if (this.#fileMemo.has(key)) return this.#fileMemo.get(key) as T;
        const value = compute();
        this.#fileMemo.set(key, value);
        return value;
      },
      enclosingNames: () => {
        const out: string[] = [];
        if (this.#fn?.name) out.push(this.#fn.name);
        if (this.#fn?.className) out.push(this.#fn.className);
        return out;
      },
    };
  }

  /** Predicates that threw (a rule bug on some input): counted, and that one match is skipped. */
  ruleFaults = 0;

  /**
   * Runs a rule's predicate. A predicate that throws on an unusual input loses that one match;
   * it must not end the analysis of the rest of the file for every other rule.
   */
  #ask<T>(predicate: () => T): T | undefined {
    try {
      return predicate();
    } catch {
      this.ruleFaults++;
      return undefined;
    }
  }

  /** Facts predicates computed once per file (see MatchContext.fileMemo). */
  readonly #fileMemo = new Map<string, unknown>();

  /** Depth of peeks in progress: node rules wait for the real visit, matches are thrown away. */
  #peeking = 0;
  /** Whether sink predicates are being asked about a call's shape only (see MatchContext.probing). */
  #probing = false;

  /** Evaluates an expression's taint without reporting anything (for predicates). */
  #peek(node: SyntaxNode): Taint | null {
    const saved = this.matches.length;
    this.#peeking++;
    try {
      return this.#eval(node);
    } finally {
      this.#peeking--;
      this.matches.length = saved;
    }
  }

  /** The call a function literal is passed to, while its argument is being evaluated. */
  get passedTo(): CallView | null {
    return this.#passedTo;
  }
}

export type { TraceStep, Strength };
