/**
 * The named checks C# models refer to (`"where": "db-receiver"`): what a call's receiver is, or
 * when the data reaching it is dangerous, where a table of names cannot say it. Listed with their
 * meaning in docs/writing-rules.md.
 */
import type { CallView } from '../../engine/adapter.ts';
import type { Heuristics } from '../../models/compile.ts';
import type { MatchContext, Taint } from '../../rule.ts';
import { looksLikeSql } from '../common.ts';
import { findAfter, hasType, lastSegment, receiverPath } from './helpers.ts';

// ---- SQL ------------------------------------------------------------------------------------

/** Receivers that are a database connection, context or session (Dapper, NHibernate, EF). */
const DB_NAMES = new Set([
  'db',
  'conn',
  'cnn',
  'con',
  'connection',
  'dbconnection',
  'sqlconnection',
  'database',
  'session',
  'context',
  'dbcontext',
  'ctx',
  'transaction',
  'tx',
  'sql',
  'sqlite',
  'npgsql',
  'mysql',
  'uow',
  'unitofwork',
  'datasource',
  'getdbconnection',
]);
const DB_SUFFIXES = ['connection', 'database', 'session', 'dbcontext', 'context', 'db', 'transaction', 'datasource'];

/** A receiver name that is a database connection, context or session (`_db`, `connection`, `AppDbContext`, `OpenConnection`). */
function isDbName(name: string): boolean {
  const lower = name.toLowerCase();
  const tail = lower.slice(lower.lastIndexOf('_') + 1);
  return DB_NAMES.has(lower) || DB_NAMES.has(tail) || DB_SUFFIXES.some((s) => lower.endsWith(s));
}

/** Dapper and NHibernate methods have common names: the receiver must be a connection/session, or the text SQL. */
function dbReceiver(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const last = lastSegment(receiverPath(call, ctx));
  return (last !== null && isDbName(last)) || looksLikeSql(taint.text);
}

/**
 * EF Core's `FromSql`/`ExecuteSql`/`SqlQuery` (and EF Core 2's `ExecuteSqlCommand`) take a
 * `FormattableString` when given an interpolated string directly, and turn every hole into a
 * parameter: only concatenation (or an interpolated string first stored in a `string`) is raw SQL.
 */
function notFormattable(call: CallView): boolean {
  const first = call.args.find((a) => a.index === 0)?.node;
  return !(first && first.type === 'interpolated_string_expression');
}

/** `SqlHelper.ExecuteReader(conn, CommandType.Text, sql, …)`: the text is the third argument when the command type is text. */
function sqlHelperText(call: CallView): boolean {
  const type = call.args.find((a) => a.index === 1)?.node.text ?? '';
  return /CommandType\.Text$/.test(type);
}

// ---- redirects and outgoing requests ------------------------------------------------------

/** `Response.Headers.Add("Location", x)`. */
function locationHeader(call: CallView, ctx: MatchContext): boolean {
  const name = ctx.arg(call, 0);
  return name !== null && /^location$/i.test(ctx.stringValue(name) ?? (name.text.endsWith('HeaderNames.Location') ? 'location' : ''));
}

const NAVIGATION = new Set(['NavigationManager']);

/** Blazor `NavigationManager.NavigateTo(uri)`: an absolute URI leaves the application. */
function navigationManager(call: CallView): boolean {
  const r = call.receiver;
  if (!r) return false;
  return hasType(r, NAVIGATION) || /^_?(?:nav|navigation|navManager|navigationManager|navigator)$/i.test(r.text.replace(/^this\./, ''));
}

const HTTP_RECEIVER = /client|http|^(?:wc|web|browser)$|webclient|downloader|fetcher/i;
const NOT_HTTP = /redis|cache|blob|storage|queue|bus|cosmos|table|search|elastic|mongo|graph|sql|db|repo|mediator|grpc|kafka|s3|secret|vault/i;

/** `GetAsync`/`PostAsync`/… on an HTTP client (`_http`, `client`, `_httpClient`, `factory.CreateClient()`), not on a cache or repository. */
function httpClient(call: CallView, ctx: MatchContext): boolean {
  const path = receiverPath(call, ctx);
  const last = lastSegment(path);
  if (call.receiver?.type === 'object_creation_expression') return /HttpClient|WebClient/.test(call.receiver.text);
  if (last === null) return false;
  if (NOT_HTTP.test(path.join('.'))) return false;
  return HTTP_RECEIVER.test(last);
}

// ---- queries, patterns, code ----------------------------------------------------------------

/** Request data, or data of unknown origin built into the text. */
function remoteOrBuilt(_call: CallView, _ctx: MatchContext, taint: Taint): boolean {
  return taint.built || taint.strength === 'remote';
}

/** XPath syntax in the literal text around the input: a path step, a predicate or an attribute test. */
function xpathSyntax(text: string): boolean {
  return (
    text.includes('/') ||
    text.includes('contains(') ||
    text.includes('text()') ||
    findAfter(text, '[', /^\s*@/) !== null ||
    findAfter(text, '@', /^[A-Za-z]/) !== null ||
    findAfter(text, '=', /^\s*['"]/) !== null
  );
}

/** `Select`/`Evaluate`/`Compile` are common names (LINQ `Select`, Regex…): the input must be built into XPath text. */
function xpathText(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const arg = ctx.arg(call, 0);
  if (arg && (arg.type === 'lambda_expression' || arg.type === 'anonymous_method_expression')) return false;
  return xpathSyntax(taint.text);
}

/** A match timeout bounds backtracking: `new Regex(p, options, TimeSpan.FromSeconds(1))`, `RegexOptions.NonBacktracking`. */
function noTimeout(call: CallView): boolean {
  return !call.args.some((a) => /TimeSpan|Timeout|timeout|NonBacktracking/.test(a.node.text));
}

/** Roslyn `state.ContinueWithAsync(code)` on a script state, not `Task.ContinueWith`. */
function scriptState(call: CallView): boolean {
  const text = call.receiver?.text ?? '';
  return /Script|state/i.test(text) && !/Task|task/.test(text);
}

/** Fluid's `parser.Parse(template)` (a `FluidParser`), not any `Parse`. */
function fluidParser(call: CallView): boolean {
  return /fluid/i.test(call.receiver?.text ?? '');
}

/** The named checks of the C# models. */
export const csharpHeuristics: Heuristics = {
  calls: {
    // SQL
    'db-receiver': dbReceiver,
    'not-formattable': notFormattable,
    'sql-helper-text': sqlHelperText,
    // redirects and outgoing requests
    'location-header': locationHeader,
    'navigation-manager': navigationManager,
    'http-client': httpClient,
    // queries, patterns, code
    'remote-or-built': remoteOrBuilt,
    'xpath-text': xpathText,
    'no-timeout': noTimeout,
    'script-state': scriptState,
    'fluid-parser': fluidParser,
  },
};
