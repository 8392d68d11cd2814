import type { CallView } from '../../engine/adapter.ts';
import type { Heuristics } from '../../models/compile.ts';
import { classBit, type MatchContext, type Taint } from '../../rule.ts';
import { nameWords } from '../../secrets/credentials.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { DB_RECEIVER, looksLikeSql, URL_FETCHERS } from '../common.ts';
import {
  arrayEntries,
  arrayValue,
  hasWord,
  hostChecked,
  isFalsy,
  isRedirectHeader,
  isTruthy,
  leadingLiteral,
  receiverName,
  redirectHeaderTarget,
  skipSpaces,
  unwrap,
  urlLike,
} from './helpers.ts';
import { unboundVariable } from './summaries.ts';

/*
 * The named checks PHP models refer to (`"where": "db-receiver"`): what a call's receiver or
 * arguments are, or when the data reaching it is dangerous, where a table of names cannot say it.
 */

const first = (call: CallView): SyntaxNode | undefined => call.args.find((a) => a.index === 0)?.node;
const argAt = (call: CallView, index: number): SyntaxNode | undefined => call.args.find((a) => a.index === index)?.node;

// ---- queries ------------------------------------------------------------------------------------

/** Words of a receiver name that make it a database handle (`$db`, `$this->conn`, `$readDb`, `$entityManager`). */
const DB_WORDS = new Set([
  'db',
  'dbh',
  'database',
  'conn',
  'connection',
  'pdo',
  'mysqli',
  'mysql',
  'sqlite',
  'sqlite3',
  'pgsql',
  'pg',
  'wpdb',
  'link',
  'dblink',
  'adapter',
  'driver',
  'em',
  'qb',
  'doctrine',
  'dbal',
  'dbo',
]);
const DB_PAIRS = new Set(['entity manager', 'query builder']);

function dbName(name: string): boolean {
  const words = nameWords(name);
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (DB_WORDS.has(w) || w.endsWith('db') || w.endsWith('connection') || w.endsWith('pdo') || w.endsWith('database')) return true;
    if (i > 0 && DB_PAIRS.has(`${words[i - 1]} ${w}`)) return true;
  }
  const lower = name.toLowerCase();
  return lower === 'entitymanager' || lower === 'querybuilder';
}

/** A string condition (`"status = '$s'"`, `"name LIKE …"`, `"id IN (…)"`) rather than a column name. */
function sqlCondition(text: string): boolean {
  if (text.includes('=') || text.includes('<') || text.includes('>')) return true;
  const lower = text.toLowerCase();
  if (hasWord(lower, 'like')) return true;
  for (let i = lower.indexOf('in'); i >= 0; i = lower.indexOf('in', i + 1)) {
    const before = i > 0 ? lower.charCodeAt(i - 1) : 32;
    if ((before >= 97 && before <= 122) || (before >= 48 && before <= 57) || before === 95) continue;
    if (lower[skipSpaces(lower, i + 2)] === '(') return true;
  }
  return false;
}

/** `$x->query($sql)`: only on a database handle, or when the text is SQL (`$xpath->query()` is not). */
function dbReceiver(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const name = receiverName(call, ctx);
  if (name !== null && /xpath|ldap|dom|crawler|http|client|guzzle|elastic|search|solr|redis|cache|mongo/i.test(name)) return false;
  return (name !== null && (DB_RECEIVER.test(name) || dbName(name))) || looksLikeSql(taint.text);
}

/** `pg_query($conn, $sql)` / `pg_query($sql)`, `pg_query_params($conn, $sql, $params)` / `pg_query_params($sql, $params)`: whether the connection was omitted. */
function withoutConnection(call: CallView): boolean {
  const n = call.args.filter((a) => a.index >= 0).length;
  return call.name.endsWith('_params') ? n <= 2 : n <= 1;
}

/** `$xpath->query($expr)`: on a DOMXPath (by name) or with an expression that reads like XPath. */
function xpathReceiver(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const name = receiverName(call, ctx) ?? '';
  if (/xpath|^xp$/i.test(name)) return true;
  return looksLikeXPath(taint.text) && !/\bselect\b|\bwhere\b/i.test(taint.text);
}

function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/** XPath syntax: a leading `/`, a predicate on an attribute `[@`, a descendant step `//name`, or `name[`. */
function looksLikeXPath(text: string): boolean {
  if (text.trimStart().startsWith('/') || text.includes('[@')) return true;
  for (let i = text.indexOf('//'); i >= 0; i = text.indexOf('//', i + 1)) if (isWordChar(text.charCodeAt(i + 2))) return true;
  for (let i = text.indexOf('['); i >= 0; i = text.indexOf('[', i + 1)) if (i > 0 && isWordChar(text.charCodeAt(i - 1))) return true;
  return false;
}

// ---- network ------------------------------------------------------------------------------------

/** `curl_setopt($ch, CURLOPT_URL, $url)`. */
function curlUrl(call: CallView): boolean {
  const opt = argAt(call, 1);
  return opt !== undefined && /CURLOPT_URL$/.test(opt.text);
}

/** A request whose host is fixed by a literal prefix (`"https://api.example.com/users/" . $id`) is not SSRF. */
export function hostFixed(arg: SyntaxNode, ctx: MatchContext): boolean {
  const lead = leadingLiteral(arg, ctx);
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)[/?#]/i.exec(lead);
  return m !== null && (m[1] ?? '').length > 0 && !(m[1] ?? '').endsWith('.');
}

/** `curl_setopt_array($ch, [CURLOPT_URL => $url, …])`: only the URL entry matters. */
function curlArrayUrl(call: CallView, ctx: MatchContext): boolean {
  const url = arrayEntries(argAt(call, 1) ?? null)?.find((e) => e.keyNode !== null && /CURLOPT_URL$/.test(e.keyNode.text));
  return url !== undefined && ctx.taint(url.value) !== null && !hostFixed(url.value, ctx);
}

function fetcherProgram(command: string): boolean {
  const program = command.trimStart().split(/[ \t]/)[0] ?? '';
  return URL_FETCHERS.has(program.slice(program.lastIndexOf('/') + 1).toLowerCase());
}

/** Whether a command text contains a URL with its host and the start of its path (`https://api.example.com/`). */
function hostWritten(text: string): boolean {
  const at = text.indexOf('://');
  if (at < 0) return false;
  let i = at + 3;
  while (i < text.length && text[i] !== '/' && text[i] !== ' ' && text[i] !== '\t' && text[i] !== "'" && text[i] !== '"') i++;
  return i > at + 3 && text[i] === '/';
}

/**
 * A URL-fetching program run on request data without a shell (`proc_open(['wkhtmltopdf', $url, $out], …)`)
 * or with the URL escaped for the shell (`exec('curl -sS ' . escapeshellarg($url))`): no command
 * injection, but the server fetches whatever the client names. A URL whose host is written in the
 * command before the data (`'curl https://api.example.com/items/' . escapeshellarg($id)`) is pinned.
 */
function urlFetcherCommand(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const command = first(call);
  if (!command || taint.strength !== 'remote') return false;
  const entries = arrayEntries(command);
  if (entries) {
    const program = entries[0] ? ctx.stringValue(entries[0].value) : null;
    if (program === null || !fetcherProgram(program)) return false;
    return entries.slice(1).some((e) => ctx.taint(e.value)?.strength === 'remote' && !hostFixed(e.value, ctx));
  }
  // A shell string: unescaped input there is command injection (its own rule).
  if (!(taint.sanitized & classBit('command'))) return false;
  const lead = leadingLiteral(command, ctx);
  if (!fetcherProgram(lead)) return false;
  return !hostWritten(lead);
}

// ---- redirects and headers ----------------------------------------------------------------------

/**
 * Whether the redirect target is pinned by a literal prefix: a relative path (`/profile?id=`,
 * `index.php?page=`) or an absolute URL with a host (`https://example.com/…`). `//`, `/\`, a bare
 * scheme or an empty prefix leave the destination open.
 */
export function destinationFixed(target: string): boolean {
  const t = redirectHeaderTarget(target) ?? target;
  if (t.length === 0) return false;
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+[/?#]/i.test(t)) return true;
  if (/^[a-z][a-z0-9+.-]*:\/*$/i.test(t)) return false;
  if (/^[/\\]{2}/.test(t)) return false;
  if (/^\/[^/\\]/.test(t) || /^[\w.-]+(?:\.php|\.html?)?[/?#]/.test(t)) return true;
  if (/^\?/.test(t)) return true;
  return false;
}

function openDestination(arg: SyntaxNode | undefined, ctx: MatchContext): boolean {
  if (!arg) return false;
  return !destinationFixed(leadingLiteral(unwrap(arg), ctx)) && !hostChecked(arg, ctx);
}

/** `header("Location: " . $url)` with a destination the client picks. */
function locationHeader(call: CallView, ctx: MatchContext): boolean {
  const line = first(call);
  return line !== undefined && isRedirectHeader(leadingLiteral(line, ctx)) && openDestination(line, ctx);
}

/** `redirect($url)`, `new RedirectResponse($url)`: a destination not pinned by a literal prefix nor checked. */
function openRedirectTarget(call: CallView, ctx: MatchContext): boolean {
  return openDestination(first(call), ctx) && (call.name !== 'RedirectResponse' || call.isNew);
}

/** `$response->withHeader('Location', $url)`. */
function locationHeaderValue(call: CallView, ctx: MatchContext): boolean {
  return /^location$/i.test(ctx.stringValue(first(call) ?? call.node) ?? '') && openDestination(argAt(call, 1), ctx);
}

/**
 * `header($line)`: PHP's header() has refused CR/LF since 5.1.2, so a value after a fixed
 * `Name: ` prefix cannot split the response; the client choosing the header line itself (its
 * name, e.g. `header($_GET['h'])` or `header("$name: $value")`) can. Location/Refresh are redirects.
 */
function clientHeaderLine(call: CallView, ctx: MatchContext): boolean {
  const line = first(call);
  if (!line) return false;
  const lead = leadingLiteral(line, ctx);
  if (isRedirectHeader(lead)) return false;
  return !/^\s*[\w-]+\s*:/.test(lead);
}

// ---- output -------------------------------------------------------------------------------------

/** Request getters that return arrays: a framework turns an array response into JSON, not HTML. */
const WHOLE_INPUT = /->(?:all|validated|only|except|json|toArray|getParsedBody|getQueryParams|keys)\(|^\$_(?:GET|POST|REQUEST|COOKIE|FILES)$/;

/** `response($html)`, `new Response($html)`: text (not an array of input, which becomes JSON). */
function htmlResponse(call: CallView, _ctx: MatchContext, taint: Taint): boolean {
  return (call.name !== 'Response' || call.isNew) && (taint.built || !WHOLE_INPUT.test(taint.label));
}

/** `$response->setContent($x)`, `$body->write($x)`: on a response or its body. */
function responseBody(call: CallView, ctx: MatchContext): boolean {
  return /(?:response|body|res)$/i.test(ctx.pathText(call.receiver ?? call.node) ?? '');
}

/** `print_r($x, true)` / `var_export($x, true)` return the text instead of printing it. */
function prints(call: CallView, ctx: MatchContext): boolean {
  const ret = argAt(call, 1);
  return !ret || !isTruthy(ret, ctx);
}

/** Smarty's `string:` and `eval:` resources compile the rest of the name as a template. */
function stringTemplate(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  return /smarty|tpl|template|view/i.test(receiverName(call, ctx) ?? '') && /^(?:string|eval):/i.test(taint.text);
}

// ---- commands, code, data -----------------------------------------------------------------------

/** `proc_open([...])`, `new Process([...])`, `Process::run([...])`: an argument vector runs without a shell. */
function commandString(call: CallView): boolean {
  const command = first(call) ?? call.args.find((a) => a.name === 'command')?.node;
  return command !== undefined && unwrap(command).type !== 'array_creation_expression';
}

/** `$ssh->exec($cmd)`: phpseclib and friends run the text in a remote shell. */
function remoteShell(call: CallView, ctx: MatchContext): boolean {
  const last =
    ctx
      .pathText(call.receiver ?? call.node)
      ?.split('.')
      .pop()
      ?.replace(/^\$/, '') ?? '';
  return /^(?:ssh|sftp|connection|shell|remote|server|session)$/i.test(last);
}

/** `unserialize($x, ['allowed_classes' => false])` (or a list of classes) cannot instantiate arbitrary objects. */
function unserializeObjects(call: CallView, ctx: MatchContext): boolean {
  const options = call.args.find((a) => a.index === 1 || a.name === 'options');
  if (!options) return true;
  const allowed = arrayValue(options.node, 'allowed_classes');
  if (!allowed) return true;
  const v = unwrap(allowed);
  return !(isFalsy(v, ctx) || v.type === 'array_creation_expression');
}

/** `extract($x, EXTR_SKIP)` / prefixed extraction cannot overwrite existing variables; `parse_str($s)` without a result array does. */
function overwritesVariables(call: CallView): boolean {
  if (call.name !== 'extract') return call.args.filter((a) => a.index >= 0).length === 1;
  const flags = call.args.find((a) => a.index === 1 || a.name === 'flags');
  return !flags || !/EXTR_(?:SKIP|PREFIX_ALL|PREFIX_INVALID|PREFIX_SAME|PREFIX_IF_EXISTS)/.test(flags.node.text);
}

/** `assert('$x > 0')`, `assert($code)`: the argument is text PHP would evaluate, not an expression it already ran. */
function codeText(call: CallView): boolean {
  const arg = first(call);
  if (!arg) return false;
  const n = unwrap(arg);
  if (n.type === 'variable_name' || n.type === 'encapsed_string' || n.type === 'string' || n.type === 'heredoc') return true;
  if (n.type === 'member_access_expression' || n.type === 'subscript_expression' || n.type === 'scoped_property_access_expression') return true;
  return n.type === 'binary_expression' && n.child('operator')?.text === '.';
}

/** The value was built into text from untrusted data, or is untrusted as a whole. */
const builtOrRemote = (_call: CallView, _ctx: MatchContext, taint: Taint): boolean => taint.built || taint.strength === 'remote';

/**
 * Which values PHP audit sinks report: data of any tracked origin (a request, a parameter, argv), a
 * variable nothing in sight gives a value (a global, an included file's variable), and text built
 * from either. A value the analysis cleared (cast, validated, looked up) or one the code computes
 * from constants is not reported.
 */
function auditable(node: SyntaxNode, ctx: MatchContext, depth = 0): boolean {
  if (depth > 4) return false;
  if (ctx.taint(node) !== null) return true;
  const n = unwrap(node);
  if (n.type === 'variable_name') return unboundVariable(n);
  // An element or property of such a variable (`$payload['data']`, `$import->options`), or what a call makes of it (`base64_decode($blob)`).
  if (n.type === 'subscript_expression' || n.type === 'member_access_expression') {
    const object = n.namedChildren[0];
    return object !== undefined && auditable(object, ctx, depth + 1);
  }
  const call = n.type === 'function_call_expression' ? ctx.call(n) : null;
  // (An argument with taint whose call returns none was cleaned by it: `absint($_GET['id'])`.)
  if (call) return call.args.some((a) => ctx.taint(a.node) === null && !ctx.isConstant(a.node) && auditable(a.node, ctx, depth + 1));
  if (n.type === 'encapsed_string' || (n.type === 'binary_expression' && n.child('operator')?.text === '.')) {
    return n.namedChildren.some((c) => c.type !== 'string_content' && c.type !== 'string_value' && !ctx.isConstant(c) && auditable(c, ctx, depth + 1));
  }
  return false;
}

/** The PHP pack's named checks, by name (listed in docs/writing-rules.md). */
export const phpHeuristics: Heuristics = {
  calls: {
    // queries
    'db-receiver': dbReceiver,
    'pg-without-connection': (call) => withoutConnection(call),
    'pg-with-connection': (call) => !withoutConnection(call),
    'sql-condition': (_call, _ctx, taint) => taint.built && (looksLikeSql(taint.text) || sqlCondition(taint.text)),
    // A column name straight from the request (`where($column, $value)` takes the column first only with a value after it).
    'column-name': (call, _ctx, taint) =>
      taint.strength === 'remote' && !taint.built && (!/^(?:where|orWhere|having)$/.test(call.name) || call.args.filter((a) => a.index >= 0).length >= 2),
    'sql-text': (_call, _ctx, taint) => taint.built && looksLikeSql(taint.text),
    'xpath-receiver': xpathReceiver,
    'ldap-receiver': (call, ctx, taint) => /ldap/i.test(receiverName(call, ctx) ?? '') && (taint.built || taint.strength === 'remote'),
    // The base DN is set by the operator when it comes from the environment or a config file; built from a request value it is injectable.
    'ldap-base-dn': (_call, _ctx, taint) => taint.strength === 'remote' || (taint.strength === 'param' && taint.built),
    built: (_call, _ctx, taint) => taint.built,
    'built-or-remote': builtOrRemote,
    // network
    'url-like': (call, ctx, taint) => urlLike(taint, first(call) ?? call.node, ctx),
    'curl-url': (call) => curlUrl(call),
    'curl-array-url': (call, ctx) => curlArrayUrl(call, ctx),
    'url-fetcher-command': urlFetcherCommand,
    // redirects and headers
    'location-header': (call, ctx) => locationHeader(call, ctx),
    'open-redirect-target': (call, ctx) => openRedirectTarget(call, ctx),
    'location-header-value': (call, ctx) => locationHeaderValue(call, ctx),
    'client-header-line': (call, ctx) => clientHeaderLine(call, ctx),
    // output
    'html-response': htmlResponse,
    'response-body': (call, ctx) => responseBody(call, ctx),
    prints: (call, ctx) => prints(call, ctx),
    'string-template': stringTemplate,
    // commands, code, data
    'command-string': (call) => commandString(call),
    'new-command-string': (call) => call.isNew && commandString(call),
    'remote-shell': (call, ctx) => remoteShell(call, ctx),
    'code-text': (call) => codeText(call),
    'unserialize-objects': (call, ctx) => unserializeObjects(call, ctx),
    'yaml-callbacks': (call) => call.args.some((a) => a.index === 3),
    'overwrites-variables': (call) => overwritesVariables(call),
    'upload-destination': (call) => call.name !== 'move' || call.args.length >= 2,
  },
  auditable,
};
