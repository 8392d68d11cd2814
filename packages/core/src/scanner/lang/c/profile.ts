import type { FunctionView, ParamView } from '../../engine/adapter.ts';
import type { LanguageProfile, OutSourceSpec, PropagatorSpec } from '../../engine/profile.ts';
import { VULN_CLASSES, type Strength, type VulnClass } from '../../rule.ts';
import { cAdapter } from './adapter.ts';
import { isIntegerType } from './syntax.ts';

/**
 * Every class but memory safety: a number parsed from input (`atoi(argv[1])`, `strlen(s)`,
 * `ntohl(hdr.len)`) cannot inject a command or a query, but as an index or a size it is exactly
 * what the buffer rules look for.
 */
export const NOT_MEMORY: readonly VulnClass[] = VULN_CLASSES.filter((c) => c !== 'memory');

const MAIN_NAMES = new Set(['main', 'wmain', '_tmain', 'WinMain', 'wWinMain', '_tWinMain']);
const STRING_PARAM = /\b(?:char|wchar_t|TCHAR|gchar|char8_t|WCHAR|CHAR)\s*(?:const\s*)?(?:\*|\[\])|\b(?:std::)?(?:w|u8|u16|u32)?string(?:_view)?\b|\b(?:LPC?W?STR|LPC?TSTR|PC?W?STR|BSTR|QString|CString|QByteArray)\b/;

/**
 * `main`'s argv (and envp, WinMain's command line) is local input; a string parameter of any other
 * function has unknown origin ('param'); numbers, handles and structs carry nothing.
 */
function paramTaint(fn: FunctionView, param: ParamView): Strength | null {
  const type = param.type ?? '';
  if (fn.name && MAIN_NAMES.has(fn.name)) {
    if (fn.name.includes('WinMain')) return param.index === 2 ? 'local' : null;
    return param.index >= 1 && /\*|\[\]/.test(type) ? 'local' : null;
  }
  // argv handed on to a parser: `parse_args(int argc, char **argv)`.
  if ((param.name === 'argv' || param.name === 'envp') && /char/.test(type)) return 'local';
  if (isIntegerType(type.replace(/\s*&$/, ''))) return null;
  if (STRING_PARAM.test(type)) return 'param';
  return null;
}

const STDIN_READERS = ['gets', '_getws', 'gets_s', 'fgets', 'fgetws', 'fgets_unlocked', 'getline', 'getdelim', 'fread', 'fread_unlocked', 'getwline'];
const NET_READERS: [string, number][] = [
  ['recv', 1],
  ['recvfrom', 1],
  ['SSL_read', 1],
  ['SSL_read_ex', 1],
  ['SSL_peek', 1],
  ['BIO_read', 1],
  ['BIO_gets', 1],
  ['mbedtls_ssl_read', 1],
  ['wolfSSL_read', 1],
  ['gnutls_record_recv', 1],
  ['InternetReadFile', 1],
  ['WinHttpReadData', 1],
];

function outSources(language: 'c' | 'cpp'): OutSourceSpec[] {
  const out: OutSourceSpec[] = [];
  // C's getline(&line, &n, fp) fills line; C++'s std::getline(in, s) fills s (below).
  for (const name of STDIN_READERS) out.push({ callee: [name], arg: 0, strength: 'local' });
  for (const name of ['read', '_read', 'pread', 'pread64', 'readlink']) out.push({ callee: [name], arg: 1, strength: 'local' });
  for (const [name, arg] of NET_READERS) out.push({ callee: [name], arg, strength: 'remote' });
  out.push({ callee: ['GetEnvironmentVariable', 'GetEnvironmentVariableA', 'GetEnvironmentVariableW'], arg: 1, strength: 'local' });
  // scanf("%d %s", &n, name): every argument after the format is written from stdin / the file.
  for (let i = 1; i <= 10; i++) out.push({ callee: ['scanf', 'scanf_s', 'wscanf', 'vscanf'], arg: i, strength: 'local' });
  for (let i = 2; i <= 11; i++) out.push({ callee: ['fscanf', 'fscanf_s', 'fwscanf'], arg: i, strength: 'local' });
  if (language === 'cpp') {
    // std::getline(in, line): a line of a file, of stdin, of a socket stream: input either way.
    out.push({ callee: ['std.getline', 'getline'], arg: 1, strength: 'local' });
    out.push({ callee: ['{std.cin,cin,std.wcin,wcin}.{getline,get,read}'], arg: 0, strength: 'local' });
    out.push({ callee: ['*.{getline,read,readsome}'], arg: 0, strength: 'local' });
    out.push({ callee: ['*.read_some', 'boost.asio.read', 'asio.read', '*.receive', '*.receive_from'], arg: 0, strength: 'remote' });
  }
  return out;
}

function propagators(language: 'c' | 'cpp'): PropagatorSpec[] {
  const out: PropagatorSpec[] = [
    { callee: ['strcpy', 'strncpy', 'wcscpy', 'wcsncpy', 'lstrcpy', 'lstrcpyA', 'lstrcpyW', 'lstrcpyn', 'lstrcpynA', 'lstrcpynW', '_mbscpy', '_tcscpy', 'StrCpy', 'StrCpyN', 'stpcpy', 'stpncpy', 'strlcpy', 'wcslcpy', 'strcpy_s', 'strncpy_s', 'wcscpy_s', 'memcpy', 'memmove', 'wmemcpy', 'wmemmove', 'memccpy', 'CopyMemory', 'RtlCopyMemory', 'MoveMemory', 'memcpy_s', 'memmove_s', 'strdup_into', 'std.memcpy', 'std.strcpy', 'std.strncpy', 'std.memmove'], to: 0, from: [1] },
    { callee: ['bcopy'], to: 1, from: [0] },
    { callee: ['strcat', 'strncat', 'wcscat', 'wcsncat', 'lstrcat', 'lstrcatA', 'lstrcatW', '_mbscat', '_tcscat', 'StrCat', 'StrCatBuff', 'strlcat', 'wcslcat', 'strcat_s', 'strncat_s', 'wcscat_s', 'std.strcat', 'std.strncat'], to: 0, from: [1], update: true },
    { callee: ['sprintf', 'vsprintf', 'wsprintf', 'wsprintfA', 'wsprintfW', 'asprintf', 'vasprintf', 'std.sprintf'], to: 0, from: [1], rest: true, builds: true },
    { callee: ['snprintf', 'vsnprintf', '_snprintf', '_vsnprintf', 'swprintf', 'vswprintf', 'sprintf_s', 'vsprintf_s', 'StringCchPrintf', 'StringCchPrintfA', 'StringCchPrintfW', 'StringCbPrintf', 'g_snprintf', 'std.snprintf'], to: 0, from: [2], rest: true, builds: true },
    { callee: ['sqlite3_snprintf'], to: 1, from: [2], rest: true, builds: true },
    { callee: ['realpath', 'canonicalize_file_name'], to: 1, from: [0] },
    { callee: ['_fullpath'], to: 0, from: [1] },
  ];
  // sscanf(line, "%d %63s", &n, name) parses line into its outputs.
  for (let i = 2; i <= 11; i++) out.push({ callee: ['sscanf', 'sscanf_s', 'swscanf', 'vsscanf', 'std.sscanf'], to: i, from: [0] });
  if (language === 'cpp') {
    // `oss << "id=" << id`: the adapter's `<<(oss, …)` call appends to the stream.
    out.push({ callee: ['<<'], to: 0, from: [1], rest: true, update: true, builds: true });
  }
  return out;
}

const NUMERIC = [
  'atoi', 'atol', 'atoll', 'atof', 'strtol', 'strtoul', 'strtoll', 'strtoull', 'strtod', 'strtof', 'strtold', 'strtoimax', 'strtoumax',
  'wcstol', 'wcstoul', 'wcstoll', 'wcstoull', '_wtoi', '_wtol', '_atoi64', '_ttoi', 'strtonum', 'std.stoi', 'std.stol', 'std.stoul', 'std.stoll',
  'std.stoull', 'std.stof', 'std.stod', 'stoi', 'stol', 'stoul', 'stoll', 'stoull', 'stof', 'stod', 'strlen', 'wcslen', 'strnlen', 'wcsnlen', '_tcslen',
  'ntohl', 'ntohs', 'htonl', 'htons', 'be32toh', 'be16toh', 'le32toh', 'le16toh', 'be64toh', 'le64toh', 'inet_addr', 'abs', 'labs', 'llabs',
  'std.to_string', 'to_string', 'std.hash', 'std.size', '*.size', '*.length', '*.count', '*.find', '*.rfind', '*.tellg', '*.gcount',
];

/** What C and C++ code reads from outside, how data moves through out-parameters, and what makes it safe. */
export function cFamilyProfile(language: 'c' | 'cpp'): LanguageProfile {
  return {
    adapter: cAdapter(language),
    sources: [
      {
        strength: 'local',
        paths: [
          'getenv()', 'secure_getenv()', '__secure_getenv()', '_wgetenv()', '_tgetenv()', 'std.getenv()', 'g_getenv()',
          'getchar()', 'fgetc()', 'getc()', 'getwchar()', 'fgetwc()', 'getc_unlocked()', 'getchar_unlocked()', '_getch()', '_getche()', 'getch()',
          'readline()', 'getpass()', 'GetCommandLine()', 'GetCommandLineA()', 'GetCommandLineW()', 'CommandLineToArgvW()',
          'optarg', 'environ', '_environ', 'std.cin', 'cin', 'std.wcin', 'wcin', '__argv', '__wargv',
        ],
      },
    ],
    outSources: outSources(language),
    propagators: propagators(language),
    sanitizers: [
      { callee: NUMERIC, classes: NOT_MEMORY },
      { callee: ['basename', '__xpg_basename', 'g_path_get_basename', 'PathFindFileName', 'PathFindFileNameA', 'PathStripPath', '*.filename'], classes: ['path', 'command'] },
      {
        callee: ['PQescapeLiteral', 'PQescapeIdentifier', 'PQescapeString', 'mysql_escape_string', 'sqlite3_escape', 'escape_sql', '*.quote', '*.esc', '*.quote_name', '*.escape', 'mysqlpp.quote', 'sql_escape'],
        classes: ['sql'],
      },
      { callee: ['g_shell_quote', 'shell_quote', 'shell_escape', 'escape_shell_arg', 'quote_shell_arg', 'shellescape'], classes: ['command'] },
      { callee: ['g_markup_escape_text', 'html_escape', 'escape_html', 'xml_escape'], classes: ['xss', 'xpath'] },
    ],
    paramTaint,
    mutators: language === 'cpp' ? ['append', 'push_back', 'insert', 'assign', 'emplace_back', 'add', 'write', 'sputn', 'operator+='] : [],
    cleanCalls: [
      'strcmp', 'strncmp', 'strcasecmp', 'strncasecmp', 'memcmp', 'wcscmp', 'wcsncmp', '_stricmp', '_strnicmp', 'stricmp', 'strcoll',
      'strspn', 'strcspn', 'isalnum', 'isalpha', 'isdigit', 'isxdigit', 'isspace', 'isupper', 'islower', 'isprint', 'ispunct', 'iscntrl', 'isgraph',
      'access', 'stat', 'lstat', 'fstat', 'fclose', 'close', 'free', 'time', 'clock', 'getpid', 'getuid', 'geteuid', 'fork', 'feof', 'ferror', 'fileno',
      'socket', 'bind', 'listen', 'accept', 'connect', 'send', 'sendto', 'write', 'fwrite', 'printf', 'fprintf', 'puts', 'fputs', 'putchar', 'perror',
      'regcomp', 'regexec', 'fnmatch', 'sqlite3_open', 'sqlite3_open_v2', 'sqlite3_close', 'sqlite3_step', 'sqlite3_finalize', 'sqlite3_bind_text',
      'sqlite3_bind_int', 'sqlite3_errmsg', 'sqlite3_changes', 'mysql_init', 'mysql_close', 'mysql_errno', 'PQstatus', 'PQresultStatus', 'PQclear',
      'malloc', 'calloc', 'alloca', 'fopen', 'open', 'opendir', 'popen', 'pclose', 'system', 'rand', 'random', 'srand', 'memset', 'bzero',
      'explicit_bzero', 'fflush', 'sleep', 'usleep', 'wait', 'waitpid', 'kill', 'signal', 'setsockopt', 'getsockopt', 'shutdown', 'unlink', 'remove',
      'chmod', 'chown', 'mkdir', 'rmdir', 'rename', 'empty', 'compare', 'starts_with', 'ends_with', 'contains', 'good', 'fail', 'eof', 'is_open',
      'isatty', 'setvbuf', 'assert', 'read', '_read', 'pread', 'recv', 'recvfrom', 'fread', 'SSL_read', 'BIO_read', 'readlink', 'strerror', 'SSL_get_error', 'SSL_connect', 'SSL_accept', 'SSL_write', 'EVP_DigestUpdate', 'MD5_Update', 'SHA1_Update',
    ],
    validators: [
      'strcmp', 'strncmp', 'strcasecmp', 'strncasecmp', 'wcscmp', '_stricmp', 'strstr', 'strchr', 'strrchr', 'strpbrk', 'strspn', 'strcspn', 'wcsstr',
      'wcschr', 'isalnum', 'isalpha', 'isdigit', 'isxdigit', 'regexec', 'fnmatch', 'find', 'find_first_of', 'find_first_not_of', 'starts_with',
      'ends_with', 'compare', 'count', 'contains', 'path_ok', 'name_ok', 'is_safe_path', 'is_safe_name', 'safe_path', 'regex_match', 'regex_search', 'all_of', 'none_of', 'any_of', 'g_regex_match', 'pcre_exec', 'pcre2_match',
    ],
    exits: ['exit', '_exit', '_Exit', 'abort', 'quick_exit', 'longjmp', 'siglongjmp', 'err', 'errx', 'verr', 'verrx', 'pthread_exit', 'ExitProcess', 'ExitThread', 'std.exit', 'std.abort', 'std.terminate', 'std.quick_exit', 'die', 'fatal', 'panic', 'fatal_error', 'g_error', 'BUG', 'croak'],
    formatters: ['sprintf', 'snprintf', 'asprintf', 'vasprintf', 'sqlite3_mprintf', 'sqlite3_vmprintf', 'g_strdup_printf', 'std.format', 'fmt.format', 'absl.StrCat', 'absl.StrFormat', 'StrCat', 'StrFormat', '*.arg', 'boost.str', 'format', 'std.vformat', 'fmt.vformat'],
  };
}

/** What C code reads from outside, and what makes it safe. */
export const cProfile: LanguageProfile | null = cFamilyProfile('c');
