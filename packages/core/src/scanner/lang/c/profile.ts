import type { FunctionView, ParamView } from '../../engine/adapter.ts';
import type { LanguageProfile, OutSourceSpec, PropagatorSpec } from '../../engine/profile.ts';
import { VULN_CLASSES, type Strength, type VulnClass } from '../../rule.ts';
import { cAdapter, UNDECLARED_ARGV } from './adapter.ts';
import { CHECKED_ROOT, HELPER_ROOT, isCurlCallback, READER_ARGS, READER_ROOT } from './helpers.ts';
import { cHeuristics } from './heuristics.ts';
import { isIntegerType } from './syntax.ts';

/**
 * Every class but memory safety: a number parsed from input (`atoi(argv[1])`, `strlen(s)`,
 * `ntohl(hdr.len)`) cannot inject a command or a query, but as an index or a size it is exactly
 * what the buffer rules look for.
 */
export const NOT_MEMORY: readonly VulnClass[] = VULN_CLASSES.filter((c) => c !== 'memory');

const MAIN_NAMES = new Set(['main', 'wmain', '_tmain', 'WinMain', 'wWinMain', '_tWinMain']);
const CHAR_TYPES = new Set(['char', 'wchar_t', 'TCHAR', 'gchar', 'char8_t', 'WCHAR', 'CHAR']);
const STRING_TYPES = new Set([
  'string',
  'wstring',
  'u8string',
  'u16string',
  'u32string',
  'string_view',
  'wstring_view',
  'u8string_view',
  'LPSTR',
  'LPCSTR',
  'LPWSTR',
  'LPCWSTR',
  'LPTSTR',
  'LPCTSTR',
  'PSTR',
  'PCSTR',
  'PWSTR',
  'PCWSTR',
  'BSTR',
  'QString',
  'CString',
  'QByteArray',
]);

/** Identifier-like words of a type text (`const std::string &` → const, std, string). Linear. */
function typeWords(type: string): string[] {
  const out: string[] = [];
  let word = '';
  for (let i = 0; i < type.length && i < 400; i++) {
    const ch = type[i] as string;
    if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch === '_') word += ch;
    else {
      if (word) out.push(word);
      word = '';
    }
  }
  if (word) out.push(word);
  return out;
}

/** Whether a parameter type holds a string: `char *`, `const char[]`, `std::string &`, `std::string_view`, `LPCSTR`, `QString`. */
function isStringParam(type: string, words: readonly string[] = typeWords(type)): boolean {
  if (words.some((w) => STRING_TYPES.has(w))) return !type.includes('<') || /^\s*(?:const\s+)?(?:std::)?basic_string/.test(type);
  return words.some((w) => CHAR_TYPES.has(w)) && (type.includes('*') || type.includes('[]'));
}

/**
 * Types of the request object web frameworks hand to a handler: cpp-httplib's `httplib::Request`,
 * Crow's `crow::request`, Drogon's `HttpRequestPtr`, Pistache's `Rest::Request`, Beast's
 * `http::request<…>`, cpprestsdk's `http_request`, oatpp's `IncomingRequest`, mongoose's
 * `mg_http_message`, libevent's `evhttp_request`, FastCGI's `FCGX_Request`.
 */
const REQUEST_TYPES = new Set([
  'Request',
  'request',
  'HttpRequest',
  'HTTPRequest',
  'HttpRequestPtr',
  'IncomingRequest',
  'http_request',
  'mg_http_message',
  'evhttp_request',
  'FCGX_Request',
  'HTTPServerRequest',
  'ServerRequest',
]);
/** Names a request parameter has when its type is `auto` (`[](const auto &req, auto &res)`). */
const REQUEST_NAMES = new Set(['req', 'request', 'httpReq', 'http_req', 'rq']);
/** Route registration methods: a function passed to one with a path is a request handler. */
const ROUTE_METHODS = new Set([
  'Get',
  'Post',
  'Put',
  'Delete',
  'Patch',
  'Options',
  'Head',
  'route',
  'Route',
  'handle',
  'Handle',
  'add_route',
  'addRoute',
  'registerHandler',
  'CROW_ROUTE',
  'CROW_BP_ROUTE',
]);

const BYTE_WORDS = new Set(['uint8_t', 'int8_t', 'u8', 'BYTE', 'UCHAR', 'guchar', 'guint8', 'byte']);

/** `const uint8_t *`, `const unsigned char *`, `const std::vector<uint8_t> &`, `std::span<const std::byte>`. */
function isByteBuffer(type: string): boolean {
  const words = typeWords(type);
  if (!words.includes('const')) return false;
  const bytes = words.some((w) => BYTE_WORDS.has(w)) || (words.includes('unsigned') && words.includes('char'));
  if (!bytes) return false;
  return type.includes('*') || words.some((w) => w === 'vector' || w === 'span' || w === 'array' || w === 'basic_string_view');
}

/** `Reader &`, `ByteReader *`, `wire::BufferReader &`: a decoder's view of its input (not `std::istream`). */
function isReaderType(type: string, words: readonly string[]): boolean {
  if (!type.includes('&') && !type.includes('*')) return false;
  const named = words.filter((w) => w !== 'const' && w !== 'struct' && w !== 'class');
  const last = named[named.length - 1] ?? '';
  return last.endsWith('Reader') && last.length <= 32;
}

function isRequestType(type: string, words: readonly string[] = typeWords(type)): boolean {
  // The last type word names it: `const httplib::Request &`, `std::shared_ptr<IncomingRequest>`, `http::request<http::string_body>`.
  const named = words.filter((w) => w !== 'const' && w !== 'std' && w !== 'shared_ptr' && w !== 'unique_ptr' && w !== 'struct');
  if (named.some((w) => w === 'HttpRequestPtr' || w === 'IncomingRequest' || w === 'mg_http_message' || w === 'evhttp_request' || w === 'FCGX_Request')) return true;
  const i = named.findIndex((w) => REQUEST_TYPES.has(w));
  // `http::request<string_body>`: the words after it are template arguments.
  return i >= 0 && (i === named.length - 1 || type.includes('<'));
}

const handlers = new WeakMap<FunctionView, boolean>();

/** The route call a handler is passed to: `svr.Get("/x", handler)`, `CROW_ROUTE(app, "/x")(handler)`. */
function routeHandler(fn: FunctionView): boolean {
  let hit = handlers.get(fn);
  if (hit === undefined) handlers.set(fn, (hit = routeCall(fn)));
  return hit;
}

function routeCall(fn: FunctionView): boolean {
  const call = fn.passedTo;
  if (!call) return false;
  if (ROUTE_METHODS.has(call.name)) {
    const first = call.args.find((a) => a.index === 0 && (a.node.type === 'string_literal' || a.node.type === 'raw_string_literal'));
    if (first && first.node.text.replace(/^[^"]*"\(?/, '').startsWith('/')) return true;
  }
  // CROW_ROUTE(app, "/x")([](…) {…}): the callee is itself the route macro.
  const callee = call.callee;
  return callee?.type === 'call_expression' && /^(?:CROW_ROUTE|CROW_BP_ROUTE|CROW_WEBSOCKET_ROUTE)$/.test(callee.child('function')?.text ?? '');
}

/**
 * `main`'s argv (and envp, WinMain's command line) is local input; request objects of web handlers
 * and the path parameters a router extracts are remote; the data libcurl hands a write callback is
 * remote; a string parameter of any other function has unknown origin ('param'); numbers, handles
 * and structs carry nothing.
 */
function paramTaint(fn: FunctionView, param: ParamView): Strength | null {
  const type = param.type ?? '';
  if (fn.name && MAIN_NAMES.has(fn.name)) {
    if (fn.name.includes('WinMain')) return param.index === 2 ? 'local' : null;
    return param.index >= 1 && (type.includes('*') || type.includes('[]')) ? 'local' : null;
  }
  // argv handed on to a parser: `parse_args(int argc, char **argv)`.
  if ((param.name === 'argv' || param.name === 'envp') && type.includes('char')) return 'local';
  if (param.index <= 2 && fn.node.type === 'function_definition' && isCurlCallback(fn.node, fn.name)) return 'remote';
  const bare = type.endsWith('&') ? type.slice(0, -1).trimEnd() : type;
  if (isIntegerType(bare)) return null;
  const words = typeWords(type);
  if (isRequestType(type, words)) return 'remote';
  const handler = fn.passedTo !== null && routeHandler(fn);
  if (handler && words.includes('auto') && REQUEST_NAMES.has(param.name)) return 'remote';
  // A byte buffer (`const uint8_t *data`, `const std::vector<uint8_t> &frame`) is data like a string.
  if (isByteBuffer(type)) return 'param';
  // A cursor over received bytes (`Reader &r`, `ByteReader &in`, `BinaryReader *rd`): what its
  // `u16()` / `take(n)` return is the data being decoded.
  if (isReaderType(type, words)) return 'param';
  if (isStringParam(type, words)) {
    // Path parameters: Crow's `CROW_ROUTE(app, "/u/<string>")([](std::string name) …)`, Drogon's
    // `void get(const HttpRequestPtr &req, std::function<…> &&callback, std::string id)`.
    if (handler) return 'remote';
    if (
      fn.params.some((p) => p.index < param.index && /\bHttpRequestPtr\b/.test(p.type ?? '')) &&
      fn.params.some((p) => p.index < param.index && (p.type ?? '').includes('function') && (p.type ?? '').includes('HttpResponsePtr'))
    )
      return 'remote';
    return 'param';
  }
  return null;
}

/** Declared external readers fill argument i with local or remote input (see helpers.ts `readerPaths`). */
function readerOutSources(): OutSourceSpec[] {
  const out: OutSourceSpec[] = [];
  for (let i = 0; i < READER_ARGS; i++) {
    out.push({ callee: [`${READER_ROOT}.L.${i}`], arg: i, strength: 'local' }, { callee: [`${READER_ROOT}.R.${i}`], arg: i, strength: 'remote' });
  }
  return out;
}

function propagators(language: 'c' | 'cpp'): PropagatorSpec[] {
  // Library copies (strcpy, sprintf, sscanf, …) are in the models; these are the file's own.
  const out: PropagatorSpec[] = [{ callee: ['strdup_into'], to: 0, from: [1] }];
  if (language === 'cpp') {
    // `oss << "id=" << id`: the adapter's `<<(oss, …)` call appends to the stream.
    out.push({ callee: ['<<'], to: 0, from: [1], rest: true, update: true, builds: true });
  }
  return out;
}

/**
 * C++ code calls the C library through `<cstdio>`/`<cstring>`/`<cstdlib>` as `std::fread`,
 * `std::strtoul`, `std::memcmp` just as often as unqualified: name both (plain names with no dot only).
 */
function withStd(language: 'c' | 'cpp', names: readonly string[]): string[] {
  if (language !== 'cpp') return [...names];
  const out = [...names];
  for (const n of names) if (!n.includes('.') && !n.includes('*') && !names.includes(`std.${n}`)) out.push(`std.${n}`);
  return out;
}

/** Methods that measure or search and so return a number, whatever their receiver (`s.size()`, `in.tellg()`). */
const NUMERIC_METHODS = ['*.size', '*.length', '*.count', '*.find', '*.rfind', '*.tellg', '*.gcount'];

/** What C and C++ code reads from outside, how data moves through out-parameters, and what makes it safe. */
export function cFamilyProfile(language: 'c' | 'cpp'): LanguageProfile {
  return {
    adapter: cAdapter(language),
    // Library sources, copies and sanitizers are in models/c and models/cpp; what the file's own helpers
    // copy and return is the engine's function summaries. These are the helpers that read input
    // themselves (helpers.ts) and the undeclared argv of an excerpt.
    sources: [
      { strength: 'local', paths: [`${HELPER_ROOT}.L`, UNDECLARED_ARGV] },
      { strength: 'remote', paths: [`${HELPER_ROOT}.R`] },
    ],
    outSources: readerOutSources(),
    propagators: propagators(language),
    sanitizers: [
      { callee: NUMERIC_METHODS, classes: NOT_MEMORY },
      // How much of a reader's input is left: no more than was received, whatever the peer sent.
      { callee: ['*.remaining', '*.bytes_available', '*.bytesAvailable'], classes: 'all' },
      // The file's own checking helpers that hand back what passed (`safeId(id)`, `sanitize_filename(n)`).
      { callee: [`${CHECKED_ROOT}.*`], classes: NOT_MEMORY },
      // The usual names of a program's own escaping helpers.
      { callee: ['escape_sql', 'sql_escape'], classes: ['sql'] },
      { callee: ['shell_quote', 'shell_escape', 'escape_shell_arg', 'quote_shell_arg', 'shellescape'], classes: ['command'] },
      {
        callee: [
          'html_escape',
          'escape_html',
          'xml_escape',
          'htmlEscape',
          'escapeHtml',
          'HtmlEscape',
          'EscapeHtml',
          'htmlspecialchars',
          'xmlEscape',
          'escapeXml',
          'html_encode',
          'htmlEncode',
          'escape_xml',
        ],
        classes: ['xss', 'xpath'],
      },
      { callee: ['url_encode', 'urlEncode'], classes: ['xss', 'redirect', 'header', 'command', 'path'] },
    ],
    paramTaint,
    mutators: language === 'cpp' ? ['append', 'push_back', 'insert', 'assign', 'emplace_back', 'add', 'write', 'sputn', 'operator+='] : [],
    cleanCalls: withStd(language, [
      'strcmp',
      'strncmp',
      'strcasecmp',
      'strncasecmp',
      'memcmp',
      'wcscmp',
      'wcsncmp',
      '_stricmp',
      '_strnicmp',
      'stricmp',
      'strcoll',
      'strspn',
      'strcspn',
      'isalnum',
      'isalpha',
      'isdigit',
      'isxdigit',
      'isspace',
      'isupper',
      'islower',
      'isprint',
      'ispunct',
      'iscntrl',
      'isgraph',
      'access',
      'stat',
      'lstat',
      'fstat',
      'fclose',
      'close',
      'free',
      'time',
      'clock',
      'getpid',
      'getuid',
      'geteuid',
      'fork',
      'feof',
      'ferror',
      'fileno',
      'socket',
      'bind',
      'listen',
      'accept',
      'connect',
      'send',
      'sendto',
      'write',
      'fwrite',
      'printf',
      'fprintf',
      'puts',
      'fputs',
      'putchar',
      'perror',
      'regcomp',
      'regexec',
      'fnmatch',
      'sqlite3_open',
      'sqlite3_open_v2',
      'sqlite3_close',
      'sqlite3_step',
      'sqlite3_finalize',
      'sqlite3_bind_text',
      'sqlite3_bind_int',
      'sqlite3_errmsg',
      'sqlite3_changes',
      'mysql_init',
      'mysql_close',
      'mysql_errno',
      'PQstatus',
      'PQresultStatus',
      'PQclear',
      'malloc',
      'calloc',
      'alloca',
      'fopen',
      'open',
      'opendir',
      'popen',
      'pclose',
      'system',
      'rand',
      'random',
      'srand',
      'memset',
      'bzero',
      'explicit_bzero',
      'fflush',
      'sleep',
      'usleep',
      'wait',
      'waitpid',
      'kill',
      'signal',
      'setsockopt',
      'getsockopt',
      'shutdown',
      'unlink',
      'remove',
      'chmod',
      'chown',
      'mkdir',
      'rmdir',
      'rename',
      'empty',
      'compare',
      'starts_with',
      'ends_with',
      'contains',
      'good',
      'fail',
      'eof',
      'is_open',
      'isatty',
      'setvbuf',
      'assert',
      'read',
      '_read',
      'pread',
      'recv',
      'recvfrom',
      'fread',
      'SSL_read',
      'BIO_read',
      'readlink',
      'strerror',
      'SSL_get_error',
      'SSL_connect',
      'SSL_accept',
      'SSL_write',
      'EVP_DigestUpdate',
      'MD5_Update',
      'SHA1_Update',
      // A record of the system's account database: `getpwnam(login)->pw_dir` is the administrator's data, not the name looked up.
      'getpwnam',
      'getpwuid',
      'getpwnam_r',
      'getpwuid_r',
      'getgrnam',
      'getgrgid',
      'getspnam',
      'getpwent',
      'getgrent',
      'has_param',
      'has_header',
      'has_file',
      'is_regular_file',
      'is_directory',
      'exists',
    ]),
    validators: [
      // Library predicates are in the models; these are method names of string and range checks, and the usual names of a program's own.
      'find',
      'find_first_of',
      'find_first_not_of',
      'starts_with',
      'ends_with',
      'compare',
      'count',
      'contains',
      'all_of',
      'none_of',
      'any_of',
      'path_ok',
      'name_ok',
      'is_safe_path',
      'is_safe_name',
      'safe_path',
      // Containment checks of a resolved path against a base directory.
      'isInside',
      'is_inside',
      'isWithin',
      'is_within',
      'isUnder',
      'is_under',
      'isSubpath',
      'is_subpath',
      'isSubPath',
      'insideRoot',
      'inside_root',
      'withinRoot',
      'within_root',
      'isContained',
      'is_contained',
      'path_is_under',
      'pathIsUnder',
      'isPathInside',
      'is_path_inside',
      'under_root',
      'underRoot',
    ],
    exits: [
      'exit',
      '_exit',
      '_Exit',
      'abort',
      'quick_exit',
      'longjmp',
      'siglongjmp',
      'err',
      'errx',
      'verr',
      'verrx',
      'pthread_exit',
      'ExitProcess',
      'ExitThread',
      'std.exit',
      'std.abort',
      'std.terminate',
      'std.quick_exit',
      'die',
      'fatal',
      'panic',
      'fatal_error',
      'g_error',
      'BUG',
      'croak',
    ],
    heuristics: cHeuristics,
    formatters: [
      'sprintf',
      'snprintf',
      'asprintf',
      'vasprintf',
      'sqlite3_mprintf',
      'sqlite3_vmprintf',
      'g_strdup_printf',
      'std.format',
      'fmt.format',
      'absl.StrCat',
      'absl.StrFormat',
      'StrCat',
      'StrFormat',
      '*.arg',
      'boost.str',
      'format',
      'std.vformat',
      'fmt.vformat',
    ],
  };
}

/** What C code reads from outside, and what makes it safe. */
export const cProfile: LanguageProfile | null = cFamilyProfile('c');
