import {
  ALL_CLASSES,
  type MatchContext,
  type Rule,
  type Strength,
  type Taint,
  type TaintMatcher,
  type TraceStep,
  type Verdict,
} from '../rule.ts';
import type { SyntaxNode } from '../syntax.ts';
import type { CallView, FunctionView, View } from './adapter.ts';
import { rank, type CompiledCallSink, type CompiledLanguage } from './compile.ts';

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

/** Why a walk stopped early. */
export type WalkLimit = 'time' | 'depth' | null;

/** A function parameter that reaches a sink unchanged. */
interface Summary {
  fn: FunctionView;
  index: number;
  sink: CompiledCallSink;
  at: SyntaxNode;
  label: string;
}

/** A call made with at least one untrusted argument. */
interface TaintedCall {
  call: CallView;
  args: readonly (Taint | null)[];
}

const MAX_DEPTH = 400;
const MAX_STEPS = 12;
const MAX_TEXT = 512;

/** Variables of one scope: taint and known string constants. Copied on branches, merged after. */
class Env {
  taint: Map<string, Taint>;
  consts: Map<string, string>;

  constructor(taint?: Map<string, Taint>, consts?: Map<string, string>) {
    this.taint = taint ?? new Map();
    this.consts = consts ?? new Map();
  }

  copy(): Env {
    return new Env(new Map(this.taint), new Map(this.consts));
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
    for (const [k, v] of a.consts) if (b.consts.get(k) !== v) out.consts.delete(k);
    return out;
  }
}

/** Union of two taints: the stronger origin, safe only for what both are safe for. */
function join(a: Taint, b: Taint): Taint {
  const first = rank(b.strength) > rank(a.strength) ? b : a;
  const sanitized = a.sanitized & b.sanitized;
  const built = a.built || b.built;
  if (first.sanitized === sanitized && first.built === built) return first;
  return { ...first, sanitized, built };
}

function clip(text: string): string {
  return text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
}

function withStep(t: Taint, node: SyntaxNode, note: string): Taint {
  if (t.steps.length >= MAX_STEPS) return t;
  return { ...t, steps: [...t.steps, { node, note }] };
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
  readonly #visitedNodeRules = new Set<SyntaxNode>();
  readonly #ctx: MatchContext;

  constructor(
    private readonly lang: CompiledLanguage,
    private readonly code: string,
    private readonly deadline: number,
    root: SyntaxNode,
  ) {
    this.#aliases = lang.profile.adapter.imports(root);
    this.#ctx = this.#makeContext();
  }

  /** Sinks a function's parameter reaches unchanged, by function name (same-file summaries). */
  readonly #summaries = new Map<string, Summary[]>();
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
   * parameter, the finding is reported at that call, with the wrapper's sink in the trace.
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
        if (s.sink.matcher.check && !s.sink.matcher.check(t, this.#ctx, site.call.node)) continue;
        const through = withStep(t, s.at, `passed to ${s.fn.name ?? 'a function'}() and on to ${s.label}`);
        this.#report({ rule: s.sink.rule, node: site.call.node, taint: through, sinkLabel: `${site.call.name}() → ${s.label}` });
      }
    }
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
        this.#visitIf(v.condition, v.then, v.else);
        return;
      case 'return':
        this.#visitReturn(node, v.value);
        return;
      case 'skip':
      case 'exit':
        if (v.kind === 'exit') for (const child of node.children) if (child.named) this.#eval(child);
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
    if (!value) return;
    const t = this.#eval(value);
    if (!t || !this.#fn) return;
    for (const r of this.lang.returnSinks) {
      if (t.sanitized & r.bit) continue;
      if (!this.#accepts(r.matcher, t)) continue;
      if (!r.matcher.returnSink?.(this.#fn, this.#ctx, t)) continue;
      if (r.matcher.check && !r.matcher.check(t, this.#ctx, node)) continue;
      this.#report({ rule: r.rule, node, taint: t, sinkLabel: 'the response' });
    }
  }

  /** Branches get their own copies of the state; guards clean the variables they validate. */
  #visitIf(condition: SyntaxNode, then: SyntaxNode | null, otherwise: SyntaxNode | null): void {
    this.#eval(condition);
    const guard = this.#guard(condition);
    const before = this.#env;
    const thenEnv = before.copy();
    const elseEnv = before.copy();
    for (const name of guard.positive) thenEnv.taint.delete(name);
    for (const name of guard.negative) elseEnv.taint.delete(name);

    this.#env = thenEnv;
    if (then) this.#visit(then);
    const thenExits = then !== null && this.#exits(then);
    const thenOut = this.#env;

    this.#env = elseEnv;
    if (otherwise) this.#visit(otherwise);
    const elseExits = otherwise !== null && this.#exits(otherwise);
    let elseOut = this.#env;

    // `if (!valid(x)) return;` and `if '..' in x: abort()`: past an exiting guard, x was checked.
    if (thenExits && !otherwise) {
      elseOut = elseOut.copy();
      for (const name of [...guard.positive, ...guard.negative]) elseOut.taint.delete(name);
    }
    this.#env = Env.merge(thenExits ? null : thenOut, elseExits ? null : elseOut) ?? elseOut;
  }

  /** Whether a statement or block always leaves the enclosing flow (return, throw, exit call). */
  #exits(node: SyntaxNode, depth = 0): boolean {
    if (depth > 8) return false;
    const v = this.#view(node);
    if (v?.kind === 'return' || v?.kind === 'exit') return true;
    if (v?.kind === 'call') return this.lang.exits.matches(this.calleePath(v) ?? [v.name]);
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
   * Variables a condition validates: arguments and receivers of validator predicates
   * (`isdigit`, `matches`, `includes`, `in_array`, `startsWith`), subjects of membership
   * tests (`x in ALLOWED`) and of equality with a constant. Presence checks (`if (!x)`) validate
   * nothing. `positive` holds where the condition is true, `negative` where it is false.
   */
  #guard(condition: SyntaxNode): { positive: string[]; negative: string[] } {
    const positive: string[] = [];
    const negative: string[] = [];
    const names = (n: SyntaxNode | null): string[] => {
      if (!n) return [];
      const p = this.path(n);
      if (!p || p.length === 0) return [];
      const out = [p[0] as string];
      if (p.length > 1) out.push(p.join('.'));
      return out;
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
        case 'membership':
          (v.negated ? (negated ? positive : negative) : into).push(...names(v.subject));
          return;
        case 'equality': {
          const target = this.isConstant(v.right) ? v.left : this.isConstant(v.left) ? v.right : null;
          if (target && !this.#isNullish(v.right) && !this.#isNullish(v.left)) (v.negated ? (negated ? positive : negative) : into).push(...names(target));
          // `ALLOWED.indexOf(x) !== -1`, `re.match(p, x) is None`: validators inside a comparison.
          walk(v.left, negated, depth + 1);
          walk(v.right, negated, depth + 1);
          return;
        }
        case 'call': {
          if (this.lang.validators.has(v.name) || /^(?:is_?|has_?)?(?:valid|safe|allowed|whitelist|allowlist|permitted|authori[sz]ed)/i.test(v.name)) {
            if (v.receiver) into.push(...names(v.receiver));
            for (const a of v.args) into.push(...names(a.node));
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

  #isNullish(node: SyntaxNode): boolean {
    const v = this.#view(node);
    if (v?.kind === 'string') return v.value === '';
    if (v?.kind !== 'literal') return false;
    return /^(?:null|nil|None|undefined|NULL|nullptr|false|False|0)$/.test(node.text);
  }

  // ---- functions -------------------------------------------------------------------------

  #enterFunction(fn: FunctionView): void {
    if (!fn.passedTo && this.#passedTo) fn.passedTo = this.#passedTo;
    const outerEnv = this.#env;
    const outerFn = this.#fn;
    const env = outerEnv.copy();
    for (const param of fn.params) {
      env.taint.delete(param.name);
      env.consts.delete(param.name);
      const strength = this.lang.profile.paramTaint(fn, param);
      if (strength) {
        env.taint.set(param.name, {
          strength,
          label: param.name,
          source: param.node,
          steps: [],
          sanitized: 0,
          built: false,
          text: '',
          param: { fn, index: param.index },
        });
      }
    }
    this.#env = env;
    this.#fn = fn;
    try {
      if (fn.body) {
        const bodyView = this.#view(fn.body);
        if (bodyView === null || bodyView.kind === 'if' || bodyView.kind === 'return' || bodyView.kind === 'loop') this.#visit(fn.body);
        else {
          // An expression body (arrow function, lambda) is what the function returns.
          const t = this.#eval(fn.body);
          if (t) this.#checkReturn(fn.body, t);
        }
      }
    } finally {
      this.#env = outerEnv;
      this.#fn = outerFn;
    }
  }

  #checkReturn(node: SyntaxNode, t: Taint): void {
    if (!this.#fn) return;
    for (const r of this.lang.returnSinks) {
      if (t.sanitized & r.bit) continue;
      if (!this.#accepts(r.matcher, t)) continue;
      if (!r.matcher.returnSink?.(this.#fn, this.#ctx, t)) continue;
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
      case 'collection':
      case 'choice': {
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
        this.#visitIf(v.condition, v.then, v.else);
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
  #source(node: SyntaxNode): Taint | null {
    const p = this.path(node);
    if (!p) return null;
    const hit = this.lang.sources.match(p);
    if (!hit) return null;
    const text = node.text.replace(/\s+/g, ' ');
    return { strength: hit.strength, label: text.length > 80 ? `${text.slice(0, 77)}...` : text, source: node, steps: [], sanitized: 0, built: false, text: '' };
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
    for (const out of this.lang.outSources) {
      if (!out.patterns.matches(path)) continue;
      const target = call.args.find((a) => a.index === out.arg);
      if (target) {
        const taint: Taint = { strength: out.strength, label: path.join('.'), source: node, steps: [], sanitized: 0, built: false, text: '' };
        this.#bindTargets([target.node], taint, null, node, false);
      }
    }

    // Mutators: list.append(x), sb.append(x), params.put(k, v) put x's taint into the receiver.
    let argUnion: Taint | null = null;
    for (const t of argTaints) if (t) argUnion = argUnion ? join(argUnion, t) : t;
    if (argUnion) this.#tainted.push({ call, args: argTaints });
    if (argUnion && call.receiver && this.lang.mutators.has(call.name)) {
      const key = this.path(call.receiver);
      if (key && key.length > 0) {
        const name = key.length === 1 ? (key[0] as string) : key.join('.');
        const old = this.#env.taint.get(name);
        this.#env.taint.set(name, old ? join(old, argUnion) : withStep(argUnion, node, `added to ${name}`));
      }
    }

    this.#checkSinks(call, path, receiverTaint, argTaints);
    this.#checkCallRules(call, path);

    if (source) return source;

    // Sanitizers make the result safe for their classes (or for all).
    let sanitizedMask = 0;
    for (const s of this.lang.sanitizers.candidates(call.name)) if (s.patterns.matches(path)) sanitizedMask |= s.mask;
    if (sanitizedMask === ALL_CLASSES) return null;
    if (this.lang.cleanCalls.has(call.name)) return null;
    // What a sink returns (query rows, a response, a process's output) is not the input itself.
    if (this.#isSinkCall(call, path)) return null;

    let out: Taint | null = receiverTaint;
    if (argUnion) out = out ? join(out, argUnion) : argUnion;
    if (!out) return null;
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

  /** Whether a call mixes literal text into its result (`"...{}".format(x)`, `String.format("..%s", x)`). */
  #hasLiteralText(call: CallView): boolean {
    if (call.receiver && this.stringValue(call.receiver)) return true;
    return false;
  }

  #isSinkCall(call: CallView, path: readonly string[]): boolean {
    for (const s of this.lang.sinks.candidates(call.name)) if (s.patterns.matches(path)) return true;
    return false;
  }

  #passedTo: CallView | null = null;

  /** Whether a taint rule accepts data of this origin (parameters usually only when built into a string). */
  #accepts(m: TaintMatcher, t: Taint): boolean {
    const policy = t.strength === 'remote' ? 'any' : t.strength === 'local' ? (m.local ?? 'any') : (m.params ?? 'built');
    return policy === 'any' || (policy === 'built' && t.built);
  }

  #checkSinks(call: CallView, path: readonly string[], receiverTaint: Taint | null, argTaints: readonly (Taint | null)[]): void {
    const candidates = this.lang.sinks.candidates(call.name);
    if (candidates.length === 0) return;
    for (const c of candidates) {
      if (!c.patterns.matches(path)) continue;
      const { sink, matcher } = c;
      const positions = sink.args ?? (sink.keywords || sink.receiver ? [] : [0]);
      let hit: { taint: Taint; arg: SyntaxNode | null } | null = null;
      const consider = (t: Taint | null, arg: SyntaxNode | null): void => {
        if (hit || !t || t.sanitized & c.bit) return;
        if (!this.#accepts(matcher, t)) {
          this.#summarise(c, t, call, path);
          return;
        }
        if (sink.where && !sink.where(call, this.#ctx, t)) return;
        if (matcher.check && !matcher.check(t, this.#ctx, arg ?? call.node)) return;
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
        this.#report({ rule: c.rule, node: call.node, end, taint, sinkLabel: sink.label ?? path.join('.') });
      }
    }
  }

  /** Records that the current function passes its own parameter, unchanged, to a sink. */
  #summarise(sink: CompiledCallSink, t: Taint, call: CallView, path: readonly string[]): void {
    const fn = this.#fn;
    if (!t.param || !fn || t.param.fn !== fn || !fn.name || t.built) return;
    if (sink.sink.where && !sink.sink.where(call, this.#ctx, t)) return;
    let list = this.#summaries.get(fn.name);
    if (!list) this.#summaries.set(fn.name, (list = []));
    if (list.some((s) => s.index === t.param?.index && s.sink.rule === sink.rule)) return;
    list.push({ fn, index: t.param.index, sink, at: call.node, label: sink.sink.label ?? path.join('.') });
  }

  #checkCallRules(call: CallView, path: readonly string[]): void {
    for (const c of this.lang.calls.candidates(call.name)) {
      if (!c.patterns.matches(path)) continue;
      const verdict = c.matcher.where ? c.matcher.where(call, this.#ctx) : true;
      this.#reportVerdict(c.rule, call.node, verdict);
    }
  }

  #nodeRules(node: SyntaxNode): void {
    const rules = this.lang.nodeRules.get(node.type);
    if (!rules || this.#visitedNodeRules.has(node)) return;
    this.#visitedNodeRules.add(node);
    for (const r of rules) this.#reportVerdict(r.rule, node, r.matcher.where(node, this.#ctx));
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
    const m: RawMatch = { rule, node: verdict.node ?? node };
    if (verdict.message !== undefined) m.message = verdict.message;
    if (verdict.cwe !== undefined) m.cwe = verdict.cwe;
    if (verdict.confidence !== undefined) m.confidence = verdict.confidence;
    this.#report(m);
  }

  #report(m: RawMatch): void {
    if (m.taint && m.taint.strength !== 'remote') {
      m.confidence = lowerConfidence(m.confidence ?? m.rule.confidence, 'medium');
    }
    this.matches.push(m);
  }

  // ---- assignment ------------------------------------------------------------------------

  #assign(node: SyntaxNode, targets: readonly SyntaxNode[], value: SyntaxNode | null, update: boolean): Taint | null {
    const t = value ? this.#eval(value) : null;
    const literal = value ? this.stringValue(value) : null;
    this.#bindTargets(targets, t, literal, node, update);
    return t;
  }

  #bindTargets(targets: readonly SyntaxNode[], t: Taint | null, literal: string | null, at: SyntaxNode, update: boolean): void {
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
            this.#env.taint.set(full, withStep(t, at, `assigned to ${full}`));
            if (tv.kind === 'index' || !this.#env.taint.has(root)) {
              const old = this.#env.taint.get(root);
              this.#env.taint.set(root, old ? join(old, t) : withStep(t, at, `stored in ${root}`));
            }
          } else if (!update) this.#env.taint.delete(full);
        }
        continue;
      }
      const names = this.lang.profile.adapter.targetNames(target);
      const destructuring = names.length !== 1 || names[0] !== target;
      for (const nameNode of names) {
        const name = nameNode.text;
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
      if (s.sink.where && !s.sink.where(target, this.#ctx, t)) continue;
      if (s.matcher.check && !s.matcher.check(t, this.#ctx, target)) continue;
      const at = target.parent ?? target;
      this.#report({ rule: s.rule, node: at, taint: t, sinkLabel: s.sink.label ?? key.join('.') });
    }
  }

  // ---- helpers shared with predicates ----------------------------------------------------

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

  #makeContext(): MatchContext {
    const walker = this;
    return {
      language: this.lang.language,
      code: this.code,
      get fn() {
        return walker.#fn;
      },
      path: (node) => this.path(node),
      pathText: (node) => this.path(node)?.join('.') ?? null,
      stringValue: (node) => this.stringValue(node),
      isConstant: (node) => this.isConstant(node),
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
      enclosingNames: () => {
        const out: string[] = [];
        if (this.#fn?.name) out.push(this.#fn.name);
        if (this.#fn?.className) out.push(this.#fn.className);
        return out;
      },
    };
  }

  /** Evaluates an expression's taint without reporting anything (for predicates). */
  #peek(node: SyntaxNode): Taint | null {
    const saved = this.matches.length;
    const t = this.#eval(node);
    this.matches.length = saved;
    return t;
  }

  /** The call a function literal is passed to, while its argument is being evaluated. */
  get passedTo(): CallView | null {
    return this.#passedTo;
  }
}

export type { TraceStep, Strength };
