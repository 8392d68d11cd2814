import type { FunctionView, ParamView } from '../../engine/adapter.ts';
import type { LanguageProfile } from '../../engine/profile.ts';
import type { Strength } from '../../rule.ts';
import { BIND_INTO_ARG0, goAdapter } from './adapter.ts';
import { goHeuristics } from './heuristics.ts';

/** Types that never carry string data. */
const NON_DATA_BUILTIN = /^(?:u?int(?:8|16|32|64)?|uintptr|float(?:32|64)|complex(?:64|128)|bool|byte|rune|error|struct\{\}|time\.\w+|context\.Context)$/;
/** Packages whose types are infrastructure (handles, clients, loggers), not data. */
const INFRA_PACKAGES = new Set([
  'sql', 'sqlx', 'gorm', 'pgx', 'pgxpool', 'pgconn', 'mongo', 'options', 'redis', 'http', 'context', 'log', 'slog', 'zap',
  'logrus', 'zerolog', 'sync', 'atomic', 'time', 'io', 'os', 'bufio', 'tls', 'x509', 'rsa', 'ecdsa', 'ed25519', 'template',
  'texttemplate', 'testing', 'regexp', 'json', 'xml', 'grpc', 'metadata', 'prometheus', 'otel', 'trace', 'metric', 'cobra',
  'viper', 'echo', 'gin', 'fiber', 'mux', 'chi', 'jwt', 'uuid', 'decimal', 'big', 'net', 'exec', 'ldap', 'smtp', 'kafka',
  'sarama', 'amqp', 'nats', 's3', 'dynamodb', 'aws', 'session', 'sessions', 'cache', 'bolt', 'badger', 'sqlite3', 'pq',
  'mysql', 'httptest', 'cipher', 'hash', 'fs', 'embed', 'errgroup', 'rate', 'zip', 'tar', 'gzip', 'afero', 'storage',
]);
/** Types from infrastructure packages that still carry request-shaped data. */
const DATA_TYPES = /^(?:url\.(?:Values|URL)|http\.(?:Header|Cookie)|multipart\.(?:FileHeader|Form|File)|json\.RawMessage)$/;
/** Parameter names that hold framework objects, never data. */
const FRAMEWORK_NAMES = new Set([
  'ctx', 'w', 'rw', 'db', 'tx', 'conn', 'logger', 'log', 'lg', 'client', 'cfg', 'config', 'conf', 'opts', 'options', 'settings',
  'deps', 'svc', 'service', 'repo', 'store', 'srv', 'server', 'app', 'router', 'mux', 'mu', 'wg', 'pool', 'cache', 'tmpl',
  'tpl', 'templates', 't', 'tb', 'm', 'next', 'handler', 'h', 'mw', 'dialect', 'engine', 'e', 'g', 'group', 'rdb',
]);

function baseType(type: string): string {
  return type.trim().replace(/^(?:\.\.\.|\*|\[\d*\])+/, '');
}

/**
 * Request objects are recognised by their declared parameter type, whatever their name, through the
 * models' handler shapes (`r *http.Request`, `c *gin.Context`, … in models/go). What stays here is what
 * a handler shape cannot say: gRPC service methods, cobra's `args`, and the fallback for every other
 * parameter by its type.
 */
function paramTaint(fn: FunctionView, param: ParamView): Strength | null {
  const type = param.type?.trim() ?? '';
  // gRPC service methods: (ctx context.Context, req *pb.GetUserRequest).
  if (fn.className && param.index === 1 && fn.params[0]?.type === 'context.Context' && /^\*\w+\.\w+(?:Request|Req)$/.test(type)) return 'remote';
  // cobra: Run: func(cmd *cobra.Command, args []string).
  if (type === '[]string' && fn.params.some((p) => p.type === '*cobra.Command')) return 'local';
  if (FRAMEWORK_NAMES.has(param.name)) return null;
  if (type === '' || type === '[]byte' || type === '...byte') return 'param';
  if (type.startsWith('func') || type.startsWith('chan') || type.startsWith('<-chan')) return null;
  if (type.startsWith('map[')) return 'param';
  const base = baseType(type);
  if (NON_DATA_BUILTIN.test(base)) return null;
  if (DATA_TYPES.test(base)) return 'param';
  const dot = base.indexOf('.');
  if (dot > 0 && INFRA_PACKAGES.has(base.slice(0, dot))) return null;
  return 'param';
}

/** What Go code reads from outside, and what makes it safe: the sources, sinks and sanitizers are data (models/go/*.ts). */
export const goProfile: LanguageProfile | null = {
  adapter: goAdapter,
  sources: [],
  outSources: [],
  sanitizers: [],
  paramTaint,
  mutators: ['WriteString', 'WriteByte', 'WriteRune', 'Write', 'Set', 'Add', 'Store', 'PushBack', 'PushFront', 'Push'],
  cleanCalls: [
    // Request reads that carry no request data.
    'Context', 'UserContext', 'WithContext', 'Done', 'Err', 'Error', 'Deadline', 'ParseForm', 'ParseMultipartForm', 'MustGet',
    'GetInt', 'GetInt64', 'GetUint', 'GetUint64', 'GetBool', 'GetFloat64', 'GetDuration', 'GetTime', 'GetString', 'IsAborted',
    'Written', 'FullPath', 'Logger', 'Locals', 'Abort', 'AbortWithStatus', 'AbortWithStatusJSON', 'AbortWithError',
    'JSON', 'IndentedJSON', 'SecureJSON', 'XML', 'YAML', 'NoContent', 'SendStatus', 'Status', 'Render',
    // Decoding calls return an error; the data goes into their out-argument (see the adapter).
    ...BIND_INTO_ARG0, 'Unmarshal', 'UnmarshalExtJSON', 'UnmarshalFromString', 'UnmarshalString', 'DecodeJSON', 'DecodeXML', 'DecodeForm', 'WeakDecode', 'Scan',
    // Values that cannot carry a string.
    'len', 'cap', 'new', 'make', 'Len', 'Count', 'Size', 'Unix', 'UnixNano', 'UnixMilli', 'Now', 'Since', 'Sum', 'Sum256',
    'Sum512', 'Sum224', 'Sum384', 'Sum64', 'Sum32', 'Compare', 'CompareHashAndPassword', 'GenerateFromPassword', 'Equal',
    'EqualFold', 'HasPrefix', 'HasSuffix', 'Contains', 'ContainsAny', 'ContainsRune', 'Index', 'IndexByte', 'LastIndex',
    'IsAbs', 'IsLocal', 'MatchString', 'Match', 'Valid', 'ValidString', 'Close', 'Wait', 'StatusCode',
    'RowsAffected', 'LastInsertId', 'Nanoseconds', 'Seconds', 'Milliseconds',
  ],
  validators: [
    'HasPrefix', 'HasSuffix', 'Contains', 'ContainsAny', 'ContainsRune', 'ContainsFunc', 'MatchString', 'Match', 'IsLocal',
    'EqualFold', 'Valid', 'ValidString', 'IsValid', 'IsAlnum', 'IsAlphanumeric', 'IsNumeric', 'IsEmail', 'IsUUID', 'Validate',
    // Hand-written helpers real services use for allow-lists and character checks.
    'contains', 'stringInSlice', 'inSlice', 'inList', 'isIn', 'includes', 'isAlphanumeric', 'isAlphaNumeric', 'isAlnum',
    'isNumeric', 'isDigits', 'isDigit', 'isAlpha', 'isHex', 'isUUID', 'isEmail', 'IsDigit', 'IsLetter',
  ],
  exits: [
    'panic',
    'log.{Fatal,Fatalf,Fatalln,Panic,Panicf,Panicln}',
    'os.Exit',
    'runtime.Goexit',
    '*.{Fatal,Fatalf,Fatalln,Panic,Panicf,Panicln,FailNow}',
  ],
  heuristics: goHeuristics,
  formatters: ['fmt.{Sprintf,Sprint,Sprintln,Errorf,Appendf,Fprintf}', 'strings.{Join,Replace,ReplaceAll}', 'bytes.{Join,Replace,ReplaceAll}'],
};
