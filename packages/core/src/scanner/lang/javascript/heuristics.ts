/**
 * The named checks JavaScript/TypeScript models refer to (`"where": "response-body"`): the code
 * part of a sink that a table cannot say — is this `.send()` an HTTP response, does this URL keep
 * its host fixed, is this `$()` parsing markup. Each takes the call, the match context and the
 * taint that reached it; the walker also asks them with a stand-in taint to learn whether a call
 * is a sink at all (`ctx.probing`). Listed in docs/writing-rules.md.
 */
import type { Arg, CallView, FunctionView } from '../../engine/adapter.ts';
import type { Heuristics } from '../../models/compile.ts';
import type { MatchContext, Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import {
  FUNCTION_NODES,
  anyMatch,
  argAt,
  checksHost,
  clientKeys,
  declaredContentType,
  declaredValue,
  enclosingFunction,
  fileFact,
  fromObjectSource,
  fromRequestMetadata,
  importsModule,
  isTrue,
  leadingLiteral,
  leftmost,
  literalString,
  objectLiteral,
  pairKey,
  programOf,
  propValue,
  rawRequestTarget,
  receiverPath,
  remoteObject,
  scopeText,
  stringParts,
  templateOutput,
  testFile,
  unwrap,
} from './helpers.ts';
import { DB_RECEIVER, looksLikeSql, words } from '../common.ts';

// ---- code injection --------------------------------------------------------------------

/** `setTimeout(code, ms)` evaluates its first argument only when it is a string, not a function. */
function stringCode(call: CallView): boolean {
  const first = call.args.find((a) => a.index === 0)?.node;
  return first !== undefined && !FUNCTION_NODES.has(unwrap(first).type);
}

/** `Function(…)` is the global constructor, not a local function that happens to be called so. */
function globalFunction(call: CallView, ctx: MatchContext): boolean {
  const path = ctx.path(call.callee ?? call.node);
  return path !== null && path.length === 1 && path[0] === 'Function' && !fileFact(ctx, 'local-Function', (code) => /function\s{1,8}Function\s{0,8}\(/.test(code));
}

/** `context.runInContext(code)` on something named like a `vm` context or module. */
function vmReceiver(call: CallView, ctx: MatchContext): boolean {
  return /vm/i.test(ctx.pathText(call.receiver ?? call.node) ?? '');
}

// ---- command injection -----------------------------------------------------------------

const SHELLS = /^(?:(?:\/usr)?\/bin\/)?(?:sh|bash|zsh|dash|ksh|csh|tcsh|fish|ash|cmd|cmd\.exe|powershell|powershell\.exe|pwsh)$/i;

/** The options object of a spawn-like call: the last argument when it is an object literal (or bound to one). */
function spawnOptions(call: CallView): SyntaxNode | null {
  const last = call.args[call.args.length - 1];
  if (!last || call.args.length < 2) return null;
  return objectLiteral(last.node);
}

/** `{ shell: true }` / `{ shell: '/bin/bash' }`. */
function usesShell(call: CallView, ctx: MatchContext): boolean {
  const shell = propValue(spawnOptions(call), 'shell');
  if (!shell) return false;
  if (isTrue(shell)) return true;
  const s = ctx.stringValue(shell);
  return s !== null && s !== '' && s !== 'false';
}

/** `spawn('sh', ['-c', cmd])`, `execFile('bash', ['-c', cmd])`, `spawn('cmd', ['/c', cmd])`. */
function shellWrapper(call: CallView, ctx: MatchContext): boolean {
  const program = call.args.find((a) => a.index === 0)?.node;
  const argv = call.args.find((a) => a.index === 1)?.node;
  if (!program || !argv) return false;
  const name = ctx.stringValue(program);
  if (name === null || !SHELLS.test(name)) return false;
  const list = unwrap(argv);
  return list.type !== 'array' || list.namedChildren.some((c) => /^['"](?:-c|\/c|\/C|-Command|-command|-lc|-ic)['"]$/.test(c.text));
}

/** The argument vector of a program: dangerous only through a shell. */
function argvThroughShell(call: CallView, ctx: MatchContext): boolean {
  return usesShell(call, ctx) || shellWrapper(call, ctx);
}

// ---- path traversal --------------------------------------------------------------------

/** Express/Next `res.sendFile(p)` / `res.download(p)`: safe with a `root` option, which confines the path. */
function sendFileWithoutRoot(call: CallView, ctx: MatchContext): boolean {
  const root = receiverPath(call, ctx)[0] ?? '';
  if (!/^(?:res|response|resp|reply)$/.test(root)) return false;
  for (const a of call.args) {
    if (a.index < 1) continue;
    const opts = objectLiteral(a.node);
    if (opts && propValue(opts, 'root')) return false;
  }
  return true;
}

/** `res.render(view)`: a view name from the request can load any template file. */
function renderView(call: CallView, ctx: MatchContext): boolean {
  const root = receiverPath(call, ctx)[0] ?? '';
  return /^(?:res|response|ctx|reply)$/.test(root);
}

// ---- SSRF ------------------------------------------------------------------------------

/** Option keys that choose where a request goes. */
const TARGET_KEYS = ['url', 'uri', 'baseURL', 'baseUrl', 'prefixUrl', 'host', 'hostname', 'origin'];

/**
 * Whether the request target is fixed: a literal scheme and host before the input
 * (`https://api.example.com/users/${id}`), a relative path, or a value that starts with a
 * constant or configuration (`${API_BASE}/items/${id}`, `config.apiUrl + path`).
 */
export function hostFixed(arg: SyntaxNode, ctx: MatchContext): boolean {
  const lead = leadingLiteral(arg, ctx);
  if (lead !== null && lead !== '') {
    if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]+[/?#]/i.test(lead)) return !/[@]/.test(lead.split(/[/?#]/)[2] ?? '');
    if (/^\/(?!\/)/.test(lead) || /^\.{1,2}\//.test(lead)) return true;
    if (/^(?:[a-z][a-z0-9+.-]*:)?\/\/$/i.test(lead)) {
      // `'//' + host + input`: the host is the part right after the scheme, fixed when it carries no input.
      const first = leftmost(arg);
      const next = first.parent?.type === 'binary_expression' && first.parent.child('left') === first ? first.parent.child('right') : null;
      return next !== null && ctx.stringValue(next) === null && ctx.taint(next) === null;
    }
    if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*$/i.test(lead) || /^\/\//.test(lead)) return false;
    return false;
  }
  const first = leftmost(arg);
  if (first === unwrap(arg)) return false;
  // The first part is not a literal: fixed when it carries no input (a base URL constant or setting).
  const t = ctx.taint(first);
  return t === null || t.strength !== 'remote';
}

/** Whether the function checks the URL's host or origin against an allow-list before requesting. */
function hostChecked(at: SyntaxNode): boolean {
  return checksHost(scopeText(at), ['ALLOWED', 'allowedHosts', 'allowList', 'allowlist', 'whitelist', 'WHITELIST', 'trustedHosts', 'TRUSTED']);
}

/** Browser code fetching a URL from its own address bar is not a server-side request. */
function serverSide(taint: Taint): boolean {
  return !/^(?:(?:window|document|self|top)\.)?(?:location|document)\b|^use(?:SearchParams|Params|Router)\(/.test(taint.label);
}

/** `axios({ url })`, `http.request({ host, path })`, `got(url, { prefixUrl })`: the target keys of an options object. */
function targetOf(node: SyntaxNode, position: number): SyntaxNode[] {
  const obj = objectLiteral(node);
  if (!obj) return position === 0 ? [node] : [];
  const out: SyntaxNode[] = [];
  for (const k of TARGET_KEYS) {
    const v = propValue(obj, k);
    if (v) out.push(v);
  }
  return out;
}

/**
 * A request made through an agent or lookup that refuses private addresses (`httpsAgent:
 * guardedAgent` built with a `lookup` check, ssrf-req-filter, request-filtering-agent).
 */
function guardedAgent(call: CallView): boolean {
  for (const a of call.args) {
    const opts = objectLiteral(a.node);
    if (!opts) continue;
    for (const key of ['agent', 'httpAgent', 'httpsAgent', 'dispatcher', 'lookup']) {
      const v = propValue(opts, key);
      if (!v) continue;
      const text = `${v.text} ${v.type === 'identifier' ? (declaredValue(v)?.text ?? '') : ''}`;
      if (/lookup|ssrf|filter|guard|safe|private|block|allow/i.test(text)) return true;
    }
  }
  return false;
}

/** The URL (first argument, or `url`/`host`… of an options object) is not fixed by the code and carries remote input. */
function requestTarget(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!serverSide(taint) || guardedAgent(call)) return false;
  for (const a of call.args) {
    if (a.index < 0 || a.index > 1) continue;
    for (const target of targetOf(a.node, a.index)) {
      const t = ctx.taint(target);
      // Parameter taint only reaches here for same-file wrapper summaries: the caller decides.
      if (!t || t.strength === 'local' || !serverSide(t)) continue;
      if (hostFixed(target, ctx) || hostChecked(call.node)) continue;
      return true;
    }
  }
  return false;
}

/** `request(url)`, `request.get(url)`: the `request` library (the name alone is too common). */
function requestLibrary(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  return importsModule(ctx, 'request', 'request-promise', 'request-promise-native') && requestTarget(call, ctx, taint);
}

/**
 * A headless browser's page, tab, frame or context (`page.goto(url)`, `context.addInitScript(src)`),
 * outside test code, given something the code does not fix: not a function (`page.evaluate(() => …)`)
 * and not a URL whose host is a literal.
 */
function headlessPage(call: CallView, ctx: MatchContext): boolean {
  if (!/page|tab|frame|context|browser/i.test(call.receiver?.text ?? '') || testFile(ctx)) return false;
  const first = argAt(call, call.name === 'property' ? 1 : 0);
  if (!first || FUNCTION_NODES.has(unwrap(first).type)) return false;
  return !(call.name === 'goto' || call.name === 'open' || call.name === 'openUrl') || !hostFixed(first, ctx);
}

/** `page.goto(url)` on a headless browser page or tab. */
function browserPage(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  return /page|tab|browser/i.test(call.receiver?.text ?? '') && requestTarget(call, ctx, taint);
}

// ---- open redirect ---------------------------------------------------------------------

/**
 * Whether the destination stays on this site or on a fixed host: a literal local path before the
 * input (`/profile/${id}`, not `//`), or a literal `https://host/` prefix.
 */
export function destinationFixed(arg: SyntaxNode, ctx: MatchContext): boolean {
  const lead = leadingLiteral(arg, ctx);
  if (lead === null || lead === '') {
    // The start is not a literal but carries no input (`config.baseUrl + path`, `${SITE}${path}`):
    // the developer's base decides the host, as with server-side requests.
    const first = leftmost(arg);
    if (lead === '' || first === unwrap(arg)) return false;
    const t = ctx.taint(first);
    return t === null || t.strength !== 'remote';
  }
  if (/^\/(?![/\\])/.test(lead) && lead.length > 1) return true;
  if (lead === '/') return false; // '/' + input → '//evil.example'
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#@]+[/?#]/i.test(lead)) return true;
  if (/^[?#]/.test(lead) || /^\.{1,2}\//.test(lead)) return true;
  return !/^[a-z][a-z0-9+.-]*:/i.test(lead) && !/^\/\//.test(lead) && !/^[\\/]$/.test(lead);
}

/** The function checks the target's host/origin or that it is a local path before redirecting. */
function destinationChecked(at: SyntaxNode): boolean {
  return checksHost(scopeText(at), [
    'ALLOWED',
    'allowed',
    'allowList',
    'allowlist',
    'whitelist',
    'WHITELIST',
    'safeRedirect',
    'isSafeRedirect',
    'isLocalUrl',
    'isRelative',
    'isSafeUrl',
    'isValidRedirect',
  ]);
}

/** The Referer header and other request metadata are not destinations an attacker picks for a victim. */
function chosenByAttacker(taint: Taint): boolean {
  return !/referr?er/i.test(taint.label) && !fromRequestMetadata(taint);
}

/** `new URL(path, base)`: the path decides where it goes (an absolute URL replaces the base). */
function urlPath(node: SyntaxNode): SyntaxNode | null {
  const n = unwrap(node);
  if (n.type === 'new_expression' && /^URL$/.test(n.child('constructor')?.text ?? '')) return n.child('arguments')?.namedChildren[0] ?? null;
  return null;
}

/**
 * What decides the destination: the path of `new URL(path, base)`, also through a local binding
 * whose path is the developer's (`const login = new URL('/login', req.url); login.searchParams.set('from', …)`
 * keeps the request's own origin and only adds a query parameter).
 */
function destination(node: SyntaxNode, ctx: MatchContext): SyntaxNode {
  const n = unwrap(node);
  const direct = urlPath(n);
  if (direct) return direct;
  if (n.type === 'identifier') {
    const bound = declaredValue(n, node);
    const path = bound ? urlPath(bound) : null;
    if (path && ctx.taint(path) === null && (leadingLiteral(path, ctx) ?? '').startsWith('/')) return path;
  }
  return n;
}

/** `res.redirect(url)` / `res.redirect(301, url)`: the URL is the last argument. */
function redirectTarget(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const last = call.args.filter((a) => a.index >= 0);
  const given = last.length >= 2 && /^\d+$/.test(unwrap(last[0]?.node as SyntaxNode).text) ? last[1]?.node : last[0]?.node;
  if (!given) return false;
  const url = destination(given, ctx);
  const t = ctx.taint(url);
  if (!t || !chosenByAttacker(t) || rawRequestTarget(url)) return false;
  return !destinationFixed(url, ctx) && !destinationChecked(call.node);
}

function responseReceiver(call: CallView, ctx: MatchContext): boolean {
  const receiver = receiverPath(call, ctx);
  return /^(?:res|response|resp|reply|ctx|h|this|context)$/.test(receiver[0] ?? '') || receiver[receiver.length - 1] === 'NextResponse';
}

/** `res.setHeader('Location', url)`, `res.set('Location', url)`, `res.location(url)`. */
function locationHeader(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!responseReceiver(call, ctx)) return false;
  const value = call.name === 'location' ? argAt(call, 0) : argAt(call, 1);
  if (call.name !== 'location' && literalString(argAt(call, 0))?.toLowerCase() !== 'location') {
    // res.writeHead(302, { Location: url })
    if (call.name !== 'writeHead') return false;
    const headers = objectLiteral(argAt(call, 1) ?? argAt(call, 2));
    const loc = propValue(headers, 'Location') ?? propValue(headers, 'location');
    return loc !== null && ctx.taint(loc) !== null && chosenByAttacker(taint) && !destinationFixed(loc, ctx) && !destinationChecked(call.node);
  }
  return value !== null && ctx.taint(value) !== null && chosenByAttacker(taint) && !destinationFixed(value, ctx) && !destinationChecked(call.node);
}

/** `location.href = x`, `window.location = x`: in the browser, the address bar's own data. */
function browserLocation(target: SyntaxNode, ctx: MatchContext, taint: Taint): boolean {
  // A local variable called `location` is not the browser's.
  if (
    target.type === 'identifier' &&
    fileFact(ctx, 'local-location', (code) => anyMatch(code, [/\blet location\b/, /\bvar location\b/, /\bconst location\b/, /[(,] ?location ?[,)=]/]))
  )
    return false;
  const value = target.parent?.type === 'assignment_expression' ? target.parent.child('right') : null;
  return value !== null && chosenByAttacker(taint) && !destinationFixed(value, ctx) && !destinationChecked(target);
}

// ---- XSS (server) ----------------------------------------------------------------------

/** Objects that are an HTTP response (Express, Next.js pages API, Node http). */
const RESPONSE_ROOT = /^(?:res|response|resp|httpResponse|serverResponse|_res)$/;

/** Calls whose result is JSON, a number, or an escaped/rendered template: never raw HTML from input. */
function safeProducer(callee: string): boolean {
  if (/^(?:Number|parseInt|parseFloat)$/.test(callee)) return true;
  const last = callee.slice(callee.lastIndexOf('.') + 1);
  return /^(?:render|renderFile|renderToString|renderToStaticMarkup|toJSON|json)$/.test(last);
}

/** Whether the value sent is an object/array (serialised as JSON) or a safe producer's result. */
export function notMarkup(arg: SyntaxNode, html: boolean, depth = 0): boolean {
  const n = unwrap(arg);
  if (n.type === 'object' || n.type === 'array' || n.type === 'number') return true;
  if (n.type === 'call_expression' || n.type === 'new_expression') {
    const callee = (n.child('function') ?? n.child('constructor'))?.text ?? '';
    if (/^JSON\.stringify$/.test(callee)) return !html;
    if (safeProducer(callee)) return true;
    // A compiled template's output (`const tpl = Handlebars.compile(src); tpl(data)`) is escaped by the engine.
    if (templateOutput(n)) return true;
    return false;
  }
  if (n.type === 'identifier' && depth < 3) {
    const v = declaredValue(n);
    if (v) return notMarkup(v, html, depth + 1);
  }
  return false;
}

/** `res.send(req.body)`: a whole parsed body or query object is sent back as JSON. */
function wholeContainer(arg: SyntaxNode): boolean {
  return /^(?:req|request)\.(?:body|query|params|cookies|headers|files)$/.test(unwrap(arg).text);
}

/**
 * Request headers, host and address are set by the victim's own browser, not chosen by an
 * attacker. Markup a helper builds from its own parameter is its caller's business (a parameter
 * passed through unchanged still makes a same-file summary, which is asked with unbuilt taint).
 */
export function reflectable(taint: Taint): boolean {
  return !builtFromParameter(taint) && !fromRequestMetadata(taint);
}

/** Text a function built from its own parameter (a server-side sink leaves that to the caller). */
function builtFromParameter(taint: Taint): boolean {
  return taint.strength === 'param' && taint.built;
}

/**
 * Whether some operand of the markup carries input as it is: not through an escaping template
 * (`tpl(data)`), not as JSON or a number.
 */
function rawInput(arg: SyntaxNode, ctx: MatchContext, html: boolean): boolean {
  let node = unwrap(arg);
  if (node.type === 'identifier') {
    const v = declaredValue(node);
    if (v && (unwrap(v).type === 'binary_expression' || unwrap(v).type === 'template_string')) node = unwrap(v);
  }
  let tainted = 0;
  for (const part of stringParts(node)) {
    const t = ctx.taint(part);
    if (!t) continue;
    tainted++;
    if (!reflectable(t) || rawRequestTarget(part)) continue;
    if (templateOutput(part) || notMarkup(part, html)) continue;
    return true;
  }
  // The variable was extended after its declaration (`html += '<li>' + item`): trust the walk's taint.
  return tainted === 0 && node !== unwrap(arg);
}

/** Express / Next.js / Node http responses: `res.send(html)`, `res.status(400).send(msg)`, `res.write(chunk)`, `res.end(body)`. */
function responseBody(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const receiver = receiverPath(call, ctx);
  const root = receiver[0] ?? '';
  if (!RESPONSE_ROOT.test(root) && !(root === 'this' && receiver[1] === 'res') && !(root === 'ctx' && receiver[1] === 'res')) return false;
  const arg = argAt(call, 0);
  if (!arg || wholeContainer(arg) || !reflectable(taint)) return false;
  const declared = declaredContentType(scopeText(call.node));
  if (declared === 'other') return false;
  return !notMarkup(arg, declared === 'html') && (ctx.probing || rawInput(arg, ctx, declared === 'html'));
}

/** Fastify `reply.send(x)` serves strings as text/plain unless the handler sets an HTML type. */
function fastifyReply(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const root = receiverPath(call, ctx)[0] ?? '';
  if (!/^(?:reply|rep)$/.test(root)) return false;
  const arg = argAt(call, 0);
  if (!arg || !reflectable(taint)) return false;
  return declaredContentType(scopeText(call.node)) === 'html' && !notMarkup(arg, true) && (ctx.probing || rawInput(arg, ctx, true));
}

/** hapi `h.response(html)`: strings are served as text/html. */
function hapiResponse(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const root = receiverPath(call, ctx)[0] ?? '';
  const arg = argAt(call, 0);
  if (root !== 'h' || !arg || !reflectable(taint)) return false;
  return declaredContentType(scopeText(call.node)) !== 'other' && !notMarkup(arg, false) && (ctx.probing || rawInput(arg, ctx, false));
}

/** `new Response(html, { headers: { 'Content-Type': 'text/html' } })` (Next.js app router, Workers, Deno, Bun). */
function htmlResponse(call: CallView, _ctx: MatchContext, taint: Taint): boolean {
  if (!call.isNew) return false;
  const init = argAt(call, 1);
  const body = argAt(call, 0);
  if (!body || !init || !reflectable(taint)) return false;
  return /text\/html/i.test(init.text) || (init.type === 'identifier' && /text\/html/i.test(declaredValue(init)?.text ?? ''));
}

/**
 * Koa `ctx.body = s`: a string is served as text/html when it starts with `<`, otherwise as
 * text/plain. A fixed prefix that is not markup keeps it plain; input at the start decides.
 */
function koaBody(target: SyntaxNode, ctx: MatchContext, taint: Taint): boolean {
  const assign = target.parent;
  const value = assign?.type === 'assignment_expression' ? assign.child('right') : null;
  if (!value || !reflectable(taint) || wholeContainer(value)) return false;
  const declared = declaredContentType(scopeText(target));
  if (declared === 'other') return false;
  if (notMarkup(value, declared === 'html')) return false;
  if (declared === 'html') return true;
  const lead = leadingLiteral(value, ctx);
  if (lead !== null && lead.trim() !== '') return lead.trimStart().startsWith('<');
  return true;
}

/**
 * A hapi handler that returns a toolkit response (`h.response(html).type(…)`, `h.file(p)`,
 * `h.redirect(u)`, `h.view(name, ctx)`): not a string served as HTML. `h.response` is a sink of its own.
 */
export function toolkitResult(value: SyntaxNode | null | undefined): boolean {
  if (!value) return false;
  let n = unwrap(value);
  for (let i = 0; i < 8 && n.type === 'call_expression'; i++) {
    const fn = n.child('function');
    if (fn?.type !== 'member_expression') return false;
    const object = unwrap(fn.child('object') as SyntaxNode);
    if (object.type === 'identifier') return object.text === 'h';
    n = object;
  }
  return false;
}

/** hapi handlers `(request, h) => …` return their response; a string is served as HTML. */
export function hapiHandler(fn: FunctionView): boolean {
  const [first, second] = fn.params;
  return fn.params.length === 2 && /^(?:req|request)$/.test(first?.name ?? '') && second?.name === 'h';
}

/** Fastify handlers `async (request, reply) => …` send what they return; strings are text/plain unless an HTML type is set. */
export function fastifyHandler(fn: FunctionView): boolean {
  const [first, second] = fn.params;
  return /^(?:req|request)$/.test(first?.name ?? '') && /^(?:reply|rep)$/.test(second?.name ?? '') && declaredContentType(fn.node.text) === 'html';
}

// ---- XSS (DOM) -------------------------------------------------------------------------

/** Whether `$` / `jQuery` in this file is jQuery (imported, or used the jQuery way) and not a local function. */
function usesJquery(ctx: MatchContext): boolean {
  return fileFact(ctx, 'jquery', jqueryCode);
}

const JQUERY_IMPORT = [/require\(['"]jquery['"]\)/, /from ['"]jquery['"]/];
const LOCAL_DOLLAR = [/: ?\$ ?[,}]/, /\bconst \$ ?=/, /\blet \$ ?=/, /\bvar \$ ?=/, /\bfunction \$ ?\(/, /[(,] ?\$ ?[,)] ?=>/];
const JQUERY_USE = [/\$\((?:document|window|function)\b/, /\$\.(?:ajax|get|post|getJSON|each|fn|extend)\b/, /\$\(['"][#.<\w]/, /\bjQuery\(/];

function jqueryCode(code: string): boolean {
  const imported = anyMatch(code, JQUERY_IMPORT);
  if (!imported && anyMatch(code, LOCAL_DOLLAR)) return false;
  return imported || anyMatch(code, JQUERY_USE);
}

/** A jQuery object: `$(sel)`, `jQuery(sel)`, a `$`-prefixed variable, `this.$el`. */
function jqueryReceiver(call: CallView, ctx: MatchContext): boolean {
  if (!usesJquery(ctx)) return false;
  const r = receiverPath(call, ctx);
  const root = r[0] ?? '';
  return root === '$()' || root === 'jQuery()' || root === 'jquery()' || /^\$\w+/.test(root) || r.some((s) => /^\$(?:el|\w+)$/.test(s) && s !== '$');
}

/** `$(x)` parses x as HTML only when it starts with `<`; `$('#' + id)` is a selector. */
function jqueryHtml(call: CallView, ctx: MatchContext): boolean {
  if (!usesJquery(ctx)) return false;
  const arg = argAt(call, 0);
  if (!arg) return false;
  const lead = leadingLiteral(arg, ctx);
  return lead === null || lead === '' || lead.trimStart().startsWith('<');
}

/** A URL attribute whose value starts with the input can be `javascript:…`; a fixed scheme or path cannot. */
function urlStartsWithInput(arg: SyntaxNode | null, ctx: MatchContext, depth = 0): boolean {
  if (!arg || depth > 4) return false;
  const n = unwrap(arg.type === 'jsx_expression' ? (arg.namedChildren[0] ?? arg) : arg);
  if (n.type === 'ternary_expression') {
    // `u.origin === location.origin ? u.pathname : '#'`: a checked branch.
    if (/\.(?:origin|protocol|hostname|host)\b/.test(n.child('condition')?.text ?? '')) return false;
    return [n.child('consequence'), n.child('alternative')].some((b) => urlStartsWithInput(b, ctx, depth + 1));
  }
  // `u.pathname + u.search` always starts with "/".
  const first = leftmost(n);
  if (first.type === 'member_expression' && first.child('property')?.text === 'pathname') return false;
  const lead = leadingLiteral(arg, ctx);
  if (lead === null || lead === '') return true;
  return /^\s{0,8}(?:javascript|data|vbscript):/i.test(lead);
}

const URL_ATTRIBUTES = /^(?:href|src|action|formaction|xlink:href|data|srcdoc)$/i;

/** `el.setAttribute('onclick', x)`, `el.setAttribute('href', x)`. */
function dangerousAttribute(call: CallView, ctx: MatchContext): boolean {
  const name = literalString(argAt(call, 0))?.toLowerCase();
  if (!name) return false;
  if (name.startsWith('on') || name === 'srcdoc') return true;
  return URL_ATTRIBUTES.test(name) && urlStartsWithInput(argAt(call, 1), ctx);
}

/** `<a href={x}>`, `<iframe src={x}>`: elements that navigate or load the URL. */
function jsxUrl(call: CallView, ctx: MatchContext): boolean {
  const opening = call.node.parent;
  const element = opening?.child('name')?.text ?? '';
  const attr = call.name.slice(4);
  if (attr === 'src' && !/^(?:iframe|frame|embed|object|script)$/i.test(element)) return false;
  if ((attr === 'action' || attr === 'formAction') && !/^(?:form|button|input)$/i.test(element)) return false;
  const value = argAt(call, 0);
  return urlStartsWithInput(value, ctx);
}

/** `link.href = x`, `iframe.src = x`, `script.src = x` on an element (not `location.href`, not an image). */
function urlProperty(target: SyntaxNode, ctx: MatchContext): boolean {
  const path = ctx.path(target) ?? [];
  const owner = path[path.length - 2] ?? '';
  if (owner.toLowerCase().endsWith('location')) return false;
  const base = owner.replace(/(?:El|Elem|Element|Tag|Node)$/, '');
  const element = /^(?:a|link|anchor|iframe|frame|script)$/.test(base) || /(?:Link|Anchor|Iframe|IFrame|Frame|Script)$/.test(base);
  const value = target.parent?.type === 'assignment_expression' ? target.parent.child('right') : null;
  return element && urlStartsWithInput(value, ctx);
}

// ---- SQL -------------------------------------------------------------------------------

/** Methods that run SQL text as given (as opposed to `get`/`all`/`run`, which are also cache and router verbs). */
const RUNS_SQL = new Set(['query', 'execute', 'exec', 'unsafe', 'raw', 'none', 'one', 'oneOrNone', 'many', 'manyOrNone', 'any', 'result', 'multi', 'queryRaw', 'executeRaw']);
const DB_LIKE = /(?:db|database|pool|conn|connection|client|sequelize|knex|sql|mysql|pg|postgres|sqlite|datasource|manager|queryRunner|repository|repo)$/i;

/** Process-spawning modules whose `exec` runs a command line, not SQL. */
const SHELL_MODULE = /^(?:child_process|node:child_process|execa|shelljs|zx|cross-spawn)\./;

/** SQL text, or a statement fragment only SQL has (`… VALUES (`, `CALL proc(`, `LIMIT n`). */
function sqlText(text: string): boolean {
  if (looksLikeSql(text)) return true;
  const w = new Set(words(text));
  return (w.has('values') && text.includes('(')) || w.has('call') || (w.has('limit') && w.has('offset')) || (w.has('from') && w.has('join'));
}

function dbReceiver(call: CallView, ctx: MatchContext): boolean {
  const receiver = receiverPath(call, ctx);
  const last = receiver[receiver.length - 1]?.replace(/\(\)$/, '');
  if (last === undefined) return false;
  return DB_RECEIVER.test(last) || DB_LIKE.test(last) || receiver.some((s) => /^(?:getConnection|getManager|getRepository|promise|createQueryRunner|transaction)\(\)$/.test(s));
}

/**
 * `db.query(x)` and friends: SQL text built from input (it reads like SQL), or input passed whole
 * to a database handle's query method. `cache.get(key)`, `router.all(…)`, `client.get(url)` are not.
 */
function sqlCall(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  // `exec(\`psql -c "SELECT …"\`)`: a shell command that happens to hold SQL is command injection, not a query call.
  if (SHELL_MODULE.test(ctx.pathText(call.callee ?? call.node) ?? '')) return false;
  if (taint.built) return sqlText(taint.text) || (taint.text.trim() === '' && RUNS_SQL.has(call.name) && dbReceiver(call, ctx));
  return RUNS_SQL.has(call.name) && dbReceiver(call, ctx);
}

/** `knex.raw(sql)`, `sequelize.literal(sql)`: not `String.raw`, and `literal` only on Sequelize. */
function rawSql(call: CallView, ctx: MatchContext): boolean {
  const receiver = receiverPath(call, ctx).join('.');
  if (call.name === 'literal') return /sequelize/i.test(receiver);
  return !(call.name === 'raw' && receiver === 'String');
}

/** TypeORM / MikroORM query builders: `repo.createQueryBuilder('u').where(\`u.name = '${name}'\`)`. */
function queryBuilder(call: CallView, ctx: MatchContext): boolean {
  if (call.name === 'setParameter') return false;
  const receiver = receiverPath(call, ctx);
  if (receiver.some((s) => s === 'createQueryBuilder()' || s === 'getQueryBuilder()' || s === 'qb()')) return true;
  const last = receiver[receiver.length - 1] ?? '';
  return /^(?:qb|queryBuilder|builder|query_?builder)$/i.test(last);
}

// ---- NoSQL -----------------------------------------------------------------------------

/** Whether a filter object lets the client choose operators (`{ user: req.body.user }`) or runs built JavaScript (`$where`). */
function unsafeFilter(node: SyntaxNode, ctx: MatchContext, operators: boolean, depth = 0): boolean {
  if (depth > 4) return false;
  const n = unwrap(node);
  if (operators && remoteObject(n, ctx)) return true;
  const obj = objectLiteral(n);
  if (obj) {
    // Sequelize/TypeORM/Prisma take `{ where: … }`: typed ORMs, not MongoDB operator filters.
    if (obj.namedChildren.some((c) => c.type === 'pair' && /^(?:where|include|attributes|select|relations)$/.test(pairKey(c) ?? ''))) return false;
    for (const c of obj.namedChildren) {
      if (c.type === 'spread_element') {
        const inner = c.namedChildren[0];
        if (inner && operators && remoteObject(inner, ctx)) return true;
        continue;
      }
      if (c.type === 'shorthand_property_identifier') {
        if (operators && remoteObject(c, ctx)) return true;
        continue;
      }
      if (c.type !== 'pair') continue;
      const key = pairKey(c);
      const value = c.child('value');
      if (!value) continue;
      if (key === '$where' || key === '$function' || key === '$accumulator') {
        // JavaScript built from input (a parameter's value built into the code counts too).
        const t = ctx.taint(value);
        if (t && (t.strength === 'remote' || (t.strength === 'param' && t.built))) return true;
        continue;
      }
      const v = unwrap(value);
      if (v.type === 'array') {
        if (v.namedChildren.some((item) => unsafeFilter(item, ctx, operators, depth + 1))) return true;
      } else if (v.type === 'object') {
        if (unsafeFilter(v, ctx, operators, depth + 1)) return true;
      } else if (operators && key && !key.startsWith('$') && remoteObject(v, ctx)) return true;
    }
    // `const query = { active: true }; … query.$where = "this.dept == '" + dept + "'"`: fields set after the literal.
    if (n.type === 'identifier' && laterFields(n, ctx, operators)) return true;
    return false;
  }
  return false;
}

/** `filter.key = value` assignments to a local filter object before it is used (in the same function). */
function laterFields(id: SyntaxNode, ctx: MatchContext, operators: boolean): boolean {
  const fn = enclosingFunction(id);
  const body = fn?.child('body');
  if (!body) return false;
  const stack: SyntaxNode[] = [body];
  let budget = 4000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.start >= id.start) continue;
    if (n.type === 'assignment_expression') {
      const left = n.child('left');
      const value = n.child('right');
      if (left?.type === 'member_expression' && value && unwrap(left.child('object') as SyntaxNode).text === id.text) {
        const key = left.child('property')?.text ?? '';
        if (key === '$where' || key === '$function' || key === '$accumulator') {
          const t = ctx.taint(value);
          if (t && (t.strength === 'remote' || (t.strength === 'param' && t.built))) return true;
        } else if (operators && !key.startsWith('$') && remoteObject(value, ctx)) return true;
      }
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return false;
}

/** Receivers that are not MongoDB models or collections (`_.find`, `arr.find`). */
function mongoReceiver(call: CallView, ctx: MatchContext): boolean {
  const r = receiverPath(call, ctx);
  const root = r[0] ?? '';
  return !/^(?:_|lodash|underscore|R|ramda|Array|Object|document|window|\$|jQuery|el|element|fs|path|knex)$/.test(root) && !/^lodash/.test(root);
}

/** express-mongo-sanitize / Mongoose `sanitizeFilter` applied to every request or query of the app. */
function sanitizedGlobally(ctx: MatchContext): boolean {
  return fileFact(ctx, 'mongo-sanitize', (code) => /\bmongoSanitize\s{0,8}\(|express-mongo-sanitize|sanitizeFilter\s{0,8}[:,)]|['"]sanitizeFilter['"]/.test(code));
}

/** express-validator chains (`body('email').isEmail()`) checked with `validationResult(req)`: the fields are strings. */
function validatedByChain(ctx: MatchContext): boolean {
  return (
    fileFact(ctx, 'express-validator', (code) => code.includes('validationResult(') || code.includes('checkSchema(')) &&
    fileFact(ctx, 'express-validator-chain', (code) => ['body', 'check', 'query', 'param'].some((fn) => code.includes(`${fn}('`) || code.includes(`${fn}("`)))
  );
}

/** `if (typeof email !== 'string') return …` before the query: the value is a string, not an operator object. */
function typeChecked(call: CallView, filter: SyntaxNode): boolean {
  const text = scopeText(call.node);
  if (!/\b(?:return|throw)\b/.test(text)) return false;
  // The names the filter uses: a check of another field (`typeof newPassword !== 'string'`) says nothing about them.
  const f = unwrap(filter);
  const declared = f.type === 'identifier' ? declaredValue(f) : null;
  const used = new Set(`${f.text} ${declared?.text ?? ''}`.match(/[\w$]+/g) ?? []);
  for (let i = text.indexOf('typeof '), n = 0; i >= 0 && n < 50; i = text.indexOf('typeof ', i + 7), n++) {
    const rest = text.slice(i + 7, i + 120);
    if (!rest.includes("'string'") && !rest.includes('"string"')) continue;
    const operand = /^\(?\s{0,4}([\w$.]{1,100})/.exec(rest)?.[1] ?? '';
    const last = operand.slice(operand.lastIndexOf('.') + 1);
    if (last !== '' && used.has(last)) return true;
  }
  return false;
}

/** A MongoDB filter (`Model.find(filter)`) into which the client can put operators or `$where` code. */
function mongoFilter(call: CallView, ctx: MatchContext): boolean {
  if (!mongoReceiver(call, ctx)) return false;
  const receiver = receiverPath(call, ctx);
  if (receiver.includes('createQueryBuilder()')) return false;
  // `.where(filter)`: only on Mongoose models and queries (`User.where(…)`, `User.find().where(…)`), not knex/TypeORM builders.
  if (call.name === 'where') {
    const last = receiver[receiver.length - 1] ?? '';
    if (!/^[A-Z]\w*$/.test(last) && !last.endsWith('Model') && last !== 'find()' && last !== 'findOne()') return false;
  }
  const first = argAt(call, call.name === 'distinct' ? 1 : 0);
  if (first === null) return false;
  const operators = !sanitizedGlobally(ctx) && !typeChecked(call, first) && !validatedByChain(ctx);
  return unsafeFilter(first, ctx, operators);
}

// ---- LDAP ------------------------------------------------------------------------------

/**
 * A filter object rather than filter text: `new ldap.EqualityFilter({ attribute, value })` (which
 * escapes its value), `new AndFilter({ filters })`, or the result of `ldap.parseFilter(…)` (whose
 * own argument is a sink), inline or through a local binding.
 */
export function filterObject(filter: SyntaxNode): boolean {
  let n = unwrap(filter);
  if (n.type === 'identifier' || n.type === 'shorthand_property_identifier') {
    const v = declaredValue(n);
    if (!v) return false;
    n = unwrap(v);
  }
  if (n.type === 'new_expression') return true;
  return n.type === 'call_expression' && /(?:^|\.)parseFilter$/.test(n.child('function')?.text ?? '');
}

/** `(&(objectClass=user)(uid=…))`, `(mail=…)`: an LDAP filter's opening; `uid=…,ou=people,dc=…`: a DN. */
const LDAP_FILTER = /^\s{0,4}\(\s{0,4}(?:[&|!]\s{0,4}\(|[A-Za-z][\w.;-]{0,40}[~<>]?=)/;
const DN_PART = /^\s{0,4}(?:uid|cn|ou|dc|o)=/i;

/** `cn=…,ou=groups,dc=example`: at least two RDNs with the usual attribute names. */
function ldapDn(text: string): boolean {
  return text.split(',').filter((p) => DN_PART.test(p)).length >= 2;
}

/** A search whose filter (or base DN) is built, as text that reads as LDAP, from input. */
function ldapText(call: CallView, ctx: MatchContext): boolean {
  const base = argAt(call, 0);
  const bt = base ? ctx.taint(base) : null;
  if (bt?.built && ldapDn(bt.text)) return true;
  const opts = argAt(call, 1);
  const obj = opts ? objectLiteral(opts) : null;
  const filter = obj ? propValue(obj, 'filter') : null;
  const t = filter ? ctx.taint(filter) : null;
  return t !== null && t.built && LDAP_FILTER.test(t.text) && !filterObject(filter as SyntaxNode);
}

/**
 * ldapjs / ldapts `client.search(base, { filter })`: the filter string (or the base DN) built from
 * input. `new ldap.EqualityFilter({ attribute, value })` escapes its value and is not a string.
 */
function ldapSearch(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  // Without an LDAP client import (the client comes from another module: `this.ldap.search(…)`),
  // only text that reads as an LDAP filter or DN counts.
  if (!importsModule(ctx, 'ldapjs', 'ldapts', 'ldapjs-promise', 'activedirectory', 'activedirectory2', 'ldap-authentication', 'ldapauth-fork')) return ldapText(call, ctx);
  const base = argAt(call, 0);
  if (base && ctx.taint(base) && taint.built) return true;
  const opts = argAt(call, 1);
  if (!opts) return false;
  // A wrapper `ldapSearch(client, base, options)` forwarding its parameter: its callers decide.
  if (unwrap(opts).type === 'identifier' && !objectLiteral(opts) && taint.strength === 'param' && !taint.built) return true;
  const obj = objectLiteral(opts);
  const filter = obj ? propValue(obj, 'filter') : unwrap(opts);
  if (!filter) return false;
  const t = ctx.taint(filter);
  return t !== null && (t.built || t.strength === 'remote') && !filterObject(filter);
}

/** activedirectory `ad.findUser(query)`: a query string built with filter syntax. */
function activeDirectoryFilter(_call: CallView, ctx: MatchContext, taint: Taint): boolean {
  return importsModule(ctx, 'activedirectory', 'activedirectory2') && taint.built && /[()=&|]/.test(taint.text);
}

// ---- XPath -----------------------------------------------------------------------------

/** Text that reads like an XPath expression: a location path or a predicate. */
function xpathText(taint: Taint): boolean {
  const text = taint.text.replace(/\s+/g, '');
  return text.startsWith('/') || text.startsWith('./') || text.includes('[@') || text.includes('contains(') || text.includes('text()') || /@\w{1,40}=/.test(text);
}

/** libxmljs `doc.get(xpath)` / `doc.find(xpath)` with an XPath-looking built string. */
function libxmlXpath(_call: CallView, ctx: MatchContext, taint: Taint): boolean {
  return importsModule(ctx, 'libxmljs', 'libxmljs2') && taint.built && xpathText(taint);
}

/** `doc.evaluate(expr, …)` on a DOM or XML document, with a built expression. */
function documentEvaluate(call: CallView, _ctx: MatchContext, taint: Taint): boolean {
  return /^(?:document|doc|xmlDoc|dom|xml)$/i.test(call.receiver?.text ?? '') && taint.built;
}

// ---- deserialization -------------------------------------------------------------------

/**
 * js-yaml `load()`: js-yaml 4 loads with the safe default schema (no `!!js/function`); js-yaml 3's
 * `load()` used the full schema — that is why it had `safeLoad()`. Reported when the call asks
 * for an unsafe schema, or when the file uses the js-yaml 3 API (`safeLoad`/`safeDump`), so its
 * plain `load()` is the unsafe one.
 */
function unsafeYamlSchema(call: CallView, ctx: MatchContext): boolean {
  const opts = objectLiteral(argAt(call, 1));
  const schema = propValue(opts, 'schema');
  if (schema) return /DEFAULT_FULL_SCHEMA|FULL_SCHEMA|js-types|jsTypes|JS_SCHEMA|\.extend\(/.test(schema.text);
  return fileFact(ctx, 'js-yaml-3', (code) => /\.(?:safeLoad|safeLoadAll|safeDump)\s{0,8}\(|\bsafeLoad\b/.test(code));
}

// ---- regular expressions ---------------------------------------------------------------

/** The classic escaping idiom `s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')` on the way to the pattern. */
function regexEscaped(node: SyntaxNode | null, depth = 0): boolean {
  if (!node || depth > 3) return false;
  const n = unwrap(node);
  // `$&` is the whole match: `'\\$&'` puts a backslash before every metacharacter the regex matched.
  if (n.text.includes('.replace') && n.text.includes('\\$&')) return true;
  if (n.type === 'identifier') return regexEscaped(declaredValue(n), depth + 1);
  if (n.type === 'template_string' || n.type === 'binary_expression') {
    for (const c of n.namedChildren) {
      const inner = c.type === 'template_substitution' ? c.namedChildren[0] : c;
      if (inner && inner.type === 'identifier' && regexEscaped(declaredValue(inner), depth + 1)) return true;
    }
  }
  return false;
}

// ---- prototype pollution ---------------------------------------------------------------

/** A whole object parsed from the request (JSON body, nested query): its keys are the attacker's. */
function objectInput(taint: Taint): boolean {
  return taint.strength === 'remote' && !taint.built && fromObjectSource(taint);
}

/** Whether any source argument (from position `from`) brings client-chosen keys. */
function mergesClientKeys(call: CallView, ctx: MatchContext, from: number): boolean {
  return call.args.some((a) => a.index >= from && clientKeys(a.node, ctx));
}

/**
 * `Object.assign(shared, req.body)`: copying request keys onto a long-lived object (module-level
 * state, a prototype, global configuration), not onto a fresh `{}`.
 */
function sharedTarget(call: CallView): boolean {
  const target = argAt(call, 0);
  if (!target) return false;
  const n = unwrap(target);
  if (n.type === 'object' || n.type === 'array' || n.type === 'call_expression' || n.type === 'new_expression') return false;
  if (/\.prototype$|^(?:global|globalThis|window|process\.env|app\.locals|app\.settings)$/.test(n.text)) return true;
  if (n.type !== 'identifier') return false;
  // Declared at the top level of the module (shared across requests), not inside the handler.
  const program = programOf(n);
  for (const s of program.namedChildren) {
    if ((s.type === 'lexical_declaration' || s.type === 'variable_declaration') && s.namedChildren.some((d) => d.child('name')?.text === n.text)) return true;
  }
  return false;
}

/** `settings[req.body.section][req.body.key] = value`: the first key picks `__proto__`. */
function nestedComputedKey(target: SyntaxNode, ctx: MatchContext): boolean {
  const outer = unwrap(target);
  if (outer.type !== 'subscript_expression') return false;
  const inner = outer.child('object');
  if (!inner || unwrap(inner).type !== 'subscript_expression') return false;
  const key = unwrap(inner).child('index');
  const last = outer.child('index');
  if (!key || !last || ctx.isConstant(key) || ctx.isConstant(last)) return false;
  const t = ctx.taint(key);
  return t !== null && t.strength === 'remote' && !/^(?:Number|parseInt|parseFloat)\(/.test(key.text);
}

// ---- mass assignment -------------------------------------------------------------------

/** The whole parsed body or query, by its source label (`req.body`, `ctx.request.body`, `JSON.parse(event.body)`). */
const WHOLE_REQUEST = /^(?:(?:req|request|ctx\.request|ctx|this\.req)\.(?:body|query|payload|fields)|event\.body|JSON\.parse\(.{0,80}\))$/;

/**
 * Whether a value is the request's whole parsed object with every key the client sent: `req.body`
 * itself, a local bound to it, a destructured `body` parameter, `{ ...req.body }`, or Prisma's
 * `{ data: req.body }`. A value made by a call (`schema.parse(req.body)`, `_.pick(req.body, …)`) is not.
 */
function wholeRequestObject(node: SyntaxNode, ctx: MatchContext, depth = 0): boolean {
  if (depth > 3) return false;
  const n = unwrap(node);
  if (n.type === 'member_expression' || n.type === 'identifier') {
    const t = ctx.taint(n);
    if (!t || t.strength !== 'remote' || t.built) return false;
    if (n.type === 'member_expression') return WHOLE_REQUEST.test(n.text) || (t.source === n && WHOLE_REQUEST.test(t.label));
    const bound = declaredValue(n);
    if (bound) return wholeRequestObject(bound, ctx, depth + 1);
    // A parameter: a destructured `body` alias, or NestJS `@Body() body: any`.
    return (WHOLE_REQUEST.test(t.label) && t.steps.length === 0) || (t.param !== undefined && fromObjectSource(t));
  }
  if (n.type === 'call_expression' && /^JSON\.parse$/.test(n.child('function')?.text ?? '')) {
    const t = ctx.taint(n);
    return t !== null && t.strength === 'remote';
  }
  if (n.type === 'object') {
    for (const c of n.namedChildren) {
      if (c.type === 'spread_element' && c.namedChildren[0] && wholeRequestObject(c.namedChildren[0], ctx, depth + 1)) return true;
      if (
        c.type === 'pair' &&
        /^(?:data|values|attributes|create|update)$/.test(pairKey(c) ?? '') &&
        c.child('value') &&
        wholeRequestObject(c.child('value') as SyntaxNode, ctx, depth + 1)
      )
        return true;
    }
  }
  return false;
}

/** A persistence call given the request's whole object: every field the client names is written. */
function massAssignment(call: CallView, ctx: MatchContext): boolean {
  // `_.merge(a, req.body)`, `$.extend(…)`: utilities, not persistence (prototype pollution judges them).
  if (!mongoReceiver(call, ctx)) return false;
  if (ctx.probing) return true;
  return call.args.some((a) => a.index >= 0 && wholeRequestObject(a.node, ctx));
}

/** `new User(req.body)`: a capitalised model constructor. */
function modelConstructor(call: CallView, ctx: MatchContext): boolean {
  const written = call.callee?.type === 'identifier' ? call.callee.text : '';
  return (
    call.isNew &&
    /^[A-Z][A-Za-z0-9]*$/.test(written) &&
    !/^(?:Error|TypeError|RangeError|Date|Map|Set|URL|URLSearchParams|Response|Request|Headers|Promise|RegExp|Buffer|Array|Object|String|Number|Blob|FormData|Proxy|WeakMap|WeakSet)$/.test(
      written,
    ) &&
    massAssignment(call, ctx)
  );
}

/** `Object.assign(user, req.body)`: request keys copied onto an existing object (not a fresh `{}`). */
function assignToEntity(call: CallView, ctx: MatchContext): boolean {
  const target = argAt(call, 0);
  // A fresh object is a copy; a module-level one is shared state (prototype pollution's finding).
  if (!target || objectLiteral(target) !== null || unwrap(target).type === 'array' || sharedTarget(call)) return false;
  if (ctx.probing) return true;
  return call.args.some((a) => a.index >= 1 && wholeRequestObject(a.node, ctx));
}

// ---- logging ---------------------------------------------------------------------------

/** Receivers that are loggers: `console`, `logger`, `this.logger`, `req.log`, `winston`, `pino()`, `log4js.getLogger()`. */
const LOGGER = /^(?:console|logger|log|logging|winston|pino|bunyan|log4js|signale|consola|_logger|_log|LOGGER|LOG|auditLog|auditLogger|securityLogger)$|(?:Logger|Log)$/;

/**
 * Log forging matters where logs are evidence: authentication, authorisation, audit and money
 * events (a forged "login succeeded for admin" line after a CR/LF). Progress and debug lines are left alone.
 */
const AUDIT_EVENT = [
  /\b(?:log(?:ged)?[ _-]?in|log(?:ged)?[ _-]?out|sign(?:ed)?[ _-]?in|sign[ _-]?up|logon)\b/i,
  /\b(?:auth[nz]?|password|passwd|credentials?|failed attempt|unauthori[sz]ed|forbidden|denied|audit|permission|privilege|admin|transfer|payment|deleted?|token|session|account)\b/i,
  /\b(?:authenticat|authori[sz]|impersonat)/i,
];

/**
 * A log call whose argument carries request text as it is — not a whole parsed object (printed
 * encoded, `console.log(req.body)`), not an object of structured fields — in a message about a
 * security event.
 */
function logMessage(call: CallView, ctx: MatchContext): boolean {
  // By the name written (`logger.warn`, also when `logger` is a local module) or the canonical one (`pino().info`).
  const receiver = receiverPath(call, ctx);
  const written = call.receiver?.text ?? '';
  const names = [written.slice(written.lastIndexOf('.') + 1), (receiver[receiver.length - 1] ?? '').replace(/\(\)$/, '')];
  if (!names.some((n) => LOGGER.test(n)) && !(call.receiver === null && call.name === 'debug')) return false;
  if (ctx.probing) return true;
  let message = '';
  let raw = false;
  for (const a of call.args) {
    const n = unwrap(a.node);
    const literal = ctx.stringValue(n);
    if (literal !== null) message += ` ${literal}`;
    if (n.type === 'object' || n.type === 'array' || wholeContainer(n)) continue;
    const t = ctx.taint(n);
    if (t === null || t.strength !== 'remote') continue;
    raw = true;
    message += ` ${t.text}`;
  }
  return raw && anyMatch(message.slice(0, 2000), AUDIT_EVENT);
}

// ---- options objects -------------------------------------------------------------------

/**
 * The properties of the options objects a call is given, as named arguments (`jwt({ secret })`
 * passes `secret`): object literals, also through a local binding, and the object arguments of
 * `Object.assign({…}, {…})`.
 */
/**
 * Whether a function name is neither declared nor imported in the file (`extractFile(p)` of a
 * helper the scan cannot see): every mention of it is a call, none follows `function`.
 */
function unseenFunction(name: string, program: SyntaxNode): boolean {
  const text = program.text;
  for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + name.length)) {
    const prev = text[i - 1] ?? ' ';
    const next = text[i + name.length] ?? ' ';
    if (/[\w$.]/.test(prev) || /[\w$]/.test(next)) continue;
    if (
      next !== '(' ||
      text
        .slice(Math.max(0, i - 9), i)
        .trimEnd()
        .endsWith('function')
    )
      return false;
  }
  return true;
}

/**
 * A path built from input, reported where it is built only when no later call of this file will
 * judge it: the joined value is an option or a return value, or a variable handed to a helper the
 * scan cannot see (`extractFile(p)`), not checked after joining (`if (!p.startsWith(BASE))`). File
 * calls, imported APIs and the file's own functions report it where it is used.
 */
function joinUnchecked(call: CallView, _ctx: MatchContext, taint: Taint): boolean {
  // A helper's own parameter: its callers are judged where they pass input in.
  if (taint.strength === 'param') return false;
  const holder = call.node.parent;
  if (holder?.type === 'pair' || holder?.type === 'return_statement') return true;
  const target = holder?.type === 'variable_declarator' ? holder.child('name') : holder?.type === 'assignment_expression' ? holder.child('left') : null;
  if (target?.type !== 'identifier') return false;
  const scope = enclosingFunction(call.node) ?? programOf(call.node);
  const after = scope.text.slice(call.node.end - scope.start);
  const name = target.text;
  if (['.startsWith(', '.indexOf(', '.includes('].some((m) => after.includes(`${name}${m}`)) || after.includes('.relative(')) return false;
  for (let i = after.indexOf(name); i >= 0; i = after.indexOf(name, i + name.length)) {
    const before = after.slice(Math.max(0, i - 60), i);
    const open = before.lastIndexOf('(');
    // A bare function name (`extractFile(p)`), not a method (`fs.readFile(p)`).
    // redos-ok: the text searched is at most 60 characters (the slice before the argument).
    const callee = open > 0 ? /(?:^|[^\w$.])([A-Za-z_$][\w$]{0,63})\s{0,4}$/.exec(before.slice(0, open))?.[1] : undefined;
    if (callee && open === before.trimEnd().length - 1 && unseenFunction(callee, programOf(call.node))) return true;
  }
  return false;
}

/** What a plain name was last bound to in its function before this use (`const key = JWK.asKey('…')`), for literal entries. */
function boundValue(node: SyntaxNode): SyntaxNode | null {
  const n = node.type === 'shorthand_property_identifier' ? node : unwrap(node);
  if (n.type !== 'identifier' && n.type !== 'shorthand_property_identifier') return null;
  // Only names of the same function: a module-level constant is reported where it is declared (by its name).
  const fn = enclosingFunction(n);
  const v = fn ? declaredValue(n) : null;
  return v && enclosingFunction(v) === fn ? v : null;
}

function optionArgs(call: CallView): Arg[] {
  const out: Arg[] = [];
  const add = (node: SyntaxNode, depth: number): void => {
    const obj = objectLiteral(node);
    if (obj) {
      for (const c of obj.namedChildren) {
        if (c.type === 'pair') {
          const key = pairKey(c);
          const value = c.child('value');
          if (key !== null && value) out.push({ node: value, name: key, index: -1 });
        } else if (c.type === 'shorthand_property_identifier') out.push({ node: c, name: c.text, index: -1 });
      }
      return;
    }
    const n = unwrap(node);
    if (depth < 2 && n.type === 'call_expression' && n.child('function')?.text === 'Object.assign') {
      for (const a of n.child('arguments')?.namedChildren ?? []) add(a, depth + 1);
    } else if (depth < 2 && n.type === 'identifier') {
      const v = declaredValue(n);
      if (v && unwrap(v).type === 'call_expression') add(v, depth + 1);
    }
  };
  for (const a of call.args) if (a.index >= 0) add(a.node, 0);
  return out;
}

/** The named checks of the JavaScript/TypeScript pack, by name (see docs/writing-rules.md). */
export const javascriptHeuristics: Heuristics = {
  keywordArgs: optionArgs,
  boundValue,
  calls: {
    // code
    'string-code': stringCode,
    'global-function': globalFunction,
    'vm-receiver': vmReceiver,
    'outside-input': (_call, _ctx, taint) => taint.strength !== 'param',
    // Test code, end-to-end suites and seeds keep fake credentials on purpose.
    'outside-tests': (_call, ctx) => !testFile(ctx),
    'not-built-from-parameter': (_call, _ctx, taint) => !builtFromParameter(taint),
    // command
    'program-name': (_call, _ctx, taint) => taint.strength !== 'param' || !taint.built,
    'shell-argv': argvThroughShell,
    // path
    'send-file-without-root': sendFileWithoutRoot,
    'join-unchecked': joinUnchecked,
    'response-render': renderView,
    // ssrf
    'request-target': requestTarget,
    'request-library': requestLibrary,
    'browser-page': browserPage,
    'headless-page': headlessPage,
    // redirect
    'response-redirect': (call, ctx, taint) => responseReceiver(call, ctx) && redirectTarget(call, ctx, taint),
    'redirect-target': redirectTarget,
    'location-header': locationHeader,
    // xss
    'response-body': responseBody,
    'fastify-reply': fastifyReply,
    'hapi-response': hapiResponse,
    'html-response': htmlResponse,
    'jquery-html': jqueryHtml,
    'jquery-receiver': jqueryReceiver,
    'dangerous-attribute': dangerousAttribute,
    'jsx-url': jsxUrl,
    // sql
    'sql-call': sqlCall,
    'raw-sql': rawSql,
    'query-builder': queryBuilder,
    // nosql
    'mongo-filter': mongoFilter,
    // ldap, xpath
    'ldap-search': ldapSearch,
    'activedirectory-filter': activeDirectoryFilter,
    'libxml-xpath': libxmlXpath,
    'document-evaluate': documentEvaluate,
    // deserialization, regex
    'unsafe-yaml-schema': unsafeYamlSchema,
    'unescaped-pattern': (call) => !regexEscaped(argAt(call, 0)),
    // log
    'log-message': logMessage,
    // mass assignment
    'whole-request-object': massAssignment,
    'model-constructor': modelConstructor,
    'assign-to-entity': assignToEntity,
    // prototype pollution
    'remote-only': (_call, _ctx, taint) => taint.strength === 'remote',
    'merges-client-keys': (call, ctx, taint) => objectInput(taint) && mergesClientKeys(call, ctx, 1),
    'deep-extend': (call, ctx, taint) => isTrue(argAt(call, 0)) && objectInput(taint) && mergesClientKeys(call, ctx, 2),
    'assign-to-shared': (call, ctx, taint) => objectInput(taint) && sharedTarget(call) && mergesClientKeys(call, ctx, 1),
  },
  assignments: {
    'browser-location': browserLocation,
    'koa-body': koaBody,
    'url-property': urlProperty,
    'nested-computed-key': nestedComputedKey,
  },
};
