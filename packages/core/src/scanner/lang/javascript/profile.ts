import type { LanguageId } from '../../languages.ts';
import type { LanguageProfile } from '../../engine/profile.ts';
import type { FunctionView, ParamView } from '../../engine/adapter.ts';
import type { Strength } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { javascriptAdapter } from './adapter.ts';
import { javascriptHeuristics } from './heuristics.ts';

/** Names that hold framework objects, not data: never treat them as unknown-origin parameters. */
const FRAMEWORK_PARAMS = new Set([
  'req',
  'res',
  'next',
  'ctx',
  'request',
  'response',
  'reply',
  'h',
  'err',
  'error',
  'e',
  'cb',
  'callback',
  'done',
  'app',
  'router',
  'server',
  'db',
  'conn',
  'connection',
  'client',
  'pool',
  'knex',
  'prisma',
  'logger',
  'log',
  'resolve',
  'reject',
  'fastify',
  'io',
  'socket',
  't',
  'i',
  'j',
  'index',
  'idx',
  'ack',
  'context',
  'event',
  'evt',
  'ev',
  'self',
  'that',
  'window',
  'document',
  'props',
  'state',
  'dispatch',
  'ws',
  'trx',
  'tx',
  'transaction',
  'session',
  'manager',
  'em',
  'repo',
  'repository',
  'model',
  'schema',
  'sequelize',
  'mongoose',
]);
const NON_STRING_TYPE = /^(?:number|boolean|bigint|Date|void|never|undefined|null|number\s{0,8}\|\s{0,8}undefined|boolean\s{0,8}\|\s{0,8}undefined)$|^(?:number|boolean)\[\]$/;

/** NestJS (and routing-controllers / type-graphql) parameter decorators that inject request data. */
const REQUEST_DECORATOR =
  /^@(?:Query|Param|Params|Body|Headers|Header|HeaderParam|QueryParam|QueryParams|BodyParam|CookieParam|Cookies|Args|Arg|UploadedFile|UploadedFiles|Payload|MessageBody|HostParam)\b/;
/** Pipes that turn the value into a number, boolean or validated UUID/enum. */
const PARSING_PIPE = /\bParse(?:Int|Float|Bool|UUID|Enum)Pipe\b/;
/** Events of a socket that carry no peer data. */
const LIFECYCLE_EVENTS = new Set([
  'connection',
  'connect',
  'disconnect',
  'disconnecting',
  'close',
  'open',
  'error',
  'end',
  'listening',
  'upgrade',
  'drain',
  'timeout',
  'finish',
  'ready',
]);
const SOCKET_RECEIVER = /(?:^|\.)(?:socket|sock|client|ws|websocket|wss|conn|connection|peer|channel)$/i;
const READLINE_RECEIVER = /(?:^|\.)(?:rl|readline|reader|lineReader|iface|cli|input|terminal|prompter)$/i;

function firstArgText(fn: FunctionView): string | null {
  const first = fn.passedTo?.args.find((a) => a.index === 0)?.node;
  if (!first || first.type !== 'string') return null;
  return first.text.slice(1, -1);
}

function receiverText(fn: FunctionView): string {
  return fn.passedTo?.receiver?.text ?? '';
}

/** `'use server'` at the top of the file or of the function: Next.js server actions are called with client data. */
const serverActionCache = new WeakMap<SyntaxNode, boolean>();
function isServerAction(fn: FunctionView): boolean {
  const body = fn.body;
  const directive = (block: SyntaxNode | null | undefined): boolean => {
    const first = block?.namedChildren.find((c) => c.type !== 'comment');
    return first?.type === 'expression_statement' && /^['"]use server['"];?$/.test(first.text);
  };
  if (body?.type === 'statement_block' && directive(body)) return true;
  let root: SyntaxNode = fn.node;
  while (root.parent) root = root.parent;
  let hit = serverActionCache.get(root);
  if (hit === undefined) {
    hit = directive(root);
    serverActionCache.set(root, hit);
  }
  if (!hit) return false;
  // Only exported functions are server actions.
  for (let p = fn.node.parent; p; p = p.parent) if (p.type === 'export_statement') return true;
  return false;
}

/** A GraphQL resolver `(parent, args, context, info)` written as a method of a resolver map. */
function isResolverArgs(fn: FunctionView, param: ParamView): boolean {
  if (param.index !== 1 || fn.params.length < 2) return false;
  const first = fn.params[0]?.name ?? '';
  if (!/^_*(?:parent|root|obj|source|src|p)?$/.test(first)) return false;
  const holder = fn.node.type === 'method_definition' ? fn.node.parent : fn.node.parent?.type === 'pair' ? fn.node.parent.parent : null;
  return holder !== null && holder !== undefined && (holder.type === 'object' || fn.node.parent?.type === 'pair');
}

function paramTaint(fn: FunctionView, param: ParamView): Strength | null {
  if (param.type && NON_STRING_TYPE.test(param.type.trim())) return null;
  // NestJS / routing-controllers: `@Query('q') q: string`, `@Body() dto: CreateUserDto`.
  for (const a of param.annotations) {
    if (REQUEST_DECORATOR.test(a)) return PARSING_PIPE.test(a) ? null : 'remote';
    if (/^@/.test(a)) return null; // @Req(), @Res(), @Session(), @Inject(…): framework objects
  }
  // Next.js app router pages and generateMetadata: `({ params, searchParams })`.
  if (param.name === 'searchParams' && param.index === 0) return 'remote';
  if (param.name === 'params' && param.index === 0 && (fn.name === 'generateMetadata' || /Page$/.test(fn.name ?? '') || fn.node.parent?.type === 'export_statement')) {
    return 'remote';
  }
  if (isServerAction(fn) && !/^(?:prevState|state|_prev|previousState)$/.test(param.name)) return 'remote';
  const passed = fn.passedTo;
  if (passed) {
    const event = firstArgText(fn);
    // window.addEventListener('message', (event) => …): postMessage data from any origin.
    if (passed.name === 'addEventListener' && event === 'message' && param.index === 0) return 'remote';
    // socket.io / ws: socket.on('chat', (msg, ack) => …), ws.on('message', (data) => …).
    if ((passed.name === 'on' || passed.name === 'once' || passed.name === 'addListener') && event !== null) {
      const recv = receiverText(fn);
      if (/^(?:req|request)$/.test(recv) && event === 'data' && param.index === 0) return 'remote';
      if (SOCKET_RECEIVER.test(recv) && !LIFECYCLE_EVENTS.has(event) && !/^(?:ack|cb|callback|done|fn|respond|reply)$/.test(param.name)) return 'remote';
      if ((READLINE_RECEIVER.test(recv) && event === 'line') || (/process\.stdin$/.test(recv) && event === 'data')) return 'local';
    }
    // Archive entries (unzipper `.on('entry', entry => …)`, tar-stream `.on('entry', (header, stream) => …)`): names chosen by the archive's author.
    if (passed.name === 'on' && event === 'entry' && param.index === 0) return 'remote';
    // busboy `bb.on('file', (name, file, info) => …)` / `bb.on('field', (name, value) => …)`: the upload's names and values.
    if (passed.name === 'on' && (event === 'file' || event === 'field') && /busboy|\bbb\b|form|upload/i.test(receiverText(fn))) return 'remote';
  }
  // window.onmessage = (event) => …
  if (param.index === 0 && fn.node.parent?.type === 'assignment_expression' && /(?:^|\.)onmessage$/.test(fn.node.parent.child('left')?.text ?? '')) return 'remote';
  if (isResolverArgs(fn, param)) return 'remote';
  if (FRAMEWORK_PARAMS.has(param.name)) return null;
  return 'param';
}

/** What JavaScript and TypeScript code reads from outside, and what makes it safe. */
export function javascriptProfile(language: LanguageId): LanguageProfile {
  return {
    adapter: javascriptAdapter(language),
    // Sources, sinks and library sanitizers live in models/javascript (one file per library).
    sources: [],
    sanitizers: [
      // Same-file helpers that sanitize or check their argument (named by the adapter, see helperCheck).
      { callee: ['__sanitized_html__'], classes: ['xss', 'xpath'] },
      { callee: ['__checked_path__'], classes: ['path'] },
      { callee: ['__checked_url__'], classes: ['redirect', 'ssrf'] },
      { callee: ['__escaped_ldap__'], classes: ['ldap'] },
      // A helper that lets its arguments through only when they match a plain-name regex (`^[a-z0-9-]{3,40}$`).
      { callee: ['__plain_checked__'], classes: 'all' },
      // `s.replace(/[^a-z0-9_-]/g, '')`: only letters, digits, `_`, `-`, `.` are left (named by the adapter).
      { callee: ['*.__plain_characters__'], classes: 'all' },
    ],
    paramTaint,
    mutators: ['push', 'unshift', 'add', 'set', 'append', 'splice'],
    cleanCalls: [
      'digest',
      'hash',
      'hashSync',
      'compare',
      'compareSync',
      'test',
      'includes',
      'startsWith',
      'endsWith',
      'indexOf',
      'lastIndexOf',
      'has',
      'isArray',
      'isInteger',
      'isNaN',
      'isFinite',
      'isSafeInteger',
      'count',
      'countDocuments',
      'size',
      'getTime',
      'now',
      'random',
      'randomUUID',
      'v4',
      'existsSync',
      'exists',
      'hasOwnProperty',
      'localeCompare',
      'some',
      'every',
      'findIndex',
      'sign',
      'verify',
      'randomBytes',
      'randomInt',
      'getRandomValues',
      'bcrypt',
      'genSalt',
      'genSaltSync',
      // Database lookups and HTTP calls return stored or remote data, not the request's input.
      'findById',
      'findByPk',
      'findOne',
      'findUnique',
      'findFirst',
      'findMany',
      'findAll',
      'findOneBy',
      'findBy',
      'findAndCountAll',
      'findOneAndUpdate',
      'findByIdAndUpdate',
      'findByIdAndDelete',
      'findOneAndDelete',
      'aggregate',
      'fetch',
      'statSync',
      'stat',
      'lstat',
      'emit',
      'status',
      'sendStatus',
      'json',
      'listen',
    ],
    validators: [
      'test',
      'includes',
      'startsWith',
      'endsWith',
      'has',
      'hasOwnProperty',
      'indexOf',
      'isValid',
      'isValidObjectId',
      'isInt',
      'isNumeric',
      'isAlphanumeric',
      'isAlpha',
      'isUUID',
      'isEmail',
      'isURL',
      'isIn',
      'isMongoId',
      'matches',
      'validate',
      'isInteger',
      'isSafeInteger',
      'isFinite',
      'some',
      'every',
      'match',
      'isWhitelisted',
      'isSlug',
      'isHexadecimal',
      'isAllowed',
      'isSafeUrl',
      'isSafe',
      'isRelative',
      'isLocalUrl',
      'isSameOrigin',
      'isValidUrl',
      'isValidPath',
    ],
    exits: ['process.exit', 'exit', 'abort', 'ctx.throw', 'this.throw', 'ctx.assert.fail'],
    formatters: ['util.format', 'format', 'sprintf', 'vsprintf', 'printf', 'String.raw', '*.join', '*.concat', 'util.{format,formatWithOptions}'],
    heuristics: javascriptHeuristics,
  };
}
