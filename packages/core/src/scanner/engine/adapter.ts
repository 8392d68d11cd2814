import type { LanguageId, GrammarName } from '../languages.ts';
import type { SyntaxNode } from '../syntax.ts';

/** One argument of a call; `name` is set for keyword/named arguments (`shell=True`, `rejectUnauthorized:`). */
export interface Arg {
  node: SyntaxNode;
  /** Keyword name, or null for a positional argument. */
  name: string | null;
  /** Position among positional arguments, or -1 for a keyword argument. */
  index: number;
}

/** A call (function, method or constructor), as the adapter sees it. */
export interface CallView {
  kind: 'call';
  node: SyntaxNode;
  /** The callee node (a name, a member chain, …), or null when there is none (e.g. Ruby bare `system x`). */
  callee: SyntaxNode | null;
  /** The object a method is called on, or null for a plain function call. */
  receiver: SyntaxNode | null;
  /** The called method or function name (last segment). */
  name: string;
  args: Arg[];
  /** True for `new X(...)` and other constructor calls. */
  isNew: boolean;
}

/** A declared parameter of a function. */
export interface ParamView {
  name: string;
  node: SyntaxNode;
  /** Declared type text, when the language has one (`String`, `*http.Request`, `int`). */
  type: string | null;
  /** Annotation/attribute/decorator texts on the parameter (`@RequestParam`, `[FromQuery]`). */
  annotations: string[];
  index: number;
  /**
   * For a name bound by destructuring the parameter, the properties it was read from:
   * `({ query: { q } }) => …` binds `q` from `['query', 'q']`. Absent for a plain parameter.
   */
  field?: readonly string[];
}

/** A function, method, lambda or closure. */
export interface FunctionView {
  node: SyntaxNode;
  name: string | null;
  params: ParamView[];
  /** The body: a block, or an expression for arrow functions / lambdas. */
  body: SyntaxNode | null;
  /** Decorators, annotations or attributes on the function (`@app.route('/x')`, `@GetMapping`, `[HttpGet]`). */
  decorators: string[];
  /** Name and base types of the enclosing class, when there is one. */
  className: string | null;
  classBases: string[];
  /** For a function passed as an argument (`app.get('/', (req, res) => …)`): the call it is passed to. */
  passedTo: CallView | null;
}

/**
 * How the walker sees one node. `null` means "nothing special": statements are walked child by
 * child and an unknown expression carries the taint of any of its children.
 */
export type View =
  | CallView
  | { kind: 'name'; name: string }
  | { kind: 'member'; object: SyntaxNode; property: string }
  | { kind: 'index'; object: SyntaxNode; index: SyntaxNode | null }
  /** A string literal without interpolation; `value` is its content (escapes left as written). */
  | { kind: 'string'; value: string }
  /** A literal that never carries taint: number, boolean, null, regex, … */
  | { kind: 'literal' }
  /** String building: `a + b` on strings, template literals, f-strings, `%`-formatting, interpolation. */
  | { kind: 'concat'; parts: readonly SyntaxNode[] }
  /** Array, list, tuple, set, map or object literal: tainted when an item is. */
  | { kind: 'collection'; items: readonly SyntaxNode[] }
  /**
   * A value that is one of several (`a || b`, `a ?? b`); with `condition`, a conditional
   * expression `condition ? options[0] : options[1]` whose guards apply to each branch.
   */
  | { kind: 'choice'; options: readonly SyntaxNode[]; condition?: SyntaxNode }
  /** A value that cannot carry a string (comparison, arithmetic, typeof, `len()`): walked for sinks, never tainted. */
  | { kind: 'clean'; parts: readonly SyntaxNode[] }
  /** A transparent wrapper: parentheses, await, casts, type assertions, spread, non-null `!`. */
  | { kind: 'pass'; inner: SyntaxNode }
  /** `x = v`, `x += v`, declarations, destructuring, `with … as x`. `update` means the old value stays (`+=`). */
  | { kind: 'assign'; targets: readonly SyntaxNode[]; value: SyntaxNode | null; update: boolean }
  /** `for x in xs` / `for (const x of xs)` / `xs.each do |x|`. */
  | { kind: 'loop'; targets: readonly SyntaxNode[]; iterable: SyntaxNode; body: SyntaxNode | null }
  /** `fold`: the value the condition always has, when the adapter can tell (`if (false)`, a constant flag): only that branch runs. */
  | { kind: 'if'; condition: SyntaxNode; then: SyntaxNode | null; else: SyntaxNode | null; fold?: boolean }
  /** `!x`, `not x`: negation, for guard polarity. */
  | { kind: 'not'; inner: SyntaxNode }
  /** `x in xs` and friends: membership test of `subject` (`negated` for `not in`). */
  | { kind: 'membership'; subject: SyntaxNode; collection: SyntaxNode; negated?: boolean }
  /** `a == b`, `a === b`, `a.equals(b)`-like equality (for allow-list guards). */
  | { kind: 'equality'; left: SyntaxNode; right: SyntaxNode; negated: boolean }
  | { kind: 'return'; value: SyntaxNode | null }
  /** `throw`, `raise`, `die`, `exit()`, `abort()`, `panic()`: control does not continue. */
  | { kind: 'exit' }
  | { kind: 'function'; fn: FunctionView }
  /** A statement or declaration with nothing to analyse (imports, type declarations). */
  | { kind: 'skip' };

/** What a language tells the engine about its syntax. One per language, beside its rules. */
export interface LanguageAdapter {
  readonly language: LanguageId;
  /** Grammar to parse with; may depend on the code (PHP without `<?php`, TypeScript with JSX). */
  grammar(code: string, filename: string | undefined): GrammarName;
  /** Node types of comments. */
  readonly commentTypes: ReadonlySet<string>;
  /** Node types of string literals (their content is data, never code). */
  readonly stringTypes: ReadonlySet<string>;
  /** Node types that open a function scope. */
  readonly functionTypes: ReadonlySet<string>;
  /** Classifies a node; called once per node per scan (the walker caches it). */
  view(node: SyntaxNode): View | null;
  /**
   * Import aliases of the file: local name → canonical dotted path, e.g. `sp` → `subprocess`,
   * `exec` → `child_process.exec`, `request` → `flask.request`.
   */
  imports(root: SyntaxNode): Map<string, string>;
  /** Names bound by an assignment/declaration target (destructuring yields several). */
  targetNames(target: SyntaxNode): SyntaxNode[];
  /**
   * Whether an `if` condition certainly holds (true) or certainly fails (false) — `if (0)`,
   * `if (DEBUG > 1)` with `#define DEBUG 0`, a file-static flag nothing writes — or null when it
   * depends on the run. Optional: a branch that never runs is not walked.
   */
  constantCondition?(condition: SyntaxNode): boolean | null;
}
