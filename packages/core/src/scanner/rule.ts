import { classOf, type ClassId } from './classes/catalogue.ts';
import { LANGUAGES, type LanguageId } from './languages.ts';
import type { SyntaxNode } from './syntax.ts';
import type { CallView, FunctionView } from './engine/adapter.ts';
import type { Confidence, Severity } from './types.ts';

/** What a taint rule protects against; sanitizers name the classes they neutralise. */
export const VULN_CLASSES = [
  'sql',
  'nosql',
  'command',
  'code',
  'xss',
  'path',
  'ssrf',
  'redirect',
  'ldap',
  'xpath',
  'template',
  'deserialization',
  'xxe',
  'header',
  'log',
  'format',
  'memory',
  'prototype',
  'regex',
  'reflection',
  'trust',
] as const;
/** A class of injection. */
export type VulnClass = (typeof VULN_CLASSES)[number];

/** Bit of a class in a sanitized-for mask. */
export function classBit(c: VulnClass): number {
  return 1 << VULN_CLASSES.indexOf(c);
}
/** Mask meaning "safe for every class". */
export const ALL_CLASSES = (1 << VULN_CLASSES.length) - 1;

/** Kinds of sources models name (see models/schema.ts `SOURCE_KINDS`). */
export type SourceKindName = 'remote' | 'local' | 'environment' | 'file' | 'database';

/** Where untrusted data came from: a remote request, the local environment (argv, env, stdin, files), or a parameter of unknown origin. */
export type Strength = 'remote' | 'local' | 'param';

/** One hop of a taint trace. */
export interface TraceStep {
  node: SyntaxNode;
  note: string;
}

/** Untrusted data flowing through the program. */
export interface Taint {
  strength: Strength;
  /** Where it entered, e.g. `req.query.id`. */
  label: string;
  /** The kind of source a model named (`file`, `environment`, …), when one did. */
  kind?: SourceKindName;
  source: SyntaxNode;
  /** Assignments it passed through (bounded). */
  steps: TraceStep[];
  /** Classes it has been made safe for. */
  sanitized: number;
  /** Whether it went through string building (concatenation, template, format). */
  built: boolean;
  /** Literal text it was built with (bounded), for checks like "looks like SQL". */
  text: string;
  /** For a parameter's own taint: which parameter of which function (used for function summaries). */
  param?: { fn: import('./engine/adapter.ts').FunctionView; index: number };
  /**
   * Which parameters of `param.fn` the value was derived from (bit i = parameter i): how a
   * function's summary tells what its return value and out-parameters carry.
   */
  mask?: number;
}

/** What a predicate can ask about the code around a match. */
export interface MatchContext {
  readonly language: LanguageId;
  readonly code: string;
  /** The scanned file's name when the caller gave one (e.g. to tell config from code); never read from disk. */
  readonly filename: string | null;
  /**
   * True while the walker only asks "is this call a sink of this kind at all?" (to decide whether
   * its result is the input or not): the taint a sink predicate gets is then a stand-in.
   */
  readonly probing: boolean;
  /** The function the match is in, or null at top level. */
  readonly fn: FunctionView | null;
  /** Canonical access path of an expression (`['subprocess', 'run']`), or null. */
  path(node: SyntaxNode): string[] | null;
  /** Dotted form of `path()`, or null. */
  pathText(node: SyntaxNode): string | null;
  /** The string an expression certainly holds (a literal or a name bound to one), or null. */
  stringValue(node: SyntaxNode): string | null;
  /** Whether an expression is a literal or a constant bound to one (no data from outside). */
  isConstant(node: SyntaxNode): boolean;
  /** Whether an expression is certainly null here: a null literal, or a variable assigned null on every path to this point. */
  isNull(node: SyntaxNode): boolean;
  /**
   * Whether an expression holds nothing dangerous for a class, taint or not: a constant, a number, the
   * result of a sanitizer for the class, data sanitized for it, or text built only of such parts.
   */
  safeFor(node: SyntaxNode, cls: VulnClass): boolean;
  /** Whether an expression is a literal of the given kind. */
  literalKind(node: SyntaxNode): 'string' | 'other' | null;
  /** The taint an expression carries at this point of the walk, or null. */
  taint(node: SyntaxNode): Taint | null;
  /** A call's argument by keyword name or position. */
  arg(call: CallView, nameOrIndex: string | number): SyntaxNode | null;
  /** The call an expression is, or null. */
  call(node: SyntaxNode): CallView | null;
  /** Nearest enclosing function's text-level names (function, class), for context heuristics. */
  enclosingNames(): string[];
  /** A value computed once per scanned file (whole-file facts predicates would otherwise recompute per call). */
  fileMemo<T>(key: string, compute: () => T): T;
  /** Whether the file imports a module (`vm2`), or something from inside it (`vm2.VM`), by canonical name. */
  imports(module: string): boolean;
}

/** What a predicate reports about one place: where, and what to say instead of the rule's defaults. */
export interface VerdictDetails {
  node?: SyntaxNode;
  message?: string;
  cwe?: string[];
  confidence?: Confidence;
}

/**
 * A predicate's verdict: false/null to skip, true to report at the match, details to override, or
 * several details when one construct does harm in several places (every use of freed memory).
 */
export type Verdict = boolean | null | undefined | VerdictDetails | readonly VerdictDetails[];

/** A dangerous call and which of its arguments must not carry untrusted data. */
export interface CallSink {
  callee: string | readonly string[];
  /** Positions of dangerous arguments (default [0]); 'all' for any argument. */
  args?: readonly number[] | 'all';
  /** Keyword names of dangerous arguments. */
  keywords?: readonly string[];
  /** The receiver itself is dangerous (e.g. `userString.constantize`). */
  receiver?: boolean;
  /** Extra condition on the call (e.g. `shell=True`). */
  where?: (call: CallView, ctx: MatchContext, taint: Taint) => boolean;
  /** Shown in messages instead of the call's path. */
  label?: string;
  /** The CWEs findings at this sink carry, when more specific than the rule's (XSS in an error page: CWE-81). */
  cwe?: readonly string[];
}

/** A property assignment that is dangerous with untrusted data (`el.innerHTML = x`). */
export interface AssignSink {
  target: string | readonly string[];
  where?: (target: SyntaxNode, ctx: MatchContext, taint: Taint) => boolean;
  label?: string;
}

/** A taint specification: sources (the language's, plus any extra), sinks and sanitizers. */
export interface TaintMatcher {
  kind: 'taint';
  /** The kind of sanitizer that neutralises it; defaults to its class's (the catalogue's `taint`). */
  class?: VulnClass;
  sinks: readonly CallSink[];
  assignSinks?: readonly AssignSink[];
  /** Returning untrusted data from a function for which this holds is a sink (e.g. a Flask view returning HTML). */
  returnSink?: (fn: FunctionView, ctx: MatchContext, taint: Taint) => boolean;
  /** Extra sanitizers (call patterns) for this class, added to the language's. */
  sanitizers?: readonly string[];
  /** Extra sources (access-path patterns), remote strength. */
  sources?: readonly string[];
  /** How parameter-origin data counts: only when built into a string (default), always, or never. */
  params?: 'built' | 'any' | 'never';
  /**
   * How local-origin data (argv, environment, stdin, files, sockets the code opened) counts
   * (default 'any'); 'low': it counts, reported at low confidence (classes where a local
   * administrator's value is rarely an attack, but is one when the machine is shared).
   */
  local?: 'built' | 'any' | 'low' | 'never';
  /** Final filter on a tainted sink. */
  check?: (taint: Taint, ctx: MatchContext, at: SyntaxNode) => boolean;
}

/** A structural pattern over calls: callee patterns plus a predicate. */
export interface CallMatcher {
  kind: 'call';
  callee: string | readonly string[];
  where?: (call: CallView, ctx: MatchContext) => Verdict;
}

/** A structural pattern over node types plus a predicate. */
export interface NodeMatcher {
  kind: 'node';
  types: readonly string[];
  where: (node: SyntaxNode, ctx: MatchContext) => Verdict;
}

/** A tree-sitter query plus a predicate over its captures (`@match` is reported). */
export interface QueryMatcher {
  kind: 'query';
  query: string;
  where?: (captures: Readonly<Record<string, SyntaxNode>>, ctx: MatchContext) => Verdict;
}

/** A secret detector over the raw text (every language, comments and strings included). */
export interface SecretMatcher {
  kind: 'secret';
  detect: (text: string) => SecretHit[];
}

/** A secret found in text: its offsets and the value (masked before it is shown). */
export interface SecretHit {
  start: number;
  end: number;
  /** Offsets of the secret value inside [start, end) — what gets masked. */
  secretStart: number;
  secretEnd: number;
  description: string;
  confidence?: Confidence;
}

/** Any matcher. */
export type Matcher = TaintMatcher | CallMatcher | NodeMatcher | QueryMatcher | SecretMatcher;

/**
 * A rule as a language pack writes it: one way of finding one vulnerability class (the catalogue
 * in classes/catalogue.ts gives its title, CWEs, OWASP categories, default severity, message and
 * remediation). A pack may narrow the CWEs, raise or lower the severity, and add language-specific
 * message, remediation and references; it never names or titles the class itself.
 */
export interface RuleSpec {
  class: ClassId;
  /** Names this way of finding the class where a class has several (secret detectors: `aws`, `github`, …). */
  name?: string;
  /** The languages it runs on; every one reports it as `<language>.<class>`. */
  languages?: readonly LanguageId[];
  /** Runs on every language (secret detectors): reported once as `secrets.<class>`. */
  everyLanguage?: boolean;
  confidence: Confidence;
  severity?: Severity;
  /** A subset of the class's CWEs, when this way of finding it is narrower. */
  cwe?: readonly string[];
  message?: string;
  remediation?: string;
  references?: readonly string[];
  matcher: Matcher;
}

/** Declares a rule part (identity function that checks the shape at compile time). */
export function defineRule(spec: RuleSpec): RuleSpec {
  return spec;
}

/** A rule as the engine runs and reports it: one part of a class, for one language. */
export interface Rule {
  /** `<language>.<class>` (`secrets.<class>` for detectors that run on every language). Parts of one class share it. */
  id: string;
  /** The vulnerability class (catalogue id). */
  class: string;
  /** The part's own name, when it has one (`aws` for `secrets.hardcoded-secret`). */
  name: string | null;
  title: string;
  severity: Severity;
  confidence: Confidence;
  /** `CWE-<n>` strings. */
  cwe: readonly string[];
  /** OWASP Top 10 2021 categories, e.g. `A03:2021`. */
  owasp: readonly string[];
  languages: readonly LanguageId[];
  /** Message; `{sink}` and `{source}` are filled in for taint findings. */
  message: string;
  remediation: string;
  references: readonly string[];
  /** Which sanitizers neutralise it (taint rules). */
  taint: VulnClass | null;
  matcher: Matcher;
}

/**
 * Turns rule parts into the rules the engine runs: one per part and language, with the class's
 * metadata. Fails loudly on a part that contradicts its class (a CWE the class does not list).
 */
export function materializeRules(specs: readonly RuleSpec[]): Rule[] {
  const out: Rule[] = [];
  for (const spec of specs) {
    const cls = classOf(spec.class);
    if (!cls) throw new Error(`rule part names an unknown class "${spec.class}"`);
    for (const c of spec.cwe ?? []) {
      if (!cls.cwe.includes(c)) throw new Error(`a ${cls.id} rule reports ${c}, which the class does not list`);
    }
    const taint = spec.matcher.kind === 'taint' ? (spec.matcher.class ?? cls.taint ?? null) : null;
    if (spec.matcher.kind === 'taint' && !taint) throw new Error(`class ${cls.id} is not a taint class, but a taint rule names it`);
    const references = [...(spec.references ?? []), ...cls.references.filter((r) => !spec.references?.includes(r))];
    const base = {
      class: cls.id,
      name: spec.name ?? null,
      title: cls.title,
      severity: spec.severity ?? cls.severity,
      confidence: spec.confidence,
      cwe: spec.cwe ?? cls.cwe,
      owasp: cls.owasp,
      message: spec.message ?? cls.message,
      remediation: spec.remediation ?? cls.remediation,
      references,
      taint,
      matcher: spec.matcher,
    };
    if (spec.everyLanguage) {
      out.push({ ...base, id: `secrets.${cls.id}`, languages: LANGUAGES });
      continue;
    }
    if (!spec.languages?.length) throw new Error(`a ${cls.id} rule part names no languages`);
    for (const language of spec.languages) out.push({ ...base, id: `${language}.${cls.id}`, languages: [language] });
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
