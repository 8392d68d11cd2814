import type { SourceKindName, Strength, VulnClass } from '../rule.ts';
import type { LanguageAdapter, FunctionView, ParamView } from './adapter.ts';
import type { Heuristics } from '../models/compile.ts';

/** Untrusted-input access paths (prefix match): `req.query`, `flask.request.args`, `$_GET`, `input()`. */
export interface SourceSpec {
  paths: readonly string[];
  strength: Strength;
  /** The kind a model named, carried by the taint (rules may treat file or environment data apart). */
  kind?: SourceKindName;
}

/** A call that writes untrusted data into one of its arguments (C's `fgets(buf, n, stdin)`). */
export interface OutSourceSpec {
  callee: readonly string[];
  arg: number;
  strength: Strength;
}

/**
 * A call that copies data from some of its arguments into another one: C's `strcpy(dst, src)`,
 * `strcat(dst, src)`, `sprintf(buf, fmt, …)`, `sscanf(line, fmt, &x)`. The written argument gets
 * the taint of the read ones (replacing its own, or joining it with `update`).
 */
export interface PropagatorSpec {
  callee: readonly string[];
  /** Position of the argument written to. */
  to: number;
  /** Positions read from; with `rest`, every positional argument from `from[0]` on. */
  from: readonly number[];
  rest?: boolean;
  /** The destination keeps its old content and the new data is appended (`strcat`). */
  update?: boolean;
  /** The copy formats a string (`sprintf`): the written value is marked built, with its literal text. */
  builds?: boolean;
}

/** Calls that make data safe for some classes (`shlex.quote` → command) or for all (`int()`). */
export interface SanitizerSpec {
  callee: readonly string[];
  classes: readonly VulnClass[] | 'all';
}

/**
 * Everything the engine needs to know about one language besides its syntax: where untrusted
 * data comes from, what makes it safe, and how parameters start out. Rules add to it.
 */
export interface LanguageProfile {
  adapter: LanguageAdapter;
  sources: readonly SourceSpec[];
  outSources?: readonly OutSourceSpec[];
  /** Calls that copy data from arguments into another argument (optional; C-like languages). */
  propagators?: readonly PropagatorSpec[];
  sanitizers: readonly SanitizerSpec[];
  /**
   * Taint a parameter starts with: request parameters of a route handler are 'remote', a
   * plain function's string parameters are 'param' (unknown origin), numbers are null.
   */
  paramTaint(fn: FunctionView, param: ParamView): Strength | null;
  /**
   * A parameter that can carry no attacker-shaped data whatever handler shape its function has
   * (numbers, framework objects, injected values): model handler shapes do not make it input.
   */
  inertParam?(fn: FunctionView, param: ParamView): boolean;
  /** Method names that store an argument into their receiver (`list.append(x)`, `sb.append(x)`). */
  mutators: readonly string[];
  /** Function/method names whose result carries no string data (`len`, `size`, `isEmpty`, `count`). */
  cleanCalls: readonly string[];
  /** Names of predicates that validate their argument when used in a condition (`isdigit`, `matches`, `in_array`). */
  validators: readonly string[];
  /** Call patterns that never return (`abort`, `sys.exit`, `die`, `panic`). */
  exits: readonly string[];
  /** Call patterns that format strings (`String.format`, `sprintf`, `str.format`): their result is "built". */
  formatters: readonly string[];
  /** Named checks that model sinks may require (`"where": "db-receiver"`); listed in docs/writing-rules.md. */
  heuristics?: Heuristics;
}
