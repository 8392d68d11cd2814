import * as v from 'valibot';
import { CLASSES } from '../classes/catalogue.ts';
import { compilePattern } from '../engine/pattern.ts';
import { LANGUAGES, type LanguageId } from '../languages.ts';

/**
 * A model: what one library or framework contributes to the scanner's knowledge, as data. Where
 * untrusted data enters (sources), where it does harm (sinks, tagged by vulnerability class), what
 * makes it safe (sanitizers) or proves it valid (validators), how it moves between arguments
 * (propagators), and how a function is recognised as a request handler whose parameters are input
 * (handlers). Built-in models live in models/<language>/<library>.ts; users pass their own as JSON
 * (`createScanner({ models })`, `secscan scan --models`, `SECSCAN_MODELS`), validated by this
 * schema with errors that name the field. The JSON Schema users can edit against is generated from
 * it (docs/model.schema.json).
 */

/** Classes a sink can be tagged with: those found by following untrusted data. */
export const TAINT_CLASS_IDS = CLASSES.filter((c) => 'taint' in c).map((c) => c.id);

function validPattern(p: string): boolean {
  try {
    compilePattern(p);
    return true;
  } catch {
    return false;
  }
}

const pattern = v.pipe(
  v.string(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(300, 'is longer than 300 characters'),
  v.check(validPattern, 'is not a valid call pattern (dotted names, `*`, `**`, `{a,b}`; a call segment ends in `()`)'),
);
/** One call pattern or a list of them. */
const patterns = v.union([pattern, v.pipe(v.array(pattern), v.minLength(1, 'needs at least one pattern'))], 'must be a pattern or a list of patterns');
const language = v.picklist(LANGUAGES, `must be one of ${LANGUAGES.join(', ')}`);
const taintClass = v.picklist(TAINT_CLASS_IDS as [string, ...string[]], `must be a taint class: ${TAINT_CLASS_IDS.join(', ')}`);
const position = v.pipe(v.number(), v.integer('must be an integer'), v.minValue(0, 'must be 0 or more'), v.maxValue(64, 'must be 64 or less'));
/** One argument position or a list of them. */
const positions = v.union([position, v.pipe(v.array(position), v.minLength(1, 'needs at least one position'))], 'must be a position or a list of positions');
const name = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, 'must be 1–64 lowercase letters, digits, dots, dashes or underscores'));
const moduleName = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(120, 'is longer than 120 characters'));

/** Where data comes from, strongest first: a remote client, the local machine, a database (second-order). */
export const SOURCE_KINDS = ['remote', 'local', 'environment', 'file', 'database'] as const;
const sourceKind = v.picklist(SOURCE_KINDS, `must be one of ${SOURCE_KINDS.join(', ')}`);

const source = v.pipe(
  v.strictObject({
    /** What a call returns: `acme.request.arg` (matches `acme.request.arg("id")`). */
    call: v.optional(patterns),
    /** An access path and everything under it: `flask.request.args` (matches `request.args["id"]`, `request.args.get("id")`). */
    path: v.optional(patterns),
    /** The call writes the data into this argument (or these) instead of returning it (`fgets(buf, n, stdin)`: 0; `scanf`: [1, 2, …]). */
    into: v.optional(positions),
    kind: sourceKind,
  }),
  v.check((s) => (s.call === undefined) !== (s.path === undefined), 'needs exactly one of `call` or `path`'),
  v.check((s) => s.into === undefined || s.call !== undefined, '`into` needs `call`'),
);

const sink = v.strictObject({
  call: patterns,
  /** Dangerous positional arguments (default [0]); `"all"` for any. */
  arg: v.optional(v.union([position, v.array(position), v.literal('all')], 'must be a position, a list of positions or "all"')),
  /** Dangerous keyword/named arguments. */
  keyword: v.optional(v.union([v.string(), v.array(v.string())], 'must be a name or a list of names')),
  /** The object the method is called on is what must not be untrusted (`userString.constantize`). */
  receiver: v.optional(v.boolean()),
  class: taintClass,
  /** A named check of the language pack that must also hold (see docs/writing-rules.md for the list). */
  where: v.optional(name),
  /** Report the call whenever the argument is not a constant (nor a value sanitized for the class), at low confidence, even without a known source. */
  audit: v.optional(v.boolean()),
  /** What findings call the sink (default: the call's path). */
  label: v.optional(v.pipe(v.string(), v.maxLength(80))),
  /** The CWEs findings at this sink carry, when more specific than the class's (each one of the class's). */
  cwe: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(/^CWE-\d{1,5}$/, 'must be CWE-<number>'))), v.minLength(1, 'needs at least one CWE'))),
  /** Only in files that import one of these modules (`"imports": "vm2"`): for method names other libraries share. */
  imports: v.optional(v.union([moduleName, v.pipe(v.array(moduleName), v.minLength(1))], 'must be a module name or a list of them')),
});

/** All class ids, for entries that report a class that is not found by following data (a hard-coded key). */
const anyClass = v.picklist(CLASSES.map((c) => c.id) as [string, ...string[]], `must be a class id: ${CLASSES.map((c) => c.id).join(', ')}`);

const literal = v.strictObject({
  /** A call whose argument must not be written into the code: a key, a password, a salt, an IV. */
  call: patterns,
  /** Positions that must not be a constant (default [0]). */
  arg: v.optional(v.union([position, v.array(position)], 'must be a position or a list of positions')),
  /** Keyword/named arguments, or keys of a JavaScript options object, that must not be a constant. */
  keyword: v.optional(v.union([v.string(), v.array(v.string())], 'must be a name or a list of names')),
  /** Calls that turn a literal into the value without making it any less hard-coded (`Buffer.from`, `JWK.asKey`). */
  through: v.optional(patterns),
  class: anyClass,
  where: v.optional(name),
  label: v.optional(v.pipe(v.string(), v.maxLength(80))),
});

const assignment = v.strictObject({
  /** A property written to: `*.innerHTML`. */
  target: patterns,
  class: taintClass,
  where: v.optional(name),
  label: v.optional(v.pipe(v.string(), v.maxLength(80))),
});

const sanitizer = v.strictObject({
  call: patterns,
  /** The classes its result is safe for, or `"all"` (a number parse, a lookup that returns rows). */
  class: v.union([taintClass, v.pipe(v.array(taintClass), v.minLength(1)), v.literal('all')], 'must be a taint class, a list of them or "all"'),
  /**
   * Its result is a number taken from its argument (`atoi`, `strtol`, `strlen`, `ntohl`): safe for
   * the classes it names, but still a size or an index chosen by whoever chose the argument, which
   * the memory-safety checks keep following.
   */
  numeric: v.optional(v.boolean()),
});

const validator = v.strictObject({
  /** A predicate that proves its argument valid when it guards a branch (`if (!isSafeName(x)) return`). */
  call: patterns,
});

const propagator = v.strictObject({
  /** A call that copies data from some arguments into another (`strcpy(dst, src)`). */
  call: patterns,
  from: v.pipe(v.array(position), v.minLength(1)),
  /** With `rest`, every positional argument from `from[0]` on is read. */
  rest: v.optional(v.boolean()),
  /** The argument written (or several: `sscanf(line, fmt, &a, &b)` writes [2, 3, …]). */
  to: positions,
  /** The destination keeps its content and the data is appended (`strcat`). */
  append: v.optional(v.boolean()),
  /** The copy formats a string (`sprintf`): the result counts as built text. */
  format: v.optional(v.boolean()),
});

const handler = v.pipe(
  v.strictObject({
    /** Decorators, annotations or attributes that make a function a handler: `app.route`, `GetMapping`, `HttpPost`. */
    decorator: v.optional(patterns),
    /** A call that registers a function as a handler: `app.get`, `router.post`. */
    registration: v.optional(patterns),
    /** Which argument of the registration is the handler (default: any). */
    argument: v.optional(v.union([position, v.literal('last')])),
    /** The enclosing class derives from one of these. */
    base: v.optional(patterns),
    /** The function's own name. */
    method: v.optional(patterns),
    /** Only parameters whose declared type matches (`HttpServletRequest`, `*.Request`). */
    parameterType: v.optional(patterns),
    /** Only parameters carrying one of these annotations (`RequestParam`, `FromQuery`). */
    parameterAnnotation: v.optional(patterns),
    /** Which parameters carry the data (default: all of them). */
    parameters: v.optional(v.union([v.array(position), v.literal('all')])),
    /** Parameter names that never carry it (`self`, `res`, `next`). */
    skip: v.optional(v.array(v.string())),
    /** Only functions that declare at least this many parameters (Express's `(req, res)`, not a one-argument callback). */
    minParameters: v.optional(v.pipe(v.number(), v.integer('must be an integer'), v.minValue(1, 'must be 1 or more'), v.maxValue(16, 'must be 16 or less'))),
    /**
     * The parameters are the object the model's sources name this way: with `"alias": "req"`,
     * `(r, s) => r.query.id` and `({ query }, res) => query.id` both read `req.query.id`, and only
     * what the sources under `req` say is input (not `r.user` or `r.app`). Takes the place of `kind`.
     */
    alias: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z_$][\w$]{0,63}(?:\.[A-Za-z_$][\w$]{0,63}){0,7}$/, 'must be a dotted name (`req`, `ctx.request`)'))),
    kind: v.optional(sourceKind),
  }),
  v.check(
    (h) => [h.decorator, h.registration, h.base, h.method, h.parameterType, h.parameterAnnotation].some((x) => x !== undefined),
    'needs at least one of decorator, registration, base, method, parameterType or parameterAnnotation',
  ),
  v.check((h) => (h.kind === undefined) !== (h.alias === undefined), 'needs exactly one of `kind` (the parameters are input) or `alias` (they are an object the sources name)'),
);

/** The schema every model, built-in or a user's, is checked against. */
export const modelSchema = v.strictObject({
  /** The library or framework, e.g. `flask`, `express`, `acme`. */
  name,
  /** The language(s) it applies to. */
  language: v.union([language, v.pipe(v.array(language), v.minLength(1))], `must be a language id or a list of them: ${LANGUAGES.join(', ')}`),
  description: v.optional(v.pipe(v.string(), v.maxLength(500))),
  sources: v.optional(v.array(source)),
  sinks: v.optional(v.array(sink)),
  /** Calls that must not receive a value written into the code (hard-coded keys, passwords, IVs). */
  literals: v.optional(v.array(literal)),
  assignments: v.optional(v.array(assignment)),
  sanitizers: v.optional(v.array(sanitizer)),
  validators: v.optional(v.array(validator)),
  propagators: v.optional(v.array(propagator)),
  handlers: v.optional(v.array(handler)),
});

/** A model, as written (JSON or a built-in data file). */
export type ModelSpec = v.InferInput<typeof modelSchema>;
/** A model's source entry. */
export type ModelSource = NonNullable<ModelSpec['sources']>[number];
/** A model's sink entry. */
export type ModelSink = NonNullable<ModelSpec['sinks']>[number];
/** A model's literal entry. */
export type ModelLiteral = NonNullable<ModelSpec['literals']>[number];
/** A model's handler entry. */
export type ModelHandler = NonNullable<ModelSpec['handlers']>[number];
/** Where model data comes from. */
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Declares a built-in model (identity; its shape is checked by the compiler, its content by the registry test). */
export function defineModel(model: ModelSpec): ModelSpec {
  return model;
}

/** A model that does not fit the schema: the message names the model and the field. */
export class ModelError extends Error {
  constructor(
    message: string,
    /** Every problem found, one line each (`models[0].sinks[1].class: must be a taint class: …`). */
    readonly problems: readonly string[],
  ) {
    super(message);
    this.name = 'ModelError';
  }
}

function describePath(prefix: string, issue: v.BaseIssue<unknown>): string {
  let out = prefix;
  for (const item of issue.path ?? []) {
    const key = item.key;
    out += typeof key === 'number' ? `[${key}]` : `.${String(key)}`;
  }
  return out;
}

/**
 * Checks models (parsed JSON or objects) against the schema and returns them typed. `origin` names
 * where they came from in errors (`acme.json`). Throws a ModelError listing every problem.
 */
export function parseModels(input: unknown, origin = 'models'): ModelSpec[] {
  const list = Array.isArray(input) ? input : [input];
  const problems: string[] = [];
  const out: ModelSpec[] = [];
  list.forEach((item, i) => {
    const prefix = Array.isArray(input) ? `${origin}[${i}]` : origin;
    const result = v.safeParse(modelSchema, item, { abortPipeEarly: true });
    if (result.success) {
      out.push(result.output);
      return;
    }
    const name = typeof item === 'object' && item !== null && typeof (item as { name?: unknown }).name === 'string' ? ` (${(item as { name: string }).name})` : '';
    for (const issue of result.issues) problems.push(`${describePath(prefix, issue)}${name}: ${issue.message}`);
  });
  if (problems.length > 0) {
    const shown = problems.slice(0, 20);
    const more = problems.length > shown.length ? `\n… and ${problems.length - shown.length} more` : '';
    throw new ModelError(`invalid model${problems.length === 1 ? '' : 's'}:\n${shown.join('\n')}${more}`, problems);
  }
  return out;
}

/** The languages a model applies to. */
export function modelLanguages(model: ModelSpec): readonly LanguageId[] {
  return typeof model.language === 'string' ? [model.language] : model.language;
}
