import type { CallView } from '../../engine/adapter.ts';
import { FORMAT_BIT, parseFormat, positional, untrusted } from '../../lang/c/analysis.ts';
import { paramFeed } from '../../lang/c/helpers.ts';
import {
  declaratorShape,
  defines,
  descendants,
  enclosingFunction,
  findDeclaration,
  functionName,
  functionsByName,
  isVariadic,
  parameterDeclarations,
  rootOf,
  scopeDescendants,
  unwrap,
} from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** Position of the format argument, by function. */
const FORMAT_ARG: Record<string, number> = {
  printf: 0,
  vprintf: 0,
  wprintf: 0,
  vwprintf: 0,
  printw: 0,
  vw_printw: 1,
  g_print: 0,
  g_printerr: 0,
  warn: 0,
  warnx: 0,
  vwarn: 0,
  vwarnx: 0,
  fprintf: 1,
  vfprintf: 1,
  fwprintf: 1,
  vfwprintf: 1,
  dprintf: 1,
  vdprintf: 1,
  sprintf: 1,
  vsprintf: 1,
  asprintf: 1,
  vasprintf: 1,
  syslog: 1,
  vsyslog: 1,
  err: 1,
  errx: 1,
  verr: 1,
  verrx: 1,
  wsprintf: 1,
  wsprintfA: 1,
  wsprintfW: 1,
  wprintw: 1,
  g_strdup_printf: 0,
  snprintf: 2,
  vsnprintf: 2,
  _snprintf: 2,
  _vsnprintf: 2,
  swprintf: 2,
  vswprintf: 2,
  sprintf_s: 2,
  vsprintf_s: 2,
  mvprintw: 2,
  StringCchPrintf: 2,
  StringCchPrintfA: 2,
  StringCchPrintfW: 2,
  StringCbPrintf: 2,
  mvwprintw: 3,
  sqlite3_mprintf: 0,
  sqlite3_snprintf: 2,
};

/** Calls that return a constant (translated) message: `_("…")`, `gettext("…")`, `strerror(errno)`. */
const CONSTANT_CALLS = /^(?:_|N_|gettext|dgettext|dcgettext|ngettext|dngettext|pgettext|tr|QObject::tr|strerror|gai_strerror|hstrerror|sqlite3_errstr)$/;

/** Whether a format expression holds only program text: literals, constants, translations, choices of them. */
function constantFormat(node: SyntaxNode, ctx: MatchContext, depth = 0): boolean {
  if (depth > 12) return false;
  if (ctx.isConstant(node) || ctx.stringValue(node) !== null) return true;
  const v = unwrap(node);
  switch (v.type) {
    case 'string_literal':
    case 'concatenated_string':
    case 'raw_string_literal':
      return true;
    case 'conditional_expression': {
      const a = v.child('consequence');
      const b = v.child('alternative');
      return (!a || constantFormat(a, ctx, depth + 1)) && (!b || constantFormat(b, ctx, depth + 1));
    }
    case 'call_expression': {
      const name = v.child('function')?.text.replace(/\s+/g, '') ?? '';
      if (!CONSTANT_CALLS.test(name)) return false;
      return true;
    }
    case 'identifier': {
      if (defines(rootOf(v)).has(v.text)) return true;
      const d = findDeclaration(v.text, v);
      if (!d) return false;
      // `const char *fmt = verbose ? "%s: %s\n" : "%s\n";` and later reassignments, all constant.
      const values = assignmentsBefore(v.text, v, d.fn);
      if (values.length > 0 && d.kind !== 'param' && values.every((x) => constantFormat(x, ctx, depth + 1))) return true;
      // `static const char *const msgs[] = {"…", "…"}`-style tables and `const char fmt[] = "…"`.
      const init = d.init ? unwrap(d.init) : null;
      if (init && d.kind !== 'param' && /\bconst\b/.test(d.owner.text.slice(0, d.declarator.start - d.owner.start) + d.declarator.text.split('=')[0])) {
        if (init.type === 'string_literal' || init.type === 'concatenated_string') return true;
        if (init.type === 'initializer_list') return init.namedChildren.every((c) => c.type === 'string_literal' || c.type === 'concatenated_string' || c.type === 'null');
      }
      return false;
    }
    case 'subscript_expression': {
      const base = v.child('argument');
      return base !== null && constantFormat(base, ctx, depth + 1);
    }
    default:
      return false;
  }
}

/** Every value assigned to a local before `at` (initialiser and `=`), in order. */
function assignmentsBefore(name: string, at: SyntaxNode, fn: SyntaxNode | null): SyntaxNode[] {
  if (!fn) return [];
  const out: SyntaxNode[] = [];
  for (const n of descendants(fn, new Set(['init_declarator', 'assignment_expression']))) {
    if (n.start >= at.start) break;
    if (n.type === 'init_declarator') {
      const value = n.child('value');
      if (value && declaratorShape(n).name?.text === name) out.push(value);
    } else if (unwrap(n.child('left') ?? n).text === name) {
      const value = n.child('right');
      if (value) out.push(value);
    }
  }
  return out;
}

const STRING_WRITERS: Record<string, number> = {
  sprintf: 1,
  snprintf: 2,
  _snprintf: 2,
  swprintf: 2,
  asprintf: 1,
  strcpy: -1,
  strncpy: -1,
  strcat: -1,
  strncat: -1,
  strlcpy: -1,
  strlcat: -1,
  wcscpy: -1,
  wcscat: -1,
};

/**
 * The call that last wrote a local buffer before `at`, when it wrote text that is not a constant
 * into it: `snprintf(buf, n, "… %s", s)` with s not constant, `strcpy(buf, s)`. Returns its name.
 */
function builtAtRuntime(fmt: SyntaxNode, at: SyntaxNode, ctx: MatchContext): string | null {
  const f = unwrap(fmt);
  if (f.type === 'call_expression') return concatenatedString(f, at, ctx);
  if (f.type !== 'identifier') return null;
  const d = findDeclaration(f.text, f);
  if (!d || d.kind === 'param' || d.arrays.length === 0) return null;
  const fn = enclosingFunction(at);
  if (!fn) return null;
  let last: SyntaxNode | null = null;
  for (const c of descendants(fn, new Set(['call_expression', 'assignment_expression']))) {
    if (c.start >= at.start) break;
    if (c.type === 'assignment_expression') {
      if (unwrap(c.child('left') ?? c).text === f.text) last = null;
      continue;
    }
    const name = (c.child('function')?.text ?? '').replace(/^std::/, '');
    if (STRING_WRITERS[name] === undefined) continue;
    const args = c.child('arguments')?.namedChildren.filter((x) => x.type !== 'comment') ?? [];
    if (args[0] && unwrap(args[0]).text === f.text) last = c;
  }
  if (!last) return null;
  const name = (last.child('function')?.text ?? '').replace(/^std::/, '');
  const args = last.child('arguments')?.namedChildren.filter((x) => x.type !== 'comment') ?? [];
  const fmtPos = STRING_WRITERS[name] as number;
  if (fmtPos < 0) {
    const src = args[1];
    return src && !constantFormat(src, ctx) ? name : null;
  }
  const format = args[fmtPos] ? ctx.stringValue(args[fmtPos] as SyntaxNode) : null;
  if (format === null) return null;
  const rest = args.slice(fmtPos + 1);
  let k = 0;
  for (const c of parseFormat(format).conversions) {
    if (c.width === '*') k++;
    if (c.precision === '*') k++;
    if (c.conv === '%') continue;
    const arg = rest[k++];
    if ((c.conv === 's' || c.conv === 'S') && arg && !constantFormat(arg, ctx)) return name;
  }
  return null;
}

/** Calls whose result is a number or program text: `std::to_string(n)`, `strerror(e)`. */
const NUMBER_TEXT = /^(?:std::)?(?:to_string|to_wstring)$/;
const STRING_TYPE = /^(?:std::)?(?:string|wstring|string_view)$/;

/** The non-literal parts of a `+` chain that are not numbers: `"detail " + std::to_string(n) + ": " + msg` → msg. */
function textParts(node: SyntaxNode, ctx: MatchContext, out: SyntaxNode[], depth = 0): void {
  const v = unwrap(node);
  if (depth > 32 || out.length > 16) return;
  if (v.type === 'binary_expression' && v.child('operator')?.text === '+') {
    for (const side of ['left', 'right']) {
      const c = v.child(side);
      if (c) textParts(c, ctx, out, depth + 1);
    }
    return;
  }
  if (v.type === 'number_literal' || v.type === 'char_literal' || constantFormat(v, ctx)) return;
  if (v.type === 'call_expression' && NUMBER_TEXT.test(v.child('function')?.text ?? '')) return;
  // `std::string("desk ")`: a string object made from constant text.
  if (v.type === 'call_expression' && STRING_TYPE.test(v.child('function')?.text ?? '')) {
    const args = v.child('arguments')?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
    if (args.length > 0 && args.every((a) => constantFormat(a, ctx) || unwrap(a).type === 'number_literal')) return;
  }
  out.push(v);
}

/**
 * C++: `syslog(LOG_INFO, line.c_str())` where the local std::string `line` was built with `+` from
 * text that is not a constant (`"detail: " + ev.detail`): any "%" in that text becomes a directive.
 */
function concatenatedString(f: SyntaxNode, at: SyntaxNode, ctx: MatchContext): string | null {
  const callee = f.child('function');
  if (callee?.type !== 'field_expression' || (f.child('arguments')?.namedChildren.length ?? 0) > 0) return null;
  const method = callee.child('field')?.text;
  if (method !== 'c_str' && method !== 'data') return null;
  const object = unwrap(callee.child('argument') ?? callee);
  if (object.type !== 'identifier') return null;
  const d = findDeclaration(object.text, object);
  if (!d || d.kind !== 'local' || d.pointers > 0 || d.arrays.length > 0 || !d.init) return null;
  if (!/\b(?:string|wstring)\b/.test(d.type)) return null;
  const init = unwrap(d.init);
  if (init.type !== 'binary_expression' || init.child('operator')?.text !== '+') return null;
  // Reassigned or appended to before the call: the initialiser no longer tells what it holds.
  const fn = enclosingFunction(at);
  if (!fn) return null;
  for (const c of descendants(fn, new Set(['assignment_expression']))) {
    if (c.start >= at.start) break;
    if (c.start > d.owner.start && unwrap(c.child('left') ?? c).text === object.text) return null;
  }
  const parts: SyntaxNode[] = [];
  textParts(init, ctx, parts);
  return parts.length > 0 && literalPlus(init) ? 'operator+' : null;
}

/** Whether a `+` chain holds a string literal (it builds text, it does not add numbers). */
function literalPlus(node: SyntaxNode, depth = 0): boolean {
  const v = unwrap(node);
  if (depth > 32) return false;
  if (v.type === 'string_literal' || v.type === 'raw_string_literal' || v.type === 'concatenated_string') return true;
  if (v.type !== 'binary_expression' || v.child('operator')?.text !== '+') return false;
  return literalPlus(v.child('left') ?? v, depth + 1) || literalPlus(v.child('right') ?? v, depth + 1);
}

const wrapperCache = new WeakMap<SyntaxNode, number | null>();

/**
 * The format position of a printf-like function of this file: a variadic function (or method) that
 * hands one of its parameters as the format to a printf-family call (`void log_msg(int level, const
 * char *fmt, ...) { … vsyslog(level, fmt, ap); }` → 1). Null for anything else.
 */
function wrapperFormat(call: CallView): number | null {
  if (call.name === '?' || FORMAT_ARG[call.name] !== undefined) return null;
  const def = functionsByName(rootOf(call.node)).get(call.name);
  if (!def || def.contains(call.node) || !isVariadic(def)) return null;
  let pos = wrapperCache.get(def);
  if (pos !== undefined) return pos;
  pos = null;
  const params = parameterDeclarations(def);
  for (const c of descendants(def.child('body') ?? def, new Set(['call_expression']), 2_000)) {
    const name = (c.child('function')?.text ?? '').replace(/\s+/g, '').replace(/^(?:std)?::/, '');
    const at = FORMAT_ARG[name];
    if (at === undefined) continue;
    const arg = c.child('arguments')?.namedChildren.filter((x) => x.type !== 'comment')[at];
    if (!arg || unwrap(arg).type !== 'identifier') continue;
    const index = params.findIndex((d) => d.name === unwrap(arg).text);
    if (index >= 0) {
      pos = index;
      break;
    }
  }
  wrapperCache.set(def, pos);
  return pos;
}

/** Formatting calls whose first argument is the buffer they write. */
const DESTINATION_FIRST = new Set([
  'sprintf',
  'vsprintf',
  'snprintf',
  'vsnprintf',
  '_snprintf',
  '_vsnprintf',
  'swprintf',
  'vswprintf',
  'sprintf_s',
  'vsprintf_s',
  'wsprintf',
  'wsprintfA',
  'wsprintfW',
]);
const LITERAL_TYPES = new Set(['string_literal', 'concatenated_string', 'raw_string_literal']);

function formatArgument(call: CallView, ctx: MatchContext): Verdict {
  const pos = FORMAT_ARG[call.name] ?? wrapperFormat(call);
  if (pos === undefined || pos === null) return false;
  const args = positional(call);
  const fmt = args[pos];
  if (!fmt) return false;
  // `sprintf("%s\n", name)`: a literal where the buffer belongs is a printf written as sprintf; the
  // literal is the format the author meant and the argument after it is data.
  if (pos > 0 && DESTINATION_FIRST.has(call.name) && args[0] && LITERAL_TYPES.has(unwrap(args[0]).type)) return false;
  const t = ctx.taint(fmt);
  // Input written into the buffer (recv, fgets, strcat) wins over how the variable was initialised.
  if (!(t && untrusted(t) && !(t.sanitized & FORMAT_BIT)) && constantFormat(fmt, ctx)) return false;
  const fnNode = enclosingFunction(call.node);
  // A printf-like wrapper forwarding its own format: `void log_msg(const char *fmt, ...) { vfprintf(stderr, fmt, ap); }`.
  const f = unwrap(fmt);
  if (f.type === 'identifier' && isVariadic(fnNode)) {
    const d = findDeclaration(f.text, f);
    if (d?.kind === 'param') return false;
  }
  if (FORMAT_ARG[call.name] !== undefined && call.name.startsWith('v') && (!t || t.strength === 'param')) return false;
  // Data only arrives with extra arguments: printf(buf, x) is a format with conversions, still report.
  if (t && !(t.sanitized & FORMAT_BIT) && untrusted(t)) {
    return {
      node: call.node,
      confidence: 'high',
      message: `Untrusted data from ${t.label} is used as the format string of ${call.name}(): a "%n" or "%s" in it reads or writes arbitrary memory`,
    };
  }
  if (t && t.sanitized & FORMAT_BIT) return false;
  // A buffer the program formatted itself with text it did not write: `snprintf(msg, …, "failed: %s",
  // mysql_error(db)); syslog(LOG_ERR, msg);` — any "%" in that text becomes a directive.
  if (!t) {
    const writer = builtAtRuntime(fmt, call.node, ctx);
    return writer
      ? {
          node: call.node,
          confidence: 'medium',
          message: `The format string of ${call.name}() was built at run time by ${writer}() from text that is not a constant: a "%" in that text is read as a directive`,
        }
      : false;
  }
  // A parameter of a `static` function whose callers (all in this file) never pass it input.
  if (t.strength === 'param' && !t.built && t.param && unheardParameter(t.param.fn.node, t.param.index)) return false;
  return {
    node: call.node,
    confidence: 'medium',
    message: `The format string of ${call.name}() is not a constant: if it can contain "%" directives from input, it reads or writes arbitrary memory`,
  };
}

/** Whether a parameter belongs to a `static` function the file calls, none of whose calls passes input to it. */
function unheardParameter(fn: SyntaxNode, index: number): boolean {
  if (fn.type !== 'function_definition') return false;
  const head = fn.text.slice(0, Math.max(0, (fn.child('declarator')?.start ?? fn.start) - fn.start));
  const name = functionName(fn);
  if (!/\bstatic\b/.test(head) || !name) return false;
  const called = scopeDescendants(rootOf(fn), ['call_expression']).some((c) => !fn.contains(c) && c.child('function')?.text === name);
  return called && paramFeed(fn, index) === null;
}

export default defineRule({
  class: 'format-string',
  confidence: 'high',
  languages: ['c', 'cpp'],
  message: 'The format string of this call is not a constant',
  remediation: 'Always pass a literal format and the data as an argument: `printf("%s", msg)`, `fprintf(stderr, "%s\\n", msg)`, `syslog(LOG_INFO, "%s", msg)`.',
  references: [
    'https://cwe.mitre.org/data/definitions/134.html',
    'https://wiki.sei.cmu.edu/confluence/display/c/FIO30-C.+Exclude+user+input+from+format+strings',
    'https://owasp.org/www-community/attacks/Format_string_attack',
  ],
  // Any call: the file's own printf-like wrappers are found by their definition (see wrapperFormat).
  matcher: { kind: 'call', callee: [...Object.keys(FORMAT_ARG).flatMap((n) => [n, `std.${n}`]), '**.*'], where: formatArgument },
});
