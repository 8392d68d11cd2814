/**
 * The Python pack's named checks: conditions a model's sink can require (`"where": "db-call"`) that
 * need code — the receiver of `execute` is a database handle, a URL's host is pinned by literal text,
 * a response is HTML, a tar archive came from outside. Models (models/python/*.ts) name them; the
 * registry (`pythonChecks`, at the end) is what the profile exposes as its heuristics.
 */
import type { CallView, FunctionView } from '../../engine/adapter.ts';
import type { AssignCheck, Heuristics, SinkCheck } from '../../models/compile.ts';
import { classBit, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import {
  argument,
  checkedBefore,
  checkedBeforeIn,
  declaredContentType,
  definitionOf,
  enclosingFunction,
  fromEnvironment,
  hostIsPinned,
  isDbReceiver,
  isFalse,
  isTrue,
  keyword,
  literalPrefix,
  opaque,
  looksLikeSql,
  notHtml,
  originCall,
  receiverName,
  resolve,
  validatingHelper,
} from './predicates.ts';
import { decoratorIs, findAfter, wordChar } from './text.ts';

// ---- sql-injection -----------------------------------------------------------------------------

/**
 * `cursor.execute(sql)`, `conn.execute(sql)`, `session.execute(sql)`, `db.fetch(sql)`: a database
 * handle, or text that reads like SQL. Placeholders (`execute("… %s", (x,))`) keep the query text
 * constant, so they never reach this point.
 */
function dbCall(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (looksLikeSql(taint.text)) return true;
  const name = receiverName(call, ctx) ?? '';
  // Tornado's `http_client.fetch(url)`, GraphQL `client.execute(query)`: not a database.
  if (/client|http|graphql|gql|api|executor|pipeline|pipe|task|job|command|cmd|runner|bot|browser|page|driver/i.test(name)) return false;
  return isDbReceiver(call, ctx);
}

/** Django `Model.objects.raw(sql)` / peewee `Model.raw(sql)`. */
function rawQuery(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const name = receiverName(call, ctx) ?? '';
  return name === 'objects' || /^[A-Z]\w*$/.test(name) || looksLikeSql(taint.text) || isDbReceiver(call, ctx);
}

// ---- command-injection -------------------------------------------------------------------------

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'cmd', 'cmd.exe', 'powershell', 'pwsh', '/bin/sh', '/bin/bash', '/usr/bin/bash', '/usr/bin/sh', '/bin/zsh']);

function isTruthy(node: SyntaxNode | null): boolean {
  return node !== null && /^(?:True|1)$/.test(node.text);
}

/**
 * subprocess without a shell runs an argument vector: only dangerous when the program itself is
 * untrusted, or when the vector is `[sh, -c, <untrusted>]`. With `shell=True` any untrusted text is.
 */
/** Interpreters that run their first operand as a script, or the text after `-c` / `-e` as code. */
const INTERPRETERS = new Set(['python', 'python2', 'python3', 'node', 'nodejs', 'perl', 'ruby', 'php', 'Rscript', 'lua', 'osascript']);

/** An item of an argument vector that carries data, or whose origin is out of sight. */
function riskyItem(node: SyntaxNode, ctx: MatchContext): boolean {
  if (ctx.safeFor(node, 'command')) return false;
  return ctx.taint(node) !== null || opaque(node, ctx);
}

/**
 * An argument vector that runs something chosen by its data: the program itself, the text after a
 * shell's `-c` (or an interpreter's `-c` / `-e`), or the script an interpreter is given.
 */
function dangerousVector(items: readonly SyntaxNode[], ctx: MatchContext): boolean {
  const program = items[0];
  if (!program) return false;
  if (riskyItem(program, ctx)) return true;
  const name = ctx.stringValue(program);
  if (name === null) return false;
  const base = name.slice(name.lastIndexOf('/') + 1);
  const inline = items.findIndex((i) => /^(?:-c|\/c|-Command|-e)$/.test(ctx.stringValue(i) ?? ''));
  if (SHELLS.has(name) || SHELLS.has(base) || INTERPRETERS.has(base)) {
    if (inline >= 0 && items.slice(inline + 1).some((i) => riskyItem(i, ctx))) return true;
  }
  if (INTERPRETERS.has(base) && inline < 0) {
    // `python3 script.py`: the first operand that is not an option is the program that runs.
    const script = items.slice(1).find((i) => !(ctx.stringValue(i) ?? '').startsWith('-'));
    return script !== undefined && ctx.taint(script) !== null && !ctx.safeFor(script, 'command');
  }
  return false;
}

/**
 * subprocess without a shell runs an argument vector: only dangerous when the vector runs something
 * its data chooses (see dangerousVector). With `shell=True` any untrusted text is.
 */
function subprocessDanger(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (isTruthy(ctx.arg(call, 'shell'))) return true;
  const first = ctx.arg(call, 0) ?? ctx.arg(call, 'args');
  if (!first) return false;
  if (first.type === 'list' || first.type === 'tuple') return dangerousVector(first.namedChildren, ctx);
  // A whole command string without a shell: the untrusted text names the program to run.
  return taint.strength === 'remote' && !taint.built;
}

/** The running interpreter (`sys.executable`) is not a program anyone chose. */
const SELF = /^sys\.(?:executable|argv\.\[\])$/;

/**
 * `os.execv(path, args)`, `os.spawnl(mode, path, …)`, `os.posix_spawn(path, argv, env)`,
 * `asyncio.create_subprocess_exec(program, *args)`, `loop.subprocess_exec(factory, *args)`: the
 * program, or what a shell / interpreter in it is told to run, comes from data.
 */
function execProgram(call: CallView, ctx: MatchContext): boolean {
  const path = ctx.pathText(call.callee ?? call.node) ?? call.name;
  const from = /(?:^|\.)spawn[lv]p?e?$/.test(path) || call.name === 'subprocess_exec' ? 1 : 0;
  const positional = call.args.filter((a) => a.index >= from).map((a) => a.node);
  const program = positional[0];
  if (!program || SELF.test(ctx.pathText(program) ?? '')) return false;
  // os.execv(path, [argv…]) / os.posix_spawn(path, [argv…], env): the vector is the second argument.
  const vector = positional[1]?.type === 'list' || positional[1]?.type === 'tuple' ? (positional[1] as SyntaxNode).namedChildren : positional.slice(1);
  if (riskyItem(program, ctx)) return true;
  return dangerousVector([program, ...vector.filter((v, i) => !(i === 0 && ctx.stringValue(v) === ctx.stringValue(program)))], ctx);
}

/** `loop.run_in_executor(None, exec, code)` / `pool.submit(eval, expr)`: the builtin that runs code is handed over with its argument. */
function runsCodeBuiltin(call: CallView, ctx: MatchContext): boolean {
  const fn = call.args.find((a) => a.index === (call.name === 'run_in_executor' ? 1 : 0))?.node;
  return fn !== undefined && /^(?:builtins\.)?(?:exec|eval)$/.test(ctx.pathText(fn) ?? '');
}

/** `console.push(src)` / `interp.runsource(src)` / `runcode(code)` on an interpreter from the `code` module. */
function interactiveConsole(call: CallView, ctx: MatchContext): boolean {
  const origin = originCall(call.receiver, ctx);
  return origin !== null && /^code\.(?:InteractiveConsole|InteractiveInterpreter)$/.test(ctx.pathText(origin.callee ?? origin.node) ?? '');
}

// ---- ssrf --------------------------------------------------------------------------------------

/** Host allow-list checks written around the URL (`urlparse(url).hostname in ALLOWED_HOSTS`, `url.startswith(BASE)`). */
const HOST_CHECK = {
  test: (text: string): boolean =>
    /\b(?:hostname|netloc|host|is_safe_url|is_allowed_url|is_allowed_host|allowed_host|validate_url|check_url|is_internal|is_private|ip_address)\b/.test(text) ||
    findAfter(text, '.startswith(', /^\s*(?:[rbu]?["']https?:\/\/[^"'\/]+\/|\(\s*["']https?:\/\/[^"'\/]+\/|[A-Z_][A-Z0-9_]*\b|tuple\(|settings\.|self\.allowed)/),
};
/** When the sink is reached through a same-file helper, whether the caller checked the URL's host before the call. */
export function checkedByCaller(at: SyntaxNode, ctx: MatchContext): boolean {
  const call = ctx.call(at);
  if (!call) return false;
  const fn = enclosingFunction(at);
  if (!fn) return false;
  for (const a of call.args) {
    if (a.node.type !== 'identifier') continue;
    if (checkedBeforeIn(fn, call, a.node, HOST_CHECK, /\b(?:urlparse|urlsplit|URL|urllib\.parse\.urlparse|furl|hostname|netloc|host)\b/)) return true;
  }
  return false;
}

/** HTTP client constructors whose methods fetch a URL. */
const CLIENT =
  /^(?:requests\.(?:Session|session|sessions\.Session)|httpx\.(?:Client|AsyncClient)|aiohttp\.ClientSession|urllib3\.(?:PoolManager|ProxyManager|connectionpool\.\w+)|tornado\.httpclient\.(?:AsyncHTTPClient|HTTPClient)|AsyncHTTPClient|HTTPClient)$/;
const CLIENT_NAME = /^(?:session|sess|http|http_client|httpx_client|async_client|requests_session|http_session|client_session|aiohttp_session|pool|pool_manager|httpclient)$/i;

/** Position of the URL: `request(method, url)` / `urlopen(url)` / `get(url)`. */
function urlArg(call: CallView): { node: ReturnType<typeof argument>; index: number } {
  const index = call.name === 'request' ? 1 : 0;
  return { node: argument(call, index, 'url') ?? argument(call, index, 'fullurl'), index };
}

/** `req = urllib.request.Request(url, …)`: the URL a request object was built from. */
function requestUrl(node: NonNullable<ReturnType<typeof argument>>, ctx: MatchContext): ReturnType<typeof argument> {
  const origin = originCall(node, ctx);
  if (!origin) return node;
  const path = ctx.pathText(origin.callee ?? origin.node) ?? '';
  if (!/^(?:urllib\.request\.Request|urllib2\.Request|requests\.Request|requests\.models\.Request)$/.test(path)) return node;
  return argument(origin, path.startsWith('requests.') ? 1 : 0, 'url') ?? node;
}

function anyHost(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const { node: given } = urlArg(call);
  if (!given || !ctx.taint(given)) return false;
  const node = requestUrl(given, ctx);
  if (!node) return false;
  if (hostIsPinned(node, ctx, taint)) return false;
  return !checkedBefore(call, node, ctx, HOST_CHECK, /\b(?:urlparse|urlsplit|URL|urllib\.parse\.urlparse|furl|hostname|netloc|host)\b/);
}

/** `session.get(url)` on a requests / httpx / aiohttp / urllib3 client made in this file, or a client-named receiver. */
function clientCall(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const origin = originCall(call.receiver, ctx);
  const path = origin ? (ctx.pathText(origin.callee ?? origin.node) ?? '') : '';
  if (!CLIENT.test(path)) {
    const name = receiverName(call, ctx) ?? '';
    if (!CLIENT_NAME.test(name) || origin) return false;
    if (!/requests|httpx|aiohttp|urllib3|tornado\.httpclient/.test(ctx.code)) return false;
  }
  // urllib3 / tornado: request(method, url); fetch(url).
  return anyHost(call, ctx, taint);
}

// ---- path-traversal ----------------------------------------------------------------------------

/** Containment checks written on a resolved path (`os.path.realpath(p).startswith(BASE)`, `p.resolve().is_relative_to(root)`). */
const CONTAINMENT = /\b(?:startswith|is_relative_to|relative_to|commonpath|commonprefix|is_safe_path|safe_join|is_within\w*|within_directory|is_subpath|is_inside|is_under)\b/;

/** Tainted names inside a path expression (`os.path.join(BASE, name)` → `name`). */
function taintedNames(node: SyntaxNode, ctx: MatchContext, out: SyntaxNode[] = [], depth = 0): SyntaxNode[] {
  if (depth > 12 || out.length > 8) return out;
  if (node.type === 'identifier') {
    if (ctx.taint(node)) out.push(node);
    return out;
  }
  if (node.type === 'string' && !node.children.some((c) => c.type === 'interpolation')) return out;
  for (const c of node.children) if (c.named && c.type !== 'keyword_argument') taintedNames(c, ctx, out, depth + 1);
  return out;
}

/**
 * A file's extension or stem cannot climb out of a directory: `Path(upload.filename).suffix`,
 * `os.path.splitext(name)[1]`, `Path(name).stem` keep only part of the last component (no separator).
 */
export function onlyExtension(taint: Taint): boolean {
  for (const step of taint.steps) {
    const node = step.node.type === 'assignment' ? step.node : step.node.parent?.type === 'assignment' ? step.node.parent : null;
    const right = node?.child('right');
    if (!right) continue;
    if (extensionOf(right)) return true;
  }
  return false;
}

function extensionOf(node: SyntaxNode, depth = 0): boolean {
  if (depth > 6) return false;
  switch (node.type) {
    case 'attribute': {
      const attr = node.child('attribute')?.text ?? '';
      if ((attr === 'suffix' || attr === 'stem' || attr === 'suffixes') && /\b(?:Path|PurePath|PurePosixPath|PureWindowsPath)\s{0,4}\(/.test(node.child('object')?.text ?? ''))
        return true;
      return false;
    }
    case 'subscript': {
      // os.path.splitext(name)[1] / name.rsplit(".", 1)[-1]
      const value = node.child('value');
      const index = node.child('subscript')?.text ?? '';
      if (value?.type === 'call' && /(?:^|\.)splitext$/.test(value.child('function')?.text ?? '') && /^(?:1|-1)$/.test(index)) return true;
      return value ? extensionOf(value, depth + 1) : false;
    }
    case 'call': {
      // .lower() / .strip(".") / [:10] on the extension
      const fn = node.child('function');
      if (fn?.type === 'attribute' && /^(?:lower|upper|strip|lstrip|rstrip|casefold)$/.test(fn.child('attribute')?.text ?? ''))
        return extensionOf(fn.child('object') as SyntaxNode, depth + 1);
      return false;
    }
    case 'parenthesized_expression':
      return node.namedChildren[0] ? extensionOf(node.namedChildren[0], depth + 1) : false;
    default:
      return false;
  }
}

/** Not reported when the path, or the names it is built from, passed a containment check before. */
function unchecked(call: CallView, ctx: MatchContext): boolean {
  const args = call.receiver && !call.args.some((a) => a.index === 0) ? [call.receiver] : call.args.filter((a) => a.index >= 0).map((a) => a.node);
  const derive = /\b(?:realpath|abspath|resolve|normpath|join|joinpath|Path|safe_join)\b|\//;
  for (const arg of args) {
    // `path = _resolve_inside(root, name)`: a same-file helper that checks containment before returning.
    if (validatingHelper(arg, ctx, CONTAINMENT, derive)) return false;
    for (const name of taintedNames(arg, ctx))
      if (checkedBefore(call, name, ctx, CONTAINMENT, /\b(?:realpath|abspath|resolve|normpath|join|joinpath|Path|safe_join)\b|\//)) return false;
  }
  return true;
}

/** `p.open()` on a pathlib path (not `webbrowser.open`, `Image.open`, `zipfile.open`). */
function pathReceiver(call: CallView, ctx: MatchContext): boolean {
  const r = resolve(call.receiver);
  if (!r) return false;
  if (r.type === 'binary_operator' && r.child('operator')?.text === '/') return unchecked(call, ctx);
  const origin = originCall(r, ctx);
  const path = origin ? (ctx.pathText(origin.callee ?? origin.node) ?? '') : '';
  if (/(?:^|\.)(?:Path|PurePath|PosixPath|WindowsPath|joinpath|resolve|with_name|with_suffix|absolute)$/.test(path)) return unchecked(call, ctx);
  return false;
}

// ---- xss ---------------------------------------------------------------------------------------

const ROUTE_MEMBERS = new Set(['route', 'get', 'post', 'put', 'patch', 'delete', 'api_route']);
const ROUTE_BARE = new Set(['route', 'get', 'post', 'put', 'patch', 'delete']);
const ROUTE = { test: (d: string): boolean => decoratorIs(d, ROUTE_MEMBERS, ROUTE_BARE) };
/** Frameworks whose route functions serialise a returned value as JSON, not HTML. */
const JSON_FRAMEWORKS = /^\s*(?:from|import)\s+(?:fastapi|starlette|litestar|ninja|flask_restful|flask_restx|flask_smorest|connexion|rest_framework|apiflask)\b/m;

/** `Response(body)`, `make_response(body)`, `HttpResponse(body)`: HTML unless another content type is declared. */
function htmlResponse(call: CallView, ctx: MatchContext): boolean {
  return !notHtml(declaredContentType(call, ctx));
}

/** aiohttp's `web.Response(text=…)` is text/plain unless the handler says text/html. */
function aiohttpHtml(call: CallView, ctx: MatchContext): boolean {
  const type = declaredContentType(call, ctx);
  return type !== null && /html/i.test(type);
}

/** Tornado `self.write(str)` / `self.finish(str)` in a RequestHandler (a dict is written as JSON). */
function tornadoWrite(call: CallView, ctx: MatchContext): boolean {
  const bases = ctx.fn?.classBases ?? [];
  if (!bases.some((b) => /RequestHandler|Handler\b/.test(b))) return false;
  const arg = call.args.find((a) => a.index === 0)?.node;
  if (!arg || arg.type === 'dictionary' || arg.type === 'list') return false;
  const def = arg.type === 'identifier' ? definitionOf(arg) : null;
  if (def && (def.type === 'dictionary' || def.type === 'list' || def.type === 'dictionary_comprehension')) return false;
  return !findAfter((ctx.fn?.node.text ?? '').toLowerCase(), 'set_header(', /^\s*["']content-type["']\s*,\s*["'](?:application\/json|text\/plain)/);
}

/** `format_html(f"<b>{x}</b>")`: the value was formatted in before format_html could escape it. */
function preformatted(_call: CallView, _ctx: MatchContext, taint: Taint): boolean {
  return taint.built;
}

function autoescapeOff(call: CallView | null, ctx: MatchContext): boolean {
  if (!call) return true;
  const v = keyword(call, 'autoescape');
  return v === null || isFalse(v) || ctx.stringValue(v) === '';
}

function looksHtml(text: string | null): boolean {
  return text !== null && (/<\/?[a-zA-Z][\w-]{0,64}[\s>/]/.test(text) || /\.(?:html?|xhtml|jinja2?|j2)$/i.test(text));
}

/**
 * `Template(src).render(name=x)` / `env.get_template("page.html").render(x=…)` with Jinja2's
 * autoescaping off (the default outside Flask) or a Mako template: values are inserted raw.
 */
function unescapedRender(call: CallView, ctx: MatchContext): boolean {
  const origin = originCall(call.receiver, ctx);
  if (!origin) return false;
  const path = ctx.pathText(origin.callee ?? origin.node) ?? '';
  const source = origin.args.find((a) => a.index === 0)?.node ?? null;
  const sourceText = source ? ctx.stringValue(source) : null;
  if (/^(?:jinja2\.Template|jinja2\.environment\.Template)$/.test(path)) return autoescapeOff(origin, ctx) && looksHtml(sourceText);
  if (/^mako\.template\.Template$/.test(path)) {
    const filters = keyword(origin, 'default_filters');
    return !(filters && /['"]h['"]/.test(filters.text)) && looksHtml(sourceText ?? ctx.stringValue(keyword(origin, 'text') ?? origin.node));
  }
  if (origin.name === 'get_template' || origin.name === 'from_string' || origin.name === 'select_template') {
    const env = originCall(origin.receiver, ctx);
    const envPath = env ? (ctx.pathText(env.callee ?? env.node) ?? '') : '';
    if (!/^jinja2\.(?:Environment|sandbox\.SandboxedEnvironment|environment\.Environment)$/.test(envPath)) return false;
    return autoescapeOff(env, ctx) && looksHtml(sourceText);
  }
  return false;
}

const STRING_METHODS = /^(?:format|format_map|join|replace|strip|lstrip|rstrip|lower|upper|title|capitalize|decode|get|substitute|safe_substitute|str|center|ljust|rjust)$/;

/**
 * Whether untrusted text reaches a returned value as text: a request value, or a string built from
 * one (f-string, `+`, `%`, `.format`, `.join`) — not the result of some other function (rows,
 * objects, rendered templates) that merely took the input as an argument.
 */
export function textFlow(node: SyntaxNode | null, ctx: MatchContext, depth = 0): boolean {
  if (!node || depth > 6) return false;
  // A request read itself (`self.get_argument("q")`, `request.args.get("q")`).
  if (ctx.taint(node)?.source === node) return true;
  switch (node.type) {
    case 'string':
      return node.children.some((c) => c.type === 'interpolation' && textFlow(c.child('expression'), ctx, depth + 1));
    case 'concatenated_string':
      return node.namedChildren.some((c) => textFlow(c, ctx, depth + 1));
    case 'binary_operator': {
      const op = node.child('operator')?.text;
      if (op !== '+' && op !== '%') return false;
      return textFlow(node.child('left'), ctx, depth + 1) || textFlow(node.child('right'), ctx, depth + 1);
    }
    case 'parenthesized_expression':
    case 'expression_list':
    case 'tuple':
    case 'list':
      // `return body, 200` / `"%s %s" % (a, b)`
      return node.type === 'expression_list' || node.type === 'parenthesized_expression'
        ? textFlow(node.namedChildren[0] ?? null, ctx, depth + 1)
        : node.namedChildren.some((c) => textFlow(c, ctx, depth + 1));
    case 'conditional_expression':
      return [node.namedChildren[0], node.namedChildren[2]].some((c) => textFlow(c ?? null, ctx, depth + 1));
    case 'boolean_operator':
      return textFlow(node.child('left'), ctx, depth + 1) || textFlow(node.child('right'), ctx, depth + 1);
    case 'attribute':
    case 'subscript':
      return ctx.taint(node) !== null;
    case 'call': {
      const fn = node.child('function');
      const name = fn?.type === 'attribute' ? fn.child('attribute')?.text : fn?.text;
      if (!STRING_METHODS.test(name ?? '')) return false;
      if (fn?.type === 'attribute' && textFlow(fn.child('object'), ctx, depth + 1)) return true;
      if (name === 'get' && fn?.type === 'attribute') return ctx.taint(node) !== null;
      return (node.child('arguments')?.namedChildren ?? []).some((a) => textFlow(a.type === 'keyword_argument' ? a.child('value') : a, ctx, depth + 1));
    }
    case 'generator_expression':
    case 'list_comprehension':
      return textFlow(node.child('body'), ctx, depth + 1);
    case 'identifier': {
      const def = definitionOf(node);
      if (def === null) return ctx.taint(node) !== null;
      if (textFlow(def, ctx, depth + 1)) return true;
      // html = ""; html += f"<li>{name}</li>": built up with +=.
      return ctx.taint(node) !== null && new RegExp(`\\b${node.text}\\s*\\+=`).test(ctx.fn?.node.text ?? '');
    }
    default:
      return false;
  }
}

/** A Flask / Quart / Bottle route returning text: the framework sends it as text/html. */
export function htmlRoute(fn: FunctionView, ctx: MatchContext): boolean {
  if (!fn.decorators.some((d) => ROUTE.test(d))) return false;
  if (fn.decorators.some((d) => /HTMLResponse/.test(d))) return true;
  if (JSON_FRAMEWORKS.test(ctx.code)) return false;
  if (fn.decorators.some((d) => /\b(?:response_model|response_class)\s{0,8}=/.test(d))) return false;
  // mimetype="text/plain", content_type='application/json', response["Content-Type"] = "text/csv"
  return (
    !/(?:mimetype|content_type)\s{0,8}=\s{0,8}["'](?!text\/html)/i.test(fn.node.text) && !findAfter(fn.node.text, '[', /^\s*["']Content-Type["']\s*\]\s*=\s*["'](?!text\/html)/i)
  );
}

// ---- open-redirect -----------------------------------------------------------------------------

/** The current request's own URL or path is not an attacker-chosen destination (`redirect(request.url)`). */
export const OWN_URL =
  /^(?:self\.)?(?:request|req)\.(?:url|base_url|path|full_path|path_info|url_root|host_url|script_root|get_full_path\(\)|build_absolute_uri\(\)|referrer|url_rule|endpoint)\b|HTTP_REFERER|['"]Referer['"]/;

/** Names whose checks in an `if` mean the URL was validated (`urlparse(url).netloc`, `url_has_allowed_host_and_scheme(url, …)`). */
const URL_CHECK = {
  test: (text: string): boolean =>
    /\b(?:url_has_allowed_host_and_scheme|is_safe_url|is_safe_redirect|safe_url|is_local_url|is_relative_url|is_safe)\s{0,8}\(|\bnetloc\b/.test(text) ||
    findAfter(text, '.startswith(', /^\s*(?:["']\/["']|(?:[A-Z_][A-Z0-9_]*|ALLOWED\w*)\b)/) ||
    // `urlparse(url).hostname not in ALLOWED_HOSTS`, `parsed.hostname == request.host`: a host compared, not just present.
    (/\bhostname\b/.test(text) && (text.includes(' in ') || text.includes('==') || text.includes('!='))),
};

/** The redirect leaves the site when the URL comes from the request and no fixed host or local path precedes the input. */
function offsite(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (OWN_URL.test(taint.label)) return false;
  const arg = call.args.find((a) => a.index === 0)?.node ?? keyword(call, 'location') ?? keyword(call, 'url') ?? keyword(call, 'redirect_to') ?? keyword(call, 'to');
  if (!arg) return false;
  if (hostIsPinned(arg, ctx, taint)) return false;
  if (validatingHelper(arg, ctx, URL_CHECK, /\b(?:urlparse|urlsplit|urllib\.parse\.urlparse)\b/, ['url_for', 'reverse', 'resolve_url'])) return false;
  return !checkedBefore(call, arg, ctx, URL_CHECK, /\b(?:urlparse|urlsplit|urllib\.parse\.urlparse)\b/);
}

// ---- nosql-injection ---------------------------------------------------------------------------

/** JSON bodies can hold objects (`{"$ne": null}`, `{"$where": "…"}`), not just strings. */
const JSON_SOURCE = /\bjson\b|get_json|\.data\b|\bbody\b|\bmedia\b|json_body|receive_json|\bevent\b|validated_data/;
/** Operators whose value is JavaScript run by the server. */
const JS_OPERATOR = /^\$(?:where|function|accumulator)$/;
const MONGO_RECEIVER =
  /(?:^|_)(?:db|database|mongo|mongodb|collection|coll|col|client|docs|store)$|^(?:users|accounts|products|orders|posts|items|sessions|documents|records|events|logs|customers|comments|messages|profiles|tokens)$/i;

/** A PyMongo / Motor collection: `db.users`, `db["users"]`, `mongo.db.orders`, `self.collection`, `get_collection("x")`. */
function isCollection(call: CallView, ctx: MatchContext): boolean {
  if (!call.receiver) return false;
  if (!/pymongo|motor|mongo|MongoClient|mongoengine|flask_pymongo/i.test(ctx.code)) return false;
  const p = ctx.path(call.receiver);
  if (!p || p.length === 0) return false;
  const segs = p.map((s) => s.replace(/\(\)$/, ''));
  if (segs.some((s) => /^(?:get_collection|collection|db|database|mongo|get_database|get_db)$/i.test(s))) return true;
  return MONGO_RECEIVER.test(segs[segs.length - 1] as string);
}

/** The pairs of a dict literal, searching nested dicts and lists. */
function jsOperatorValues(node: SyntaxNode, ctx: MatchContext, depth = 0): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  if (depth > 5) return out;
  const n = resolve(node) ?? node;
  if (n.type !== 'dictionary' && n.type !== 'list') return out;
  for (const c of n.namedChildren) {
    if (c.type === 'pair') {
      const key = c.child('key');
      const value = c.child('value');
      if (key && value && JS_OPERATOR.test(ctx.stringValue(key) ?? '')) out.push(value);
      else if (value) out.push(...jsOperatorValues(value, ctx, depth + 1));
    } else out.push(...jsOperatorValues(c, ctx, depth + 1));
  }
  return out;
}

/**
 * A query filter is injectable when it is, or contains, structured data from a JSON body (an
 * attacker sends `{"password": {"$ne": ""}}`), a dict parsed from a request string
 * (`json.loads(request.args["q"])`), or a `$where` / `$function` JavaScript string built from input.
 * A form or query-string value is always a string, which matches literally.
 */
function injectable(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!isCollection(call, ctx)) return false;
  const filter = call.args.find((a) => a.index === 0)?.node ?? call.args.find((a) => a.name === 'filter' || a.name === 'spec')?.node;
  if (!filter) return false;
  for (const v of jsOperatorValues(filter, ctx)) {
    const t = ctx.taint(v);
    if (t && !(t.sanitized & classBit('nosql') && !t.built) && (t.strength === 'remote' || t.built)) return true;
  }
  if (taint.strength !== 'remote') return false;
  if (JSON_SOURCE.test(taint.label)) return true;
  // FastAPI / Pydantic: a body parameter declared as a dict (`filters: dict = Body(...)`).
  const param = taint.source.parent;
  if (param && /^typed(?:_default)?_parameter$/.test(param.type) && /^(?:dict|Dict|Any|Mapping|Json|JSON|list|List)\b/.test(param.child('type')?.text ?? '')) return true;
  const origin = originCall(filter, ctx);
  return (
    origin !== null &&
    /^(?:json\.loads|loads|ujson\.loads|orjson\.loads|bson\.json_util\.loads|json_util\.loads|ast\.literal_eval)$/.test(ctx.pathText(origin.callee ?? origin.node) ?? '')
  );
}

// ---- ldap-injection ----------------------------------------------------------------------------

/** An LDAP filter: `(uid=…)`, `(&(objectClass=person)(cn=…))`. */
const FILTER = { test: (text: string): boolean => findAfter(text, '(', /^\s*(?:[&|!]\s*)?(?:\(\s*)?[\w.;-]+\s*[~<>]?=/) };

/**
 * python-ldap `search_s(base, scope, filterstr)` and ldap3 `conn.search(search_base, search_filter)`:
 * the filter is the 3rd / 2nd argument. `search` is also `re.search`, so plain `search` needs an
 * LDAP-shaped filter or an LDAP connection.
 */
function ldapFilter(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const path = ctx.pathText(call.callee ?? call.node) ?? '';
  if (/^(?:re|regex)\./.test(path)) return false;
  if (!/\bldap3?\b|ldap3|python-ldap/.test(ctx.code)) return false;
  const name = receiverName(call, ctx) ?? '';
  if (call.name === 'search' && !/ldap|conn|connection|^l$|^ld$|^c$|server|directory|ad|client/i.test(name) && !FILTER.test(taint.text)) return false;
  return FILTER.test(taint.text) || (taint.strength === 'remote' && !taint.built);
}

// ---- xpath-injection ---------------------------------------------------------------------------

/** An XPath expression: a path step, a predicate or an attribute test. */
const XPATH = {
  test: (text: string): boolean =>
    /\/[\w*@.]|\b(?:contains|starts-with|text|normalize-space)\s{0,8}\(/.test(text) || findAfter(text, '[', /^\s*@?[\w-]+\s*(?:=|!=|<|>)/) || findAfter(text, '@', /^[\w-]+\s*=/),
};

function xpathText(_call: CallView, _ctx: MatchContext, taint: Taint): boolean {
  return XPATH.test(taint.text) || (taint.strength === 'remote' && !taint.built);
}

/** ElementTree's find/findall take a (limited) XPath too; only built strings that read like one. */
function elementPath(_call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!/xml\.etree|ElementTree|lxml|defusedxml/.test(ctx.code)) return false;
  return taint.built && findAfter(taint.text, '[', /^\s*@?[\w-]+\s*=/);
}

// ---- template-injection ------------------------------------------------------------------------

/** Receiver names (the last segment of the path) that say a Jinja2 environment… */
const JINJA_ENV_NAMES = new Set(['env', 'jinja_env', 'jinja', 'environment', 'template_env', 'templates', 'engine', 'jinja2_env', 'tmpl_env', 'JINJA_ENV', 'ENV']);

/** `env.from_string(src)` on a Jinja2 environment (any receiver named like one, or one built in this file). */
function jinjaEnvironment(call: CallView, ctx: MatchContext, _taint: Taint): boolean {
  const origin = originCall(call.receiver, ctx);
  // A sandboxed environment is the documented way to render user-written templates: no attribute access to internals.
  if (origin) return /(?:^|\.)(?:Environment|jinja_env|create_jinja_environment|Engine|get_default|Jinja2)$/.test(ctx.pathText(origin.callee ?? origin.node) ?? origin.name);
  if (call.receiver && /sandbox/i.test(call.receiver.text)) return false;
  const path = call.receiver ? (ctx.pathText(call.receiver) ?? '') : '';
  const segments = path.split('.');
  const last = segments[segments.length - 1] as string;
  // …or any `engines.<name>`.
  return JINJA_ENV_NAMES.has(last) || (segments[segments.length - 2] === 'engines' && /^\w+$/.test(last));
}

// ---- unsafe-reflection -------------------------------------------------------------------------

/**
 * `getattr(obj, name)` with a name from the request reaches any attribute of the object
 * (`getattr(os, request.args["fn"])`). A fixed prefix (`getattr(self, f"handle_{action}")`)
 * confines the lookup to the handlers the class defines: a dispatch table, not reported.
 */
function freeAttribute(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (call.name !== 'getattr') return true;
  const name = call.args.find((a) => a.index === 1)?.node ?? null;
  if (!name) return false;
  const prefix = literalPrefix(name, ctx);
  return !(prefix !== null && prefix.length > 0) && !(taint.built && taint.text.length > 0);
}

// ---- unsafe-deserialization --------------------------------------------------------------------

/** `torch.load(f)` unpickles arbitrary objects unless `weights_only=True`. */
function torchUnsafe(call: CallView): boolean {
  return !isTrue(keyword(call, 'weights_only'));
}

/** `numpy.load(f, allow_pickle=True)`: object arrays are pickles. */
function numpyPickle(call: CallView): boolean {
  return isTrue(keyword(call, 'allow_pickle'));
}

// ---- log-injection -----------------------------------------------------------------------------

/**
 * Log forging matters where logs are evidence: authentication, authorisation and audit events. A
 * log line about those with request data written raw (a fake "login succeeded for admin" line after
 * a CR/LF) is reported; structured loggers that encode values, `%r` / `!r` (which escape line
 * breaks) and values stripped of CR/LF are not.
 */
const AUDIT = {
  test: (text: string): boolean =>
    /\b(?:log(?:ged)?[ _-]?in|log(?:ged)?[ _-]?out|sign(?:ed)?[ _-]?in|sign[ _-]?up)\b/i.test(text) ||
    /\b(?:auth[nz]?|password|passwd|credentials?|failed attempt|unauthori[sz]ed|forbidden|denied|audit|permission|privilege|admin|transfer|payment|deleted?)\b/i.test(text) ||
    // authenticated, authorization, impersonating: any word that starts so
    /\b(?:authenticat|authori[sz]|impersonat)/i.test(text),
};
const LOGGER =
  /^(?:logging|logger|log|_log|_logger|LOGGER|LOG|audit_log|audit_logger|security_logger|auth_logger|app\.logger|current_app\.logger|self\.logger|self\.log|self\.app\.logger|request\.app\.logger)$/;

/** The literal text of a log call's message (format string, f-string fragments, `+` parts). */
function messageText(node: SyntaxNode | null, ctx: MatchContext): string {
  if (!node) return '';
  const whole = ctx.stringValue(node);
  if (whole !== null) return whole;
  let out = '';
  const stack = [node];
  while (stack.length > 0 && out.length < 400) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'string_content') out += ` ${n.text}`;
    else if (n.type === 'string' || n.type === 'binary_operator' || n.type === 'concatenated_string' || n.type === 'parenthesized_expression')
      for (const c of n.children) stack.push(c);
  }
  return out;
}

/** The rest of a `%` placeholder: flags, width, precision and a string (`%-10s`, `%r`) or number (`%05d`, `%.2f`) conversion. */
const PRINTF_STRING = /^[-#0 +]*(?:[1-9]\d*)?(?:\.\d+)?[sr]/;
const PRINTF_NUMBER = /^[-#0 +]*(?:[1-9]\d*)?(?:\.\d+)?[dif]/;

/** `text` without its `%r` placeholders and `{…!r}` fields (`/%r\b|\{[^}]*!r\}/g` replaced by nothing). */
function withoutRepr(text: string): string {
  let out = '';
  let close = -2; // the first `}` at or after the current `{` (-1: none left)
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '%' && text[i + 1] === 'r' && !wordChar(text[i + 2])) {
      i++;
      continue;
    }
    if (c === '{') {
      if (close !== -1 && close < i) close = text.indexOf('}', i);
      if (close >= i + 3 && text[close - 1] === 'r' && text[close - 2] === '!') {
        i = close;
        continue;
      }
    }
    out += c;
  }
  return out;
}

/** A `%s` placeholder or a `{…}` field without a `!` conversion (`/%s|\{[^}!]*\}/`). */
function rawField(text: string): boolean {
  if (text.includes('%s')) return true;
  let open = false;
  for (const c of text) {
    if (c === '}' && open) return true;
    if (c === '{') open = true;
    else if (c === '}' || c === '!') open = false;
  }
  return false;
}

/** A function body that strips CR/LF: `.replace("\\n", …)`, `re.sub(r"[\\r\\n]", …)`, `.splitlines()`, `.translate(`, `sanitize_log…(`. */
function stripsBreaks(body: string): boolean {
  return (
    body.includes('.splitlines()') ||
    body.includes('.translate(') ||
    findAfter(body, '.replace(', /^\s*["']\\[rn]["']/) ||
    findAfter(body, 're.sub(', /^[^)]*\\[rn]/) ||
    findAfter(body, 'sanitize_log', /^\w*\(/, true) ||
    findAfter(body, 'escape_log', /^\w*\(/, true)
  );
}

function rawLogLine(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!call.receiver || !LOGGER.test(call.receiver.text)) return false;
  const msg = call.args.find((a) => a.index === 0)?.node ?? null;
  const text = messageText(msg, ctx);
  // %r and f"{x!r}" escape CR/LF; a message without a string field cannot take the value raw.
  if (/%r\b|!r\}/.test(msg?.text ?? '') && !rawField(withoutRepr(msg?.text ?? ''))) return false;
  // "user id=%d": numeric placeholders only.
  if (!findAfter(text, '%', PRINTF_STRING) && findAfter(text, '%', PRINTF_NUMBER) && !/\{/.test(msg?.text ?? '') && msg?.type === 'string') return false;
  const fn = ctx.fn;
  const body = fn?.node.text ?? '';
  if (stripsBreaks(body)) return false;
  void taint;
  return AUDIT.test(text) || /login|logout|signin|signup|auth|password|register|audit|permission/i.test(fn?.name ?? '');
}

// ---- mass-assignment ---------------------------------------------------------------------------

/** The attribute name of `setattr(obj, name, value)` comes straight from the request (`for k, v in data.items(): setattr(user, k, v)`). */
function attributeFromRequest(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const name = call.args.find((a) => a.index === 1)?.node;
  if (!name || !ctx.taint(name) || taint.built) return false;
  const target = call.args.find((a) => a.index === 0)?.node;
  // Only model / entity objects: setattr(user, …), setattr(self.instance, …), setattr(obj, …).
  return !!target && /^(?:self|cls)$/.test(target.text) === false;
}

/** `User(**request.json)`, `User.objects.create(**request.POST.dict())`, `user.update(**data)`: every request field becomes a column. */
function splatIntoModel(call: CallView, ctx: MatchContext): boolean {
  const splat = call.node.child('arguments')?.namedChildren.find((a) => a.type === 'dictionary_splat');
  if (!splat) return false;
  const inner = splat.namedChildren[0];
  if (!inner || !ctx.taint(inner)) return false;
  const path = ctx.pathText(call.callee ?? call.node) ?? call.name;
  if (/(?:^|\.)objects\.(?:create|update_or_create|get_or_create)$|\.objects\.filter\(\)\.update$|\.query\.filter(?:_by)?\(\)\.update$/.test(path)) return true;
  // `qs = Model.objects.filter(…)` … `qs.update(**request.POST)`.
  if (call.name === 'update' && call.receiver) {
    const origin = originCall(call.receiver, ctx);
    if (origin && /\.objects\.(?:filter|exclude|all|select_for_update)$/.test(ctx.pathText(origin.callee ?? origin.node) ?? '')) return true;
  }
  // A model class made in this file's domain: `User(**…)` (capitalised, not a schema / form / serializer that validates).
  return (
    !call.receiver &&
    /^[A-Z]\w*$/.test(call.name) &&
    !/(?:Schema|Form|Serializer|Model|In|Create|Update|Request|Params|Query|Dict|Config|Settings|Response|Exception|Error)$/.test(call.name) &&
    /\bModel\b|db\.Model|models\.Model|Base\b|declarative_base|SQLModel|Document/.test(ctx.code)
  );
}

// ---- template files ---------------------------------------------------------------------

/** Extensions Flask autoescapes (`select_autoescape` defaults). */
const AUTOESCAPED = /\.(?:html|htm|xml|xhtml|svg)$/i;

/** The end of a template name as written: a literal, or the literal that ends `name + ".txt"` / `"%s.txt" % x` / `"{}.txt".format(x)`. */
function templateNameEnd(node: SyntaxNode, ctx: MatchContext): string | null {
  const whole = ctx.stringValue(node);
  if (whole !== null) return whole;
  if (node.type === 'binary_operator') {
    const op = node.child('operator')?.text;
    if (op === '+') return ctx.stringValue(node.child('right') ?? node);
    if (op === '%') return ctx.stringValue(node.child('left') ?? node);
  }
  const c = ctx.call(node);
  if (c?.name === 'format' && c.receiver) return ctx.stringValue(c.receiver);
  return null;
}

/**
 * `render_template("receipt.txt", name=…)`: Flask autoescapes only .html, .htm, .xml, .xhtml and .svg
 * templates, so values rendered into any other template file are inserted raw — and a route returns
 * the result as text/html. The template name itself is not what is judged here.
 */
function unescapedTemplateFile(call: CallView, ctx: MatchContext): boolean {
  const name = argument(call, 0, 'template_name_or_list');
  if (!name) return false;
  const end = templateNameEnd(name, ctx);
  if (end === null || AUTOESCAPED.test(end)) return false;
  return call.args.some((a) => a.node !== name && ctx.taint(a.node) !== null);
}

// ---- text built by formatting --------------------------------------------------------------

/** What a piece of built text is made of: its literal fragments, and the values formatted into it. */
interface Built {
  text: string;
  values: readonly SyntaxNode[];
  /** `%`-formatting whose placeholders are all numeric (`%d`, `%i`, `%f`): the values cannot carry text. */
  numeric: boolean;
}

/** `%` placeholders of a template, without `%%`: true when every one converts to a number. */
function numericPlaceholders(template: string): boolean {
  let any = false;
  for (let i = template.indexOf('%'); i >= 0; i = template.indexOf('%', i + 1)) {
    const m = /^%(?:\([\w.]{1,40}\))?[-#0 +]{0,4}\d{0,3}(?:\.\d{1,3})?([a-zA-Z%])/.exec(template.slice(i, i + 60));
    if (!m || m[1] === '%') {
      i++;
      continue;
    }
    any = true;
    if (!'dif'.includes(m[1] as string)) return false;
  }
  return any;
}

/**
 * The fragments and formatted values of string building: an f-string, `+` chains, `%` formatting,
 * `"…".format(…)`. Null for anything else (a plain literal, a call, a name).
 */
function builtText(node: SyntaxNode, ctx: MatchContext, depth = 0): Built | null {
  if (depth > 8) return null;
  switch (node.type) {
    case 'parenthesized_expression':
      return node.namedChildren[0] ? builtText(node.namedChildren[0], ctx, depth + 1) : null;
    case 'string': {
      const values = node.children
        .filter((c) => c.type === 'interpolation')
        .map((c) => c.child('expression'))
        .filter((e): e is SyntaxNode => e !== null);
      if (values.length === 0) return null;
      const text = node.children
        .filter((c) => c.type === 'string_content')
        .map((c) => c.text)
        .join(' ');
      return { text, values, numeric: false };
    }
    case 'concatenated_string':
    case 'binary_operator': {
      const op = node.type === 'binary_operator' ? node.child('operator')?.text : '+';
      if (op === '%') {
        const left = node.child('left');
        const right = node.child('right');
        const template = left ? ctx.stringValue(left) : null;
        if (template === null || !right) return null;
        const items = right.type === 'tuple' || right.type === 'parenthesized_expression' ? right.namedChildren : [right];
        return { text: template, values: items, numeric: numericPlaceholders(template) };
      }
      if (op !== '+') return null;
      const parts = node.type === 'concatenated_string' ? node.namedChildren : [node.child('left'), node.child('right')].filter((p): p is SyntaxNode => p !== null);
      const values: SyntaxNode[] = [];
      const out: Built = { text: '', values, numeric: false };
      for (const p of parts) {
        const literal = ctx.stringValue(p);
        if (literal !== null) {
          out.text += ` ${literal}`;
          continue;
        }
        const inner = builtText(p, ctx, depth + 1);
        if (inner) {
          out.text += ` ${inner.text}`;
          values.push(...inner.values);
        } else values.push(p);
      }
      return out.values.length > 0 ? out : null;
    }
    case 'call': {
      const c = ctx.call(node);
      if (!c || c.name !== 'format' || !c.receiver) return null;
      const template = ctx.stringValue(c.receiver);
      if (template === null) return null;
      return { text: template, values: c.args.map((a) => a.node), numeric: false };
    }
    default:
      return null;
  }
}

/** A formatted value that cannot carry text: a constant, a number conversion, a length. */
function inertValue(node: SyntaxNode, ctx: MatchContext): boolean {
  if (ctx.isConstant(node)) return true;
  const c = ctx.call(node);
  if (c && !c.receiver && /^(?:int|float|len|bool|round|abs)$/.test(c.name)) return true;
  const t = ctx.taint(node);
  // Configuration from the environment (a table name, a schema) is the deployment's choice.
  return t !== null && ((t.sanitized & classBit('sql')) !== 0 || fromEnvironment(t));
}

/**
 * SQL text assembled by formatting (`"… WHERE id = " + uid`, `f"… {name}"`, `"… '%s'" % x`,
 * `"… {}".format(x)`), in the call or in the local variable it passes, with a value that is not known
 * to be safe: one that carries data of any origin (a parameter, the environment), or one rooted in a
 * name the file never binds, so that nothing is known about it. Values the analysis cleared (numbers,
 * allow-listed or looked-up choices, typed fields) do not count. Audit sinks report it at low confidence.
 */
function formattedSql(call: CallView, ctx: MatchContext): boolean {
  let arg = argument(call, 0) ?? keyword(call, 'sql') ?? keyword(call, 'query') ?? keyword(call, 'statement') ?? keyword(call, 'operation');
  if (!arg) return false;
  if (arg.type === 'identifier') arg = definitionOf(arg) ?? arg;
  const built = builtText(arg, ctx);
  if (!built || built.numeric || !looksLikeSql(built.text)) return false;
  return built.values.some((v) => unvouched(v, ctx));
}

/** Whether a formatted value is one nothing vouches for: it carries data of any origin, or its origin is out of sight. */
function unvouched(v: SyntaxNode, ctx: MatchContext): boolean {
  return !inertValue(v, ctx) && (ctx.taint(v) !== null || opaque(v, ctx));
}

/**
 * SQLAlchemy `Query.filter` / `order_by` / `group_by` / `having` / `distinct` given a string built by
 * formatting: the string is taken as a textual SQL clause (the 1.x behaviour), not a column expression.
 */
function queryText(call: CallView, ctx: MatchContext): boolean {
  if (!call.receiver) return false;
  const path = ctx.path(call.receiver) ?? [];
  if (!path.some((s) => s === 'query' || s === 'query()' || s === 'dbsession' || s === 'select()')) return false;
  let arg = argument(call, 0);
  if (!arg) return false;
  if (arg.type === 'identifier') arg = definitionOf(arg) ?? arg;
  const built = builtText(arg, ctx);
  return built !== null && !built.numeric && built.values.some((v) => unvouched(v, ctx));
}

/**
 * Which values Python audit sinks report: data of a visible origin (a request, argv, a parameter) that
 * is not the deployment's own configuration (the environment), values whose origin is out of sight
 * (rooted in a name no scope binds, or a local name assigned one), and text built from either —
 * following a local name to what it was last assigned. A value the analysis cleared (checked, looked
 * up, converted) or a local result of some other computation is not reported.
 */
function auditable(node: SyntaxNode, ctx: MatchContext, depth = 0): boolean {
  if (depth > 4) return false;
  const t = ctx.taint(node);
  if (t) return !fromEnvironment(t);
  if (opaque(node, ctx)) return true;
  // What a call returns carries what went in, as taint does (the sink's own class of sanitizers was
  // asked before: ctx.safeFor).
  const call = ctx.call(node);
  if (call) return [...call.args.map((a) => a.node), ...(call.receiver ? [call.receiver] : [])].some((n) => !ctx.isConstant(n) && auditable(n, ctx, depth + 1));
  // A local name is followed to the text it was built as (`query = "… " + name`), not to other values:
  // an untainted name the file binds is one the analysis vouches for (checked, looked up, computed).
  const value = node.type === 'identifier' ? definitionOf(node) : node;
  if (value && value !== node && opaque(value, ctx)) return true;
  const built = value ? builtText(value, ctx) : null;
  return built !== null && !built.numeric && built.values.some((v) => !inertValue(v, ctx) && auditable(v, ctx, depth + 1));
}

// ---- the registry ------------------------------------------------------------------------

/** Checks on calls, by the name models use in a sink's `where`. */
const calls: Record<string, SinkCheck> = {
  'aiohttp-html': aiohttpHtml,
  'db-call': dbCall,
  'element-path': elementPath,
  'exec-program': execProgram,
  'formatted-sql': formattedSql,
  'free-attribute': freeAttribute,
  'html-response': htmlResponse,
  'interactive-console': interactiveConsole,
  'http-client': clientCall,
  'jinja-environment': jinjaEnvironment,
  'ldap-filter': ldapFilter,
  'mongo-filter': injectable,
  'numpy-pickle': numpyPickle,
  'offsite-redirect': offsite,
  'pathlib-path': pathReceiver,
  'query-text': queryText,
  preformatted: preformatted,
  'raw-log-line': rawLogLine,
  'raw-query': rawQuery,
  'runs-code-builtin': runsCodeBuiltin,
  'setattr-from-request': attributeFromRequest,
  'shell-command': subprocessDanger,
  'splat-into-model': splatIntoModel,
  'torch-unsafe': torchUnsafe,
  'tornado-write': tornadoWrite,
  'unchecked-path': unchecked,
  'unescaped-render': unescapedRender,
  'unescaped-template-file': unescapedTemplateFile,
  'unpinned-url': anyHost,
  'xpath-text': xpathText,
};

/** A `Location` header set to a URL that leaves the site (not the request's own URL, no pinned host). */
const offsiteLocation: AssignCheck = (target, ctx, taint) => !OWN_URL.test(taint.label) && !hostIsPinned(target.parent?.child('right') ?? null, ctx, taint);

/** Checks on assignment targets, by name. */
const assignments: Record<string, AssignCheck> = {
  'offsite-location': offsiteLocation,
};

/** The named checks Python models may use (listed in docs/writing-rules.md). */
export const pythonChecks: Heuristics = { calls, assignments, auditable };
