import type { FunctionView, ParamView } from '../../engine/adapter.ts';
import type { LanguageProfile } from '../../engine/profile.ts';
import type { Strength } from '../../rule.ts';
import { phpAdapter } from './adapter.ts';
import { phpHeuristics } from './heuristics.ts';
import { calledWithInput, rootOf, summariesOf } from './summaries.ts';

/** Param names that hold framework objects or SQL fragments built by the caller (identifiers, not data). */
const FRAMEWORK_PARAMS = new Set([
  '$request',
  '$req',
  '$response',
  '$res',
  '$next',
  '$app',
  '$container',
  '$db',
  '$dbh',
  '$conn',
  '$connection',
  '$pdo',
  '$mysqli',
  '$link',
  '$wpdb',
  '$em',
  '$entityManager',
  '$manager',
  '$logger',
  '$log',
  '$this',
  '$config',
  '$options',
  '$opts',
  '$settings',
  '$event',
  '$context',
  '$twig',
  '$smarty',
  '$view',
  '$e',
  '$ex',
  '$exception',
  '$error',
  '$i',
  '$j',
  '$n',
  '$idx',
  '$index',
  '$callback',
  '$cb',
  '$closure',
  '$handler',
  '$client',
  '$http',
  '$curl',
  '$ch',
  '$stmt',
  '$qb',
  '$builder',
  '$query_builder',
  '$table',
  '$tableName',
  '$table_name',
  '$tbl',
  '$columns',
  '$column',
  '$cols',
  '$fields',
  '$field',
  '$where',
  '$conditions',
  '$sql',
  '$prefix',
  '$schema',
  '$database',
  '$dbname',
  '$db_name',
  '$joins',
  '$stream',
  '$fp',
  '$handle',
  '$resource',
  '$result',
  '$cache',
  '$session',
  '$mailer',
  '$router',
  '$route',
  '$middleware',
  '$kernel',
  '$loader',
  '$repository',
  '$repo',
  '$model',
]);
const STRING_TYPES = new Set(['string', 'mixed', 'array', 'iterable', 'stringable', 'null']);
const CONTROLLER_BASE = /(?:Controller|AbstractController|BaseController|ApiController|ResourceController|RestController|Action)$/;
const ROUTE_NAMES = new Set(['Route', 'Get', 'Post', 'Put', 'Patch', 'Delete']);

function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/** `#[Route('/x')]`, `#[\Symfony\…\Route(…)]`, `@Route("/x")`: an attribute or annotation naming a route. */
function isRouteAttribute(text: string): boolean {
  let i: number;
  if (text.startsWith('#[')) {
    i = 2;
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  } else if (text.startsWith('@')) i = 1;
  else return false;
  // The qualified name: word characters and `\`; its last segment is what counts.
  let segment = i;
  while (i < text.length && (isNameChar(text.charCodeAt(i)) || text[i] === '\\')) {
    if (text[i] === '\\') segment = i + 1;
    i++;
  }
  return ROUTE_NAMES.has(text.slice(segment, i));
}

/** Whether a route path has a placeholder: `{id}`, `{slug?}`. */
function hasRoutePlaceholder(text: string): boolean {
  for (let open = text.indexOf('{'); open >= 0; open = text.indexOf('{', open + 1)) {
    let i = open + 1;
    while (i < text.length && isNameChar(text.charCodeAt(i))) i++;
    if (i === open + 1) continue;
    if (text[i] === '?') i++;
    if (text[i] === '}') return true;
  }
  return false;
}
const ROUTE_REGISTRARS = new Set(['get', 'post', 'put', 'patch', 'delete', 'options', 'any', 'map', 'match', 'head']);

/** Whether a declared type can carry a string (no type, `string`, `?string`, unions with string/mixed). */
function stringLike(type: string | null): boolean {
  if (type === null) return true;
  const parts = type.replace(/[?()\s]/g, '').split(/[|&]/);
  return parts.some((p) => STRING_TYPES.has(p.replace(/^\\/, '').toLowerCase()));
}

/** Route closures: `Route::get('/u/{id}', function ($id) {…})`, Slim's `$app->get('/x/{id}', fn($req, $res, $args))`. */
export function isRouteClosure(fn: FunctionView): boolean {
  const call = fn.passedTo;
  if (!call || !ROUTE_REGISTRARS.has(call.name.toLowerCase())) return false;
  const first = call.args.find((a) => a.index === 0);
  if (!first) return false;
  const text = first.node.text;
  return /^['"]\//.test(text) || hasRoutePlaceholder(text);
}

/** Controller actions (Laravel, Symfony, CodeIgniter, CakePHP, Yii): public, non-static, non-magic methods of controllers or routed methods. */
export function isControllerAction(fn: FunctionView): boolean {
  const isPublicMethod = fn.node.type === 'method_declaration' && !fn.decorators.includes('private') && !fn.decorators.includes('protected');
  if (!isPublicMethod || !fn.name || fn.name.startsWith('__')) return false;
  if (fn.decorators.some((d) => isRouteAttribute(d))) return true;
  const controller = (fn.className !== null && /Controller$/.test(fn.className)) || fn.classBases.some((b) => CONTROLLER_BASE.test(b));
  return controller && !fn.decorators.includes('static');
}

/** Whether a plain function hands this parameter unchanged to the call it wraps (see summaries.ts). */
function passesThrough(fn: FunctionView, index: number): boolean {
  if (fn.node.type !== 'function_definition' || !fn.name) return false;
  const summary = summariesOf(rootOf(fn.node)).get(fn.name.toLowerCase());
  return summary?.kind === 'wrap' && summary.moves.some((m) => m.from === index);
}

function paramTaint(fn: FunctionView, param: ParamView): Strength | null {
  if (FRAMEWORK_PARAMS.has(param.name)) return null;
  if (!stringLike(param.type)) return null;
  if (isRouteClosure(fn) || isControllerAction(fn)) return 'remote';
  // A helper the file calls with request data: `show_message($_GET['msg'])`.
  // (A pure wrapper that passes the parameter unchanged to a sink is reported at its call sites instead.)
  if (fn.name && calledWithInput(fn.node, fn.name, param.index) && !passesThrough(fn, param.index)) return 'remote';
  return 'param';
}

/**
 * How PHP code is read: the adapter, parameter taint of handlers, what cleans, checks, stops or formats
 * values, and the named checks models use (heuristics.ts). What PHP and its frameworks read, run and
 * escape is in the models (models/php/*.ts).
 */
export const phpProfile: LanguageProfile = {
  adapter: phpAdapter,
  // Sources, sanitizers and sinks of PHP and its frameworks are models (models/php/*.ts).
  sources: [],
  sanitizers: [
    // filter_var($x, FILTER_…) / filter_input(…, FILTER_…): the adapter names the call by its filter.
    { callee: ['filter:FILTER_VALIDATE_IP', 'filter:FILTER_VALIDATE_MAC'], classes: 'all' },
    {
      callee: [
        'filter:FILTER_SANITIZE_SPECIAL_CHARS',
        'filter:FILTER_SANITIZE_FULL_SPECIAL_CHARS',
        'filter:FILTER_SANITIZE_STRING',
        'filter:FILTER_SANITIZE_STRIPPED',
        'filter:FILTER_SANITIZE_EMAIL',
        'filter:FILTER_SANITIZE_ENCODED',
      ],
      classes: ['xss'],
    },
    {
      callee: [
        'filter:FILTER_SANITIZE_MAGIC_QUOTES',
        'filter:FILTER_SANITIZE_ADD_SLASHES',
        'filter:FILTER_SANITIZE_SPECIAL_CHARS',
        'filter:FILTER_SANITIZE_FULL_SPECIAL_CHARS',
        'filter:FILTER_SANITIZE_STRING',
      ],
      classes: ['sql'],
    },
  ],
  // preg_match($re, $subject, $matches): the captures are pieces of the subject.
  propagators: [{ callee: ['preg_match', 'preg_match_all', 'mb_ereg', 'mb_eregi', 'sscanf'], to: 2, from: [1] }],
  paramTaint,
  heuristics: phpHeuristics,
  mutators: ['append', 'push', 'prepend', 'add', 'put', 'set', 'offsetSet', 'attach', 'enqueue', 'setParameter'],
  cleanCalls: [
    'isset',
    'empty',
    'is_null',
    'is_numeric',
    'is_int',
    'is_integer',
    'is_float',
    'is_string',
    'is_array',
    'is_bool',
    'is_object',
    'is_callable',
    'is_file',
    'is_dir',
    'is_readable',
    'is_writable',
    'is_writeable',
    'is_uploaded_file',
    'file_exists',
    'filesize',
    'filemtime',
    'fileperms',
    'ctype_digit',
    'ctype_alnum',
    'ctype_alpha',
    'ctype_xdigit',
    'ctype_upper',
    'ctype_lower',
    'ctype_space',
    'in_array',
    'array_key_exists',
    'key_exists',
    'property_exists',
    'method_exists',
    'function_exists',
    'class_exists',
    'defined',
    'preg_match',
    'preg_match_all',
    'strpos',
    'stripos',
    'strrpos',
    'strripos',
    'str_contains',
    'str_starts_with',
    'str_ends_with',
    'strcmp',
    'strcasecmp',
    'strncmp',
    'strncasecmp',
    'hash_equals',
    'version_compare',
    'mysqli_num_rows',
    'mysql_num_rows',
    'mysqli_affected_rows',
    'pg_num_rows',
    'rowCount',
    'num_rows',
    'columnCount',
    'lastInsertId',
    'insert_id',
    'mysqli_insert_id',
    'has',
    'filled',
    'missing',
    'hasFile',
    'isValid',
    'isMethod',
    'ajax',
    'wantsJson',
    'expectsJson',
    'isJson',
    'getSize',
    'getError',
    'getRealPath',
    'getPathname',
    'getClientSize',
    'hashName',
    'getMimeType',
    'guessExtension',
    'integer',
    'boolean',
    'float',
    'date',
    'getInt',
    'getBoolean',
    'getDigits',
    'getAlnum',
    'getAlpha',
    'getInteger',
    'toInteger',
    'wp_verify_nonce',
    'check_admin_referer',
    'check_ajax_referer',
    'current_user_can',
    'is_user_logged_in',
    'password_verify',
    'password_needs_rehash',
    'microtime',
    'array_sum',
    'max',
    'min',
    'getOutput',
    'getErrorOutput',
    'getExitCode',
    // What the database returns is not the request data the query was filtered with.
    'find',
    'findOrFail',
    'findOrNew',
    'findMany',
    'first',
    'firstOrFail',
    'firstOrCreate',
    'firstOrNew',
    'firstWhere',
    'updateOrCreate',
    'create',
    'forceCreate',
    'get',
    'paginate',
    'simplePaginate',
    'cursorPaginate',
    'exists',
    'doesntExist',
    'sum',
    'avg',
    'fetch',
    'fetchAll',
    'fetch_assoc',
    'fetch_array',
    'fetch_row',
    'fetch_object',
    'fetchObject',
    'fetch_all',
    'mysqli_fetch_assoc',
    'mysqli_fetch_array',
    'mysqli_fetch_row',
    'mysqli_fetch_object',
    'mysqli_fetch_all',
    'mysql_fetch_assoc',
    'mysql_fetch_array',
    'mysql_fetch_row',
    'mysql_fetch_object',
    'pg_fetch_assoc',
    'pg_fetch_array',
    'pg_fetch_row',
    'pg_fetch_object',
    'pg_fetch_all',
    'findBy',
    'findOneBy',
    'findAll',
    'getResult',
    'getOneOrNullResult',
    'getSingleResult',
    'getArrayResult',
    'getSingleScalarResult',
    'save',
    'persist',
    'flush',
    'execute',
    'bind_param',
    'bindParam',
    'bindValue',
    'filter:FILTER_VALIDATE_REGEXP',
    'json_last_error',
    'filter_has_var',
    'mysqli_connect_errno',
    'http_response_code',
  ],
  validators: [
    'in_array',
    'array_key_exists',
    'key_exists',
    'array_search',
    'is_numeric',
    'is_int',
    'is_integer',
    'is_float',
    'ctype_digit',
    'ctype_alnum',
    'ctype_alpha',
    'ctype_xdigit',
    'preg_match',
    'strpos',
    'stripos',
    'str_starts_with',
    'str_contains',
    'strncmp',
    'filter:FILTER_VALIDATE_REGEXP',
    'filter:FILTER_VALIDATE_IP',
    'filter:FILTER_VALIDATE_MAC',
    'checkdate',
    'validate',
    'isValid',
    'is_valid',
    'uuid_is_valid',
    'Uuid.isValid',
  ],
  exits: ['exit', 'die', 'wp_die', 'abort', 'wp_send_json', 'wp_send_json_error', 'wp_send_json_success', 'dd', 'trigger_404'],
  formatters: [
    'sprintf',
    'vsprintf',
    'printf',
    'vprintf',
    'fprintf',
    'implode',
    'join',
    'str_replace',
    'str_ireplace',
    'strtr',
    'preg_replace',
    'str_pad',
    'str_repeat',
    'array_merge',
    'Str.replace',
  ],
};
