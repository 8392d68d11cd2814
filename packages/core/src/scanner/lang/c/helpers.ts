/**
 * Same-file helper functions, summarised before the walk. C code moves input around through small
 * functions of its own far more than through return values: `form_value(qs, "user", user, sizeof
 * user)` copies part of its first argument into its third, `read_exact(fp, &hdr, sizeof hdr)` fills
 * its second argument from a file, `readLE<uint32_t>(in)` returns bytes read from a stream. The
 * memory-safety rules ask this module which of the file's own functions behave like the library
 * calls the models name (strcpy, fread, recv).
 *
 * The summary is computed on the syntax alone, flow-insensitively, per function: which variables
 * may hold data derived from which parameters or from input (origins), propagated through
 * assignments, writes through pointers (`*out = …`, `out[i] = …`, `out->f = …`), pointers into a
 * parameter (`char *o = s; *o++ = c;`), copy calls and other helpers, to a fixed point over the
 * file. It yields, per function:
 * - `copies`: out-parameters written with data from the other arguments;
 * - `reads`: out-parameters filled with input the function reads itself (local or remote);
 * - `returns`: whether the function returns input it read itself.
 * The taint walk takes only one fact from them, which helpers read input themselves (see
 * `inputHelperPaths`); what helpers copy and return it learns from the engine's own function
 * summaries. The memory-safety rules use them through `returnsReadValue` and the second pass below.
 * Calls to input readers the file only declares are presented as out-sources (see `readerPaths`).
 *
 * A second pass finds parameters that callers in the same file feed with input (`parse_line(line)`
 * after `fgets(line, …)`), and parameters that are byte buffers of a decoder (`const uint8_t *buf,
 * size_t len`) or the data of a libcurl write callback: the memory-safety rules treat data read
 * from those as untrusted (see `paramFeed`). Everything here is bounded and cached per tree.
 */
import type { SyntaxNode } from '../../syntax.ts';
import { callArgs, declaratorShape, descendants, functionName, parameterDeclarations, rootOf as treeRoot, structureOf, unwrap } from './syntax.ts';

export type Feed = 'local' | 'remote';

/** Calls that fill an argument with input: position of the argument, and where the data comes from. */
export const INPUT_READERS: Readonly<Record<string, readonly [number, Feed]>> = {
  gets: [0, 'local'],
  _getws: [0, 'local'],
  gets_s: [0, 'local'],
  fgets: [0, 'local'],
  fgetws: [0, 'local'],
  fgets_unlocked: [0, 'local'],
  getline: [0, 'local'],
  getdelim: [0, 'local'],
  fread: [0, 'local'],
  fread_unlocked: [0, 'local'],
  getwline: [0, 'local'],
  read: [1, 'local'],
  _read: [1, 'local'],
  pread: [1, 'local'],
  pread64: [1, 'local'],
  readlink: [1, 'local'],
  recv: [1, 'remote'],
  recvfrom: [1, 'remote'],
  recvmsg: [1, 'remote'],
  SSL_read: [1, 'remote'],
  SSL_read_ex: [1, 'remote'],
  SSL_peek: [1, 'remote'],
  BIO_read: [1, 'remote'],
  BIO_gets: [1, 'remote'],
  mbedtls_ssl_read: [1, 'remote'],
  wolfSSL_read: [1, 'remote'],
  gnutls_record_recv: [1, 'remote'],
  InternetReadFile: [1, 'remote'],
  WinHttpReadData: [1, 'remote'],
};

/** Library calls that copy data from some arguments into another: written position, read positions (`rest`: all others). */
const COPIES: Readonly<Record<string, readonly [number, readonly number[] | 'rest']>> = {
  strcpy: [0, [1]],
  strncpy: [0, [1]],
  stpcpy: [0, [1]],
  stpncpy: [0, [1]],
  strlcpy: [0, [1]],
  strcpy_s: [0, [2]],
  strncpy_s: [0, [2]],
  wcscpy: [0, [1]],
  wcsncpy: [0, [1]],
  memcpy: [0, [1]],
  memmove: [0, [1]],
  memccpy: [0, [1]],
  memcpy_s: [0, [2]],
  memmove_s: [0, [2]],
  strcat: [0, [1]],
  strncat: [0, [1]],
  strlcat: [0, [1]],
  wcscat: [0, [1]],
  strcat_s: [0, [2]],
  bcopy: [1, [0]],
  sprintf: [0, 'rest'],
  vsprintf: [0, 'rest'],
  snprintf: [0, 'rest'],
  vsnprintf: [0, 'rest'],
  asprintf: [0, 'rest'],
  swprintf: [0, 'rest'],
  realpath: [1, [0]],
  strftime: [0, 'rest'],
};

/** Calls whose result is input (`getenv("HOME")`, `getchar()`); CGI variables are remote (see the adapter). */
const SOURCE_CALLS = new Set([
  'getenv',
  'secure_getenv',
  '__secure_getenv',
  '_wgetenv',
  'g_getenv',
  'getchar',
  'fgetc',
  'getc',
  'getwchar',
  'fgetwc',
  'readline',
  'getpass',
  'GetCommandLineA',
  'GetCommandLineW',
  'GetCommandLine',
]);
/** std::string / stream methods that store their arguments into the receiver. */
const MUTATORS = new Set(['append', 'push_back', 'emplace_back', 'insert', 'assign', 'write', 'sputn', 'put']);
/** Methods that read input into their first argument (`in.read(buf, n)`, `std::cin.getline(buf, n)`). */
const STREAM_READS = new Set(['read', 'readsome', 'getline', 'get']);

/**
 * Names a file may define for its own copy of a library function (`static size_t strlcpy(…)`):
 * the profile already models them, so they keep their plain path.
 */
const KNOWN = new Set([
  ...Object.keys(INPUT_READERS),
  ...Object.keys(COPIES),
  ...SOURCE_CALLS,
  'strdup',
  'strndup',
  'basename',
  'dirname',
  'main',
  'system',
  'popen',
  'sscanf',
  'scanf',
  'fscanf',
  'printf',
  'fprintf',
  'syslog',
  'open',
  'fopen',
  'free',
  'malloc',
  'calloc',
  'realloc',
]);

/** One function's facts, extracted from its syntax once. */
interface Facts {
  node: SyntaxNode;
  name: string;
  params: { name: string; index: number; out: boolean; decoder: boolean }[];
  /** `to` may hold data derived from the tokens (`write`: stored through the pointer `to`). */
  edges: { to: string; from: string[]; write: boolean }[];
  /** Pointers into other variables: a write through `p` is a write into each of `aliases.get(p)`. */
  aliases: Map<string, Set<string>>;
  /** Calls to other functions of the file: the callee, and the tokens and base name of each argument. */
  calls: { callee: string; args: { tokens: string[]; base: string | null }[] }[];
  returns: string[];
  isMain: boolean;
  /** Variables filled directly by an input read (`fread(&hdr, …)`, `in.read((char *)&v, …)`). */
  read: Set<string>;
}

/** What a caller needs to know about a helper. */
export interface HelperSummary {
  /** Out-parameters written with data from the other arguments. */
  copies: Set<number>;
  /** Out-parameters filled with input the helper reads itself. */
  reads: Map<number, Feed>;
  /** Input the helper returns (read by itself), or null. */
  returns: Feed | null;
  /** Whether it returns a value read as such (`in.read(&v, sizeof v); return v;`), not a count or a derived value. */
  returnsRead?: boolean;
}

interface FileSummaries {
  helpers: Map<string, HelperSummary>;
  /** Per function definition: its parameters fed with input by callers (or as decoder buffers / callback data). */
  feeds: Map<SyntaxNode, Map<number, Feed>>;
  /** Functions the file registers as libcurl write/header callbacks. */
  curlCallbacks: Set<string>;
  /** External input readers the file declares (see `externReaders`). */
  readers: Map<string, readonly [number, Feed]>;
}

/** Names of helpers that escape, encode, quote or sanitize what they hand back. */
const SAFE_HELPER = /(?:escape|encode|quote|saniti[sz]|normali[sz]e|canonical|hash|digest|hex|base64|checksum|crc)/i;
const MAX_FUNCTIONS = 3000;
const BYTE_TYPE = /^(?:const\s+)?(?:(?:std::)?u?int8_t|unsigned\s+char|signed\s+char|char|u8|s8|BYTE|UCHAR|guchar|gchar|guint8|(?:std::)?byte|void)(?:\s+const)?$/;
const CONTAINERS = new Set(['vector', 'span', 'basic_string_view', 'array']);
const ELEMENT_BYTES = new Set(['uint8_t', 'int8_t', 'unsigned char', 'char', 'byte', 'u8', 'std::uint8_t', 'std::byte']);

/** `std::vector<uint8_t>`, `std::span<const std::byte>`, `std::array<unsigned char, 64>`: a container of bytes. */
function byteContainer(type: string): boolean {
  const open = type.indexOf('<');
  if (open < 0) return false;
  const head = type.slice(0, open).trim();
  const name = head.includes('::') ? head.slice(head.lastIndexOf('::') + 2) : head.slice(head.lastIndexOf(' ') + 1);
  if (!CONTAINERS.has(name)) return false;
  let end = open + 1;
  while (end < type.length && type[end] !== ',' && type[end] !== '>') end++;
  const element = type
    .slice(open + 1, end)
    .split(' ')
    .filter((w) => w !== '' && w !== 'const')
    .join(' ');
  return ELEMENT_BYTES.has(element);
}
const BUFFER_NAME = /^(?:buf|buffer|data|pkt|packet|frame|msg|message|payload|raw|bytes|record|blob|chunk|wire|datagram|body|input)$/i;
const LENGTH_WORDS = new Set([
  'len',
  'length',
  'size',
  'sz',
  'n',
  'nbytes',
  'bytes',
  'count',
  'cnt',
  'avail',
  'remaining',
  'left',
  'total',
  'nread',
  'received',
  'buflen',
  'bufsize',
  'datalen',
]);

function stronger(a: Feed | null | undefined, b: Feed | null | undefined): Feed | null {
  if (a === 'remote' || b === 'remote') return 'remote';
  return a ?? b ?? null;
}

/** Lower-case words of an identifier (`dataLen`, `buf_size` → `data len`, `buf size`). */
function identWords(name: string): string[] {
  const out: string[] = [];
  let word = '';
  for (let i = 0; i < name.length && i < 80; i++) {
    const ch = name[i] as string;
    const upper = ch >= 'A' && ch <= 'Z';
    const prev = word[word.length - 1] ?? '';
    if (ch === '_' || (upper && word.length > 0 && !(prev >= 'A' && prev <= 'Z'))) {
      if (word) out.push(word.toLowerCase());
      word = ch === '_' ? '' : ch;
    } else word += ch;
  }
  if (word) out.push(word.toLowerCase());
  return out;
}

function lengthName(name: string): boolean {
  const words = identWords(name);
  const last = words[words.length - 1];
  return last !== undefined && (LENGTH_WORDS.has(last) || LENGTH_WORDS.has(words.join('')));
}

/** The variable an expression stores into or points at: `buf`, `&hdr`, `s->name`, `out + n`, `(char *)p` → its base name. */
export function baseName(node: SyntaxNode | null | undefined): string | null {
  const key = accessKey(node);
  if (key === null) return null;
  const root = rootOf(key);
  return root === 'this' ? null : root;
}

/**
 * The variable or field an expression stores into, as an access key: `buf`, `&hdr` → `hdr`,
 * `s->name` / `s.name` → `s.name`, `r->opts[i].len` → `r.opts.len`, `out + n` → `out`. Fields are
 * kept apart (a write to `strm.next_in` says nothing about `strm.avail_out`); indexes are not.
 */
export function accessKey(node: SyntaxNode | null | undefined): string | null {
  const fields: string[] = [];
  let n: SyntaxNode | null | undefined = node;
  for (let i = 0; n && i < 24; i++) {
    const v = unwrap(n);
    switch (v.type) {
      case 'identifier':
        return fields.length > 0 ? `${v.text}.${fields.reverse().join('.')}` : v.text;
      case 'this':
        return fields.length > 0 ? `this.${fields.reverse().join('.')}` : 'this';
      case 'field_expression': {
        const f = v.child('field')?.text;
        if (f && fields.length < 4) fields.push(f);
        n = v.child('argument');
        break;
      }
      case 'pointer_expression':
      case 'subscript_expression':
      case 'update_expression':
        n = v.child('argument');
        break;
      case 'binary_expression': {
        const op = v.child('operator')?.text;
        if (op !== '+' && op !== '-') return null;
        n = v.child('left');
        break;
      }
      case 'call_expression': {
        const fn = v.child('function');
        if (fn?.type === 'template_function' && /_cast$/.test(fn.child('name')?.text ?? '')) {
          n = callArgs(v)[0];
          break;
        }
        if (fn?.type === 'field_expression' && /^(?:data|c_str|get|begin)$/.test(fn.child('field')?.text ?? '')) {
          n = fn.child('argument');
          break;
        }
        return null;
      }
      default:
        return null;
    }
  }
  return null;
}

/** The variable part of an access key: `s.name` → `s`. */
function rootOf(key: string): string {
  const i = key.indexOf('.');
  return i < 0 ? key : key.slice(0, i);
}

function calleeName(call: SyntaxNode): string {
  const fn = call.child('function');
  if (!fn) return '';
  if (fn.type === 'identifier') return fn.text;
  if (fn.type === 'qualified_identifier') {
    const t = fn.text.replace(/\s+/g, '');
    return t.startsWith('std::') ? t.slice(5) : t;
  }
  if (fn.type === 'template_function') return fn.child('name')?.text.replace(/\s+/g, '') ?? '';
  return '';
}

/** Tokens an expression's value may derive from: variable names, `@f` (what same-file f returns), `!local`/`!remote` (input). */
function tokensOf(expr: SyntaxNode | null | undefined, defined: ReadonlySet<string>, out: string[] = []): string[] {
  if (!expr) return out;
  const stack: SyntaxNode[] = [expr];
  let budget = 2000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    switch (n.type) {
      case 'identifier':
        out.push(n.text);
        continue;
      case 'field_expression': {
        const key = accessKey(n);
        if (key) {
          out.push(key);
          continue;
        }
        for (const c of n.children) if (c.named) stack.push(c);
        continue;
      }
      case 'field_identifier':
      case 'string_literal':
      case 'raw_string_literal':
      case 'concatenated_string':
      case 'number_literal':
      case 'char_literal':
      case 'sizeof_expression':
      case 'lambda_expression':
      case 'comment':
      case 'type_descriptor':
      case 'template_argument_list':
        continue;
      case 'binary_expression': {
        // A comparison or a logical operation yields a truth value, not the data compared.
        if (/^(?:==|!=|<|>|<=|>=|&&|\|\|)$/.test(n.child('operator')?.text ?? '')) continue;
        for (const c of n.children) if (c.named) stack.push(c);
        continue;
      }
      case 'conditional_expression':
        for (const c of n.children) if (c.named && c.field !== 'condition') stack.push(c);
        continue;
      case 'call_expression': {
        const name = calleeName(n);
        if (SOURCE_CALLS.has(name)) {
          const first = callArgs(n)[0];
          out.push(first?.type === 'string_literal' && /"(?:QUERY_STRING|REQUEST_URI|PATH_INFO|CONTENT_TYPE|HTTP_)/.test(first.text) ? '!remote' : '!local');
        } else if (defined.has(name)) out.push(`@${name}`);
        const fn = n.child('function');
        // The receiver of a method call carries (`s.substr(1)`); a plain callee name does not.
        if (fn?.type === 'field_expression') stack.push(fn.child('argument') as SyntaxNode);
        const list = n.child('arguments');
        if (list) for (const c of list.children) if (c.named) stack.push(c);
        continue;
      }
      default:
        for (const c of n.children) if (c.named) stack.push(c);
    }
  }
  return out;
}

/** Whether a parameter can be written by the function for its caller: a pointer to non-const data, an array, a non-const reference. */
function outParameter(owner: SyntaxNode, pointers: number, arrays: number, reference: boolean): boolean {
  if (pointers === 0 && arrays === 0 && !reference) return false;
  // `const char *s` / `const T &x`: the pointee is const (a `char *const p` keeps it writable).
  const head = owner.children
    .filter((c) => c.type === 'type_qualifier' || c.field === 'type')
    .map((c) => c.text)
    .join(' ');
  return !/\bconst\b/.test(head);
}

/** A function's parameters only (for one no other function of the file calls or is called by). */
function paramsOnly(fn: SyntaxNode, name: string): Facts {
  const f = extract(fn, name, new Set(), false);
  return f;
}

const FACT_NODES = new Set(['assignment_expression', 'init_declarator', 'call_expression', 'return_statement', 'for_range_loop', 'binary_expression', 'declaration']);

/**
 * Names of I/O functions a program declares and links from elsewhere (a board support package, a
 * transport library): `uart_read_line(char *buf, size_t len)`, `net_recv_packet(uint8_t *out, …)`.
 */
const READ_VERBS = new Set(['read', 'recv', 'receive', 'readline']);
const READ_NOUNS = new Set([
  'line',
  'packet',
  'pkt',
  'msg',
  'message',
  'frame',
  'data',
  'bytes',
  'buf',
  'buffer',
  'input',
  'request',
  'req',
  'cmd',
  'command',
  'record',
  'chunk',
  'block',
]);
const REMOTE_READER = ['recv', 'receive', 'net', 'sock', 'http', 'tcp', 'udp', 'packet', 'pkt', 'mqtt', 'rpc'];

/** Words of an identifier: `uart_read_line` → uart, read, line; `netRecvFrame` → net, recv, frame. */
function identifierWords(name: string): string[] {
  const out: string[] = [];
  let word = '';
  for (let i = 0; i < name.length && i < 80; i++) {
    const c = name[i] as string;
    const upper = c >= 'A' && c <= 'Z';
    if (c === '_' || (upper && word && !(word[word.length - 1] as string).match(/[A-Z]/))) {
      if (word) out.push(word.toLowerCase());
      word = c === '_' ? '' : c;
    } else word += c;
  }
  if (word) out.push(word.toLowerCase());
  return out;
}

/** `uart_read_line`, `bus_recv_frame`, `netRead`, `sock_recv`, `serial_get_line`: a function named for reading input. */
function readerName(name: string): boolean {
  const words = identifierWords(name);
  if (words.length === 0 || words.length > 5) return false;
  const last = words[words.length - 1] as string;
  const prev = words[words.length - 2];
  if (READ_VERBS.has(last)) return true;
  return prev !== undefined && READ_NOUNS.has(last) && (READ_VERBS.has(prev) || prev === 'get');
}
const WRITABLE_BUFFER = /^(?:char|unsigned char|signed char|(?:std::)?u?int8_t|uint8|u8|void|BYTE|UCHAR|guchar|guint8|gchar)$/;

/**
 * Input readers declared but not defined in the file (prototypes of external functions with a
 * reader's name): the writable byte or character buffer they take is filled with input.
 */
function externReaders(root: SyntaxNode, defined: ReadonlySet<string>): Map<string, readonly [number, Feed]> {
  const out = new Map<string, readonly [number, Feed]>();
  for (const decl of root.namedChildren) {
    if (decl.type !== 'declaration') continue;
    const d = decl.child('declarator');
    if (d?.type !== 'function_declarator') continue;
    const name = d.child('declarator')?.text ?? '';
    if (!name || defined.has(name) || KNOWN.has(name) || !readerName(name)) continue;
    const params = (d.child('parameters')?.namedChildren ?? []).filter((c) => c.type === 'parameter_declaration');
    const at = params.findIndex((p) => {
      const shape = declaratorShape(p.child('declarator'));
      if (shape.pointers + shape.arrays.length !== 1) return false;
      if (p.children.some((c) => c.type === 'type_qualifier' && c.text === 'const')) return false;
      return WRITABLE_BUFFER.test((p.child('type')?.text ?? '').replace(/\s+/g, ' '));
    });
    if (at < 0) continue;
    out.set(name, [at, REMOTE_READER.some((w) => name.toLowerCase().includes(w)) ? 'remote' : 'local']);
  }
  return out;
}

/** `Reader`, `wire::ByteReader`, `const BufferReader`: the last word of the type ends in `Reader`. */
function readerType(type: string): boolean {
  const last = type.slice(Math.max(type.lastIndexOf(' '), type.lastIndexOf(':')) + 1);
  return last.length > 0 && last.length <= 32 && last.endsWith('Reader');
}

function extract(fn: SyntaxNode, name: string, defined: ReadonlySet<string>, withBody = true, readers: ReadonlyMap<string, readonly [number, Feed]> = new Map()): Facts {
  const decls = parameterDeclarations(fn);
  const params: Facts['params'] = [];
  const list = fn.type === 'lambda_expression' ? fn.child('declarator')?.child('parameters') : declaratorOf(fn)?.child('parameters');
  let index = 0;
  const items = (list?.children ?? []).filter((c) => c.named && c.type !== 'comment');
  for (const p of items) {
    const d = decls.find((x) => x.owner === p);
    if (d) {
      const type = d.type.replace(/\s+/g, ' ').trim();
      // A decoder's input: `const uint8_t *buf, size_t len` (a const byte pointer followed by its
      // length; plain `char` only when named like a buffer), or `const std::vector<uint8_t> &frame`.
      const next = decls.find((x) => x.owner === items[index + 1]);
      const sized = next !== undefined && next.pointers === 0 && next.arrays.length === 0 && lengthName(next.name);
      const bytes = d.pointers === 1 && /\bconst\b/.test(type) && BYTE_TYPE.test(type) && (!/^(?:const\s+)?char(?:\s+const)?$/.test(type) || BUFFER_NAME.test(d.name));
      // A cursor over received bytes: `Reader &r`, `ByteReader *in` (its `u16()`, `take(n)` are the input).
      const reader = (d.reference || d.pointers === 1) && readerType(type);
      const decoder = (bytes && sized) || (/\bconst\b/.test(type) && byteContainer(type)) || reader;
      params.push({ name: d.name, index, out: outParameter(p, d.pointers, d.arrays.length, d.reference), decoder });
    }
    index++;
  }
  const facts: Facts = { node: fn, name, params, edges: [], aliases: new Map(), calls: [], returns: [], isMain: name === 'main' || name === 'wmain', read: new Set() };
  const body = fn.child('body');
  if (!body || !withBody) return facts;
  const alias = (p: string, q: string): void => {
    if (p === q) return;
    let set = facts.aliases.get(p);
    if (!set) facts.aliases.set(p, (set = new Set()));
    set.add(q);
  };
  const assign = (target: SyntaxNode, value: SyntaxNode | null, extra: string[] = []): void => {
    const t = unwrap(target);
    const base = accessKey(t);
    if (!base) return;
    const from = tokensOf(value, defined, [...extra]);
    const write = t.type !== 'identifier';
    facts.edges.push({ to: base, from, write });
    // `char *o = s;`, `p = buf + 4;`: o and p point into s and buf.
    if (!write && value) {
      const into = accessKey(value);
      if (into) alias(base, rootOf(into));
    }
  };
  for (const n of descendants(body, FACT_NODES, 60_000)) {
    switch (n.type) {
      case 'assignment_expression': {
        const left = n.child('left');
        if (left) assign(left, n.child('right'));
        break;
      }
      case 'init_declarator': {
        const nameNode = declaratorShape(n).name;
        const value = n.child('value');
        if (nameNode && value) assign(nameNode, value);
        break;
      }
      case 'declaration': {
        // `std::string s(x);` parsed as a function declarator: a constructor from x.
        const d = n.child('declarator');
        if (d?.type === 'function_declarator') {
          const id = d.child('declarator');
          const ps = d.child('parameters');
          if (id?.type === 'identifier' && ps) facts.edges.push({ to: id.text, from: ps.namedChildren.map((c) => (c.child('type') ?? c).text), write: false });
        }
        break;
      }
      case 'for_range_loop': {
        const target = declaratorShape(n.child('declarator')).name;
        if (target) facts.edges.push({ to: target.text, from: tokensOf(n.child('right'), defined), write: false });
        break;
      }
      case 'return_statement':
        facts.returns.push(
          ...tokensOf(
            n.namedChildren.find((c) => c.type !== 'comment'),
            defined,
          ),
        );
        break;
      case 'binary_expression': {
        const op = n.child('operator')?.text;
        if (op !== '>>' && op !== '<<') break;
        // Stream chains as statements: `in >> a >> b` (a and b from in), `oss << x << y` (oss from x, y).
        const parent = n.parent;
        if (parent?.type === 'binary_expression' && parent.child('operator')?.text === op) break;
        const operands: SyntaxNode[] = [];
        let x: SyntaxNode | null = n;
        for (let i = 0; x && i < 64 && x.type === 'binary_expression' && x.child('operator')?.text === op; i++) {
          const r = x.child('right');
          if (r) operands.unshift(r);
          x = x.child('left');
        }
        if (!x || (x.type !== 'identifier' && x.type !== 'qualified_identifier' && x.type !== 'field_expression')) break;
        const root = x.text.replace(/\s+/g, '');
        if (op === '>>') {
          const input = /^(?:std::)?w?cin$/.test(root);
          for (const o of operands) {
            const base = accessKey(o);
            if (base) facts.edges.push({ to: base, from: input ? ['!local'] : tokensOf(x, defined), write: false });
          }
        } else if (!/^(?:std::)?(?:w?cout|w?cerr|w?clog)$/.test(root)) {
          const base = accessKey(x);
          if (base) facts.edges.push({ to: base, from: operands.flatMap((o) => tokensOf(o, defined)), write: true });
        }
        break;
      }
      case 'call_expression': {
        const args = callArgs(n);
        const fnNode = n.child('function');
        const name = calleeName(n);
        if (fnNode?.type === 'field_expression') {
          const method = fnNode.child('field')?.text ?? '';
          const receiver = fnNode.child('argument');
          const base = accessKey(receiver);
          if (MUTATORS.has(method) && base) facts.edges.push({ to: base, from: args.flatMap((a) => tokensOf(a, defined)), write: true });
          if (STREAM_READS.has(method) && args[0]) {
            const into = accessKey(args[0]);
            const stdin = /^(?:std::)?w?cin$/.test(receiver?.text.replace(/\s+/g, '') ?? '');
            if (into) facts.edges.push({ to: into, from: stdin || method === 'read' || method === 'readsome' ? ['!local'] : tokensOf(receiver, defined), write: true });
          }
          break;
        }
        if (name === 'getline' && args.length >= 2 && args.length <= 3 && unwrap(args[0] as SyntaxNode).type !== 'pointer_expression') {
          // std::getline(in, line) (C's getline(&line, &n, fp) takes addresses)
          const into = accessKey(args[1]);
          if (into) facts.edges.push({ to: into, from: tokensOf(args[0], defined), write: false });
          break;
        }
        const reader = INPUT_READERS[name] ?? readers.get(name);
        if (reader) {
          const into = accessKey(args[reader[0]]);
          if (into) facts.edges.push({ to: into, from: [`!${reader[1]}`], write: true });
          break;
        }
        if (/^(?:v?f?scanf|scanf_s|fscanf_s)$/.test(name)) {
          const first = name.includes('f') && !name.startsWith('scanf') ? 2 : 1;
          for (const a of args.slice(first)) {
            const into = accessKey(a);
            if (into) facts.edges.push({ to: into, from: ['!local'], write: true });
          }
          break;
        }
        if (/^(?:v?sscanf|sscanf_s|swscanf)$/.test(name)) {
          const from = tokensOf(args[0], defined);
          for (const a of args.slice(2)) {
            const into = accessKey(a);
            if (into) facts.edges.push({ to: into, from, write: true });
          }
          break;
        }
        const copy = COPIES[name];
        if (copy) {
          const into = accessKey(args[copy[0]]);
          const reads = copy[1] === 'rest' ? args.filter((_, i) => i !== copy[0]) : copy[1].map((i) => args[i]);
          if (into) facts.edges.push({ to: into, from: reads.flatMap((a) => tokensOf(a, defined)), write: true });
          break;
        }
        if (defined.has(name) && name !== facts.name) {
          facts.calls.push({ callee: name, args: args.map((a) => ({ tokens: tokensOf(a, defined), base: accessKey(a) })) });
        }
        break;
      }
      default:
        break;
    }
  }
  for (const e of facts.edges) if (e.from.length === 1 && (e.from[0] === '!local' || e.from[0] === '!remote')) facts.read.add(e.to);
  return facts;
}

function declaratorOf(fn: SyntaxNode): SyntaxNode | null {
  let d = fn.child('declarator');
  for (let i = 0; d && i < 16; i++) {
    if (d.type === 'function_declarator') return d;
    d = d.child('declarator');
  }
  return null;
}

/** Origins as bits: parameter i (i < 28), local input, remote input. */
const LOCAL = 1 << 28;
const REMOTE = 1 << 29;
const PARAMS = LOCAL - 1;

function paramBit(index: number): number {
  return index < 28 ? 1 << index : 0;
}

/**
 * Origins of the function's variables (bit masks): from which parameters and from what input each
 * variable or field may hold data. With `feeds`, parameters also start with what their callers feed
 * them.
 */
function propagate(f: Facts, helpers: ReadonlyMap<string, HelperSummary>, feeds: ReadonlyMap<number, Feed> | null): Map<string, number> {
  const origins = new Map<string, number>();
  const add = (name: string, bits: number): boolean => {
    const old = origins.get(name) ?? 0;
    const next = old | bits;
    if (next === old) return false;
    origins.set(name, next);
    return true;
  };
  for (const p of f.params) {
    const fed = feeds?.get(p.index);
    add(p.name, paramBit(p.index) | (fed === 'remote' ? REMOTE : fed === 'local' ? LOCAL : 0) | (f.isMain && p.index >= 1 ? LOCAL : 0));
  }
  const valueOf = (tokens: readonly string[]): number => {
    let out = 0;
    for (const t of tokens) {
      if (t === '!local') out |= LOCAL;
      else if (t === '!remote') out |= REMOTE;
      else if (t.charCodeAt(0) === 64 /* @ */) {
        const r = helpers.get(t.slice(1))?.returns;
        if (r) out |= r === 'remote' ? REMOTE : LOCAL;
      } else {
        out |= origins.get(t) ?? 0;
        // A field also holds what was stored into the whole object (`memcpy(&hdr, buf, …)`; `hdr.len`).
        for (let i = t.indexOf('.'); i > 0; i = t.indexOf('.', i + 1)) out |= origins.get(t.slice(0, i)) ?? 0;
      }
    }
    return out;
  };
  /** A write into `key` is also a write into what its variable points into (`*o++ = c` with `o = s`). */
  const targets = (key: string, write: boolean): string[] => {
    if (!write || f.aliases.size === 0) return [key];
    const root = rootOf(key);
    const rest = key.slice(root.length);
    const roots = [root];
    for (let i = 0; i < roots.length && i < 16; i++) for (const q of f.aliases.get(roots[i] as string) ?? []) if (!roots.includes(q)) roots.push(q);
    return roots.map((r) => r + rest);
  };
  for (let round = 0; round < 8; round++) {
    let changed = false;
    for (const e of f.edges) {
      const bits = valueOf(e.from);
      if (bits === 0) continue;
      for (const t of targets(e.to, e.write)) if (add(t, bits)) changed = true;
    }
    for (const c of f.calls) {
      const h = helpers.get(c.callee);
      if (!h || (h.copies.size === 0 && h.reads.size === 0)) continue;
      c.args.forEach((a, i) => {
        if (!a.base) return;
        let bits = 0;
        if (h.copies.has(i))
          c.args.forEach((b, j) => {
            if (j !== i) bits |= valueOf(b.tokens);
          });
        const read = h.reads.get(i);
        if (read) bits |= read === 'remote' ? REMOTE : LOCAL;
        if (bits === 0) return;
        for (const t of targets(a.base, true)) if (add(t, bits)) changed = true;
      });
    }
    if (!changed) break;
  }
  return origins;
}

function summarise(f: Facts, origins: ReadonlyMap<string, number>, helpers: ReadonlyMap<string, HelperSummary>): HelperSummary {
  const s: HelperSummary = { copies: new Set(), reads: new Map(), returns: null };
  for (const p of f.params) {
    if (!p.out) continue;
    let o = 0;
    for (const [key, bits] of origins) if (key === p.name || key.startsWith(`${p.name}.`)) o |= bits;
    if (o === 0) continue;
    if ((o & PARAMS & ~paramBit(p.index)) !== 0) s.copies.add(p.index);
    const input = o & REMOTE ? 'remote' : o & LOCAL ? 'local' : null;
    if (input) s.reads.set(p.index, input);
  }
  s.returns = inputOf(f.returns, origins, helpers);
  s.returnsRead = s.returns !== null && f.returns.some((t) => f.read.has(t) || (t.charCodeAt(0) === 64 && helpers.get(t.slice(1))?.returnsRead === true));
  return s;
}

/** The input (if any) the tokens of an expression carry, given the function's origins. */
function inputOf(tokens: readonly string[], origins: ReadonlyMap<string, number>, helpers: ReadonlyMap<string, HelperSummary>): Feed | null {
  let bits = 0;
  for (const t of tokens) {
    if (t === '!local') bits |= LOCAL;
    else if (t === '!remote') bits |= REMOTE;
    else if (t.charCodeAt(0) === 64 /* @ */) {
      const r = helpers.get(t.slice(1))?.returns;
      if (r) bits |= r === 'remote' ? REMOTE : LOCAL;
    } else {
      bits |= origins.get(t) ?? 0;
      for (let i = t.indexOf('.'); i > 0; i = t.indexOf('.', i + 1)) bits |= origins.get(t.slice(0, i)) ?? 0;
    }
  }
  return bits & REMOTE ? 'remote' : bits & LOCAL ? 'local' : null;
}

/** Whether a function can have a summary at all: it has out-parameters, reads input, or calls a helper. */
function candidate(f: Facts): boolean {
  if (f.calls.length > 0 || f.params.some((p) => p.out)) return true;
  return f.edges.some((e) => e.from.some((t) => t.charCodeAt(0) === 33 /* ! */)) || f.returns.some((t) => t.charCodeAt(0) === 33 || t.charCodeAt(0) === 64);
}

function same(a: HelperSummary | undefined, b: HelperSummary): boolean {
  if (!a) return b.copies.size === 0 && b.reads.size === 0 && b.returns === null;
  if (a.returns !== b.returns || a.returnsRead !== b.returnsRead || a.copies.size !== b.copies.size || a.reads.size !== b.reads.size) return false;
  for (const c of b.copies) if (!a.copies.has(c)) return false;
  for (const [k, v] of b.reads) if (a.reads.get(k) !== v) return false;
  return true;
}

function curlCallbacksOf(root: SyntaxNode): Set<string> {
  const out = new Set<string>();
  const text = root.text;
  if (!text.includes('CURLOPT_WRITEFUNCTION') && !text.includes('CURLOPT_HEADERFUNCTION')) return out;
  for (const call of structureOf(root)) {
    if (call.type !== 'call_expression' || calleeName(call) !== 'curl_easy_setopt') continue;
    const args = callArgs(call);
    if (!/^CURLOPT_(?:WRITEFUNCTION|HEADERFUNCTION)$/.test(args[1]?.text ?? '')) continue;
    const base = args[2] ? baseName(args[2]) : null;
    if (base) out.add(base);
  }
  return out;
}

const cache = new WeakMap<SyntaxNode, FileSummaries>();

function compute(root: SyntaxNode): FileSummaries {
  const fns = structureOf(root)
    .filter((n) => n.type === 'function_definition')
    .slice(0, MAX_FUNCTIONS);
  const named: { fn: SyntaxNode; name: string }[] = [];
  for (const fn of fns) {
    const name = functionName(fn);
    if (name && fn.child('body')) named.push({ fn, name });
  }
  const defined = new Set(named.map((n) => n.name));
  // Only functions that are called in the file, or that call one, can matter: one look at the
  // file's calls (a list other rules share) decides which to read.
  const called = new Set<string>();
  const callers = new Set<SyntaxNode>();
  for (const call of structureOf(root)) {
    if (call.type !== 'call_expression') continue;
    const name = calleeName(call);
    if (!defined.has(name)) continue;
    called.add(name);
    for (let a = call.parent; a; a = a.parent) {
      if (a.type === 'function_definition') {
        callers.add(a);
        break;
      }
    }
  }
  const readers = externReaders(root, defined);
  const facts = named.filter((n) => called.has(n.name) || callers.has(n.fn)).map((n) => extract(n.fn, n.name, defined, true, readers));
  // Decoder buffers and callback data of functions nobody in the file calls still seed the memory rules.
  const seedsOnly = named.filter((n) => !called.has(n.name) && !callers.has(n.fn)).map((n) => paramsOnly(n.fn, n.name));
  const byName = new Map<string, Facts[]>();
  const callersOf = new Map<string, Facts[]>();
  for (const f of facts) {
    const list = byName.get(f.name);
    if (list) list.push(f);
    else byName.set(f.name, [f]);
    for (const c of f.calls) {
      const cs = callersOf.get(c.callee);
      if (!cs) callersOf.set(c.callee, [f]);
      else if (cs[cs.length - 1] !== f) cs.push(f);
    }
  }
  // Phase 1: what helpers do to their arguments and return. A worklist: a function is summarised
  // again only when a helper it calls changed (overloads and same-named statics are merged).
  const helpers = new Map<string, HelperSummary>();
  // External readers: what a call writes into their buffer is input, like a same-file reader's.
  for (const [name, [at, feed]] of readers) helpers.set(name, { copies: new Set(), reads: new Map([[at, feed]]), returns: null });
  const own = new Map<Facts, HelperSummary>();
  let work = new Set(facts.filter(candidate));
  for (let round = 0; round < 6 && work.size > 0; round++) {
    const changed = new Set<string>();
    for (const f of work) own.set(f, summarise(f, propagate(f, helpers, null), helpers));
    for (const name of new Set([...work].map((f) => f.name))) {
      const merged: HelperSummary = { copies: new Set(), reads: new Map(), returns: null };
      for (const f of byName.get(name) ?? []) {
        const s = own.get(f);
        if (!s) continue;
        for (const c of s.copies) merged.copies.add(c);
        for (const [k, v] of s.reads) merged.reads.set(k, stronger(merged.reads.get(k), v) as Feed);
        merged.returns = stronger(merged.returns, s.returns);
        merged.returnsRead = merged.returnsRead === true || s.returnsRead === true;
      }
      if (!same(helpers.get(name), merged)) changed.add(name);
      helpers.set(name, merged);
    }
    work = new Set();
    for (const name of changed) for (const f of callersOf.get(name) ?? []) work.add(f);
  }
  // Phase 2: parameters fed with input by their callers, seeded with decoder buffers and callback
  // data; a function is looked at again when what its own parameters are fed with changed.
  const curlCallbacks = curlCallbacksOf(root);
  const feeds = new Map<SyntaxNode, Map<number, Feed>>();
  for (const f of [...facts, ...seedsOnly]) {
    const m = new Map<number, Feed>();
    for (const p of f.params) if (p.decoder) m.set(p.index, 'local');
    if (curlCallbacks.has(f.name)) for (const p of f.params) if (p.index <= 2) m.set(p.index, 'remote');
    feeds.set(f.node, m);
  }
  let pending = facts.filter((f) => f.calls.length > 0);
  for (let round = 0; round < 6 && pending.length > 0; round++) {
    const next = new Set<Facts>();
    for (const f of pending) {
      const origins = propagate(f, helpers, feeds.get(f.node) ?? null);
      for (const c of f.calls) {
        const writes = helpers.get(c.callee);
        for (const g of byName.get(c.callee) ?? []) {
          const m = feeds.get(g.node) as Map<number, Feed>;
          c.args.forEach((a, i) => {
            // What an out-parameter held before the call is not what the callee reads.
            if (writes && (writes.copies.has(i) || writes.reads.has(i))) return;
            const fed = inputOf(a.tokens, origins, helpers);
            const merged = stronger(m.get(i), fed);
            if (merged && m.get(i) !== merged) {
              m.set(i, merged);
              if (g.calls.length > 0) next.add(g);
            }
          });
        }
      }
    }
    pending = [...next];
  }
  return { helpers, feeds, curlCallbacks, readers };
}

function summaries(root: SyntaxNode): FileSummaries {
  let s = cache.get(root);
  if (!s) cache.set(root, (s = compute(root)));
  return s;
}

/** Root segment of the canonical path of a same-file validating helper (see `checkedPaths`). */
export const CHECKED_ROOT = '__c_checked';
/** Names of helpers that return their argument once it passed a check (`safeId(id)`, `sanitize_name(n)`, `validated_path(p)`). */
const CHECKED_NAME = /^(?:safe|saniti[sz]|validated?|checked|clean)|(?:Safe|_safe|Saniti[sz]|_saniti[sz]|Validated|_validated|Checked|_checked)/;
/** …but not the "safe" variants of copies and reads, which return what they copied. */
const NOT_CHECKING = /cpy|cat|copy|printf|read|alloc|free|write|append|join|concat|format/i;

const EMPTY_RESULTS = new Set(['NULL', 'nullptr', 'std::nullopt', '""', '{}', '0', 'std::string()', 'std::string{}']);

function refuses(body: SyntaxNode): boolean {
  for (const n of descendants(body, new Set(['throw_statement', 'return_statement', 'call_expression']), 4000)) {
    if (n.type === 'throw_statement') return true;
    if (n.type === 'call_expression') {
      if (/^(?:std::)?(?:exit|abort|_exit)$/.test(n.child('function')?.text ?? '')) return true;
      continue;
    }
    const value = n.namedChildren.find((c) => c.type !== 'comment');
    if (value && EMPTY_RESULTS.has(value.text.replace(/\s+/g, ''))) return true;
  }
  return false;
}

/**
 * Same-file helpers that check a string and hand it back (`static std::string safeId(const std::string &id)
 * { … throw …; return id; }`): their result is as safe as their check, like a library sanitizer.
 * Functions returning nothing or a truth value are left alone (they are validators in a condition).
 */
export function checkedPaths(root: SyntaxNode): Map<string, string> {
  const out = new Map<string, string>();
  for (const fn of structureOf(root)) {
    if (fn.type !== 'function_definition') continue;
    const name = functionName(fn);
    if (!name || !CHECKED_NAME.test(name) || NOT_CHECKING.test(name)) continue;
    const type = fn.child('type')?.text.replace(/\s+/g, ' ') ?? '';
    if (/^(?:void|bool|int|_Bool)$/.test(type) || type === '') continue;
    const body = fn.child('body');
    if (!body) continue;
    // It must be able to refuse: throw, exit, or return nothing / an empty value on some path.
    if (!refuses(body)) continue;
    out.set(name, `${CHECKED_ROOT}.${name}`);
  }
  return out;
}

/** Root segment of the path a call to a same-file input helper is presented under (see `inputHelperPaths`). */
export const HELPER_ROOT = '__c_helper';

/**
 * Same-file helpers that read input themselves, returned or written into an argument (`load_jobs(q,
 * jobs, max)` after fgets, `read_request(fd, buf)`), presented as `__c_helper.<L|R>.<name>`: the call
 * is a source of that strength, and what it returns is that input rather than its arguments passed
 * through. What helpers copy between arguments and return is the engine's own function summaries.
 */
export function inputHelperPaths(root: SyntaxNode): Map<string, string> {
  const out = new Map<string, string>();
  const readers = summaries(root).readers;
  for (const [name, s] of summaries(root).helpers) {
    // An escaping helper (`read_escaped(fd, out)`) hands back a different, safe text.
    if (KNOWN.has(name) || readers.has(name) || SAFE_HELPER.test(name)) continue;
    let input = s.returns;
    for (const feed of s.reads.values()) input = stronger(input, feed);
    if (input) out.set(name, `${HELPER_ROOT}.${input === 'remote' ? 'R' : 'L'}.${name}`);
  }
  return out;
}

/** Root segment of the path a call to a declared external reader is presented under (see `readerPaths`). */
export const READER_ROOT = '__c_reader';
/** Argument positions a reader path can name. */
export const READER_ARGS = 8;

/**
 * Input readers the file declares but does not define (`int net_recv_frame(uint8_t *buf, size_t
 * cap);`): the engine cannot read their bodies, so a call is presented as `__c_reader.<L|R>.<i>`,
 * an out-source of argument i (the profile's `outSources`).
 */
export function readerPaths(root: SyntaxNode): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, [at, feed]] of summaries(root).readers) {
    if (at < READER_ARGS) out.set(name, `${READER_ROOT}.${feed === 'remote' ? 'R' : 'L'}.${at}`);
  }
  return out;
}

/** Whether a same-file helper returns a value it read as such (`readLE<uint16_t>(in)`), rather than a count. */
export function returnsReadValue(root: SyntaxNode, name: string): boolean {
  return summaries(root).helpers.get(name)?.returnsRead === true;
}

/** What the file's callers (or the function's role) feed parameter `index` of `fn` with, or null. */
export function paramFeed(fn: SyntaxNode, index: number): Feed | null {
  if (fn.type !== 'function_definition') return null;
  return summaries(treeRoot(fn)).feeds.get(fn)?.get(index) ?? null;
}

/** Whether a function is registered in this file as a libcurl write or header callback (its data is the response). */
export function isCurlCallback(fn: SyntaxNode, name: string | null): boolean {
  return name !== null && summaries(treeRoot(fn)).curlCallbacks.has(name);
}

const predicateCache = new WeakMap<SyntaxNode, Map<string, number>>();
const CHAR_CLASSES = /^(?:std::)?(?:isalnum|isalpha|isdigit|isxdigit|islower|isupper|iswalnum|iswalpha|iswdigit)$/;
const FALSE_RESULTS = new Set(['false', '0', 'FALSE']);

/**
 * Same-file allow-list predicates: `static bool is_identifier(const std::string &s)` that walk the
 * characters of a string parameter and return false as soon as one is not of an allowed class
 * (`if (!(isalnum(c) || c == '_')) return false;`). A call is a check that the string is made of
 * those characters only, like a regular-expression match. Not when '/' or '\' is allowed (a path
 * can still climb out), nor for predicates that only look for some characters (a block list).
 * By name, the position of the checked parameter.
 */
export function allowListPredicates(root: SyntaxNode): Map<string, number> {
  let map = predicateCache.get(root);
  if (map) return map;
  map = new Map();
  for (const fn of structureOf(root)) {
    if (fn.type !== 'function_definition') continue;
    const name = functionName(fn);
    const type = fn.child('type')?.text.replace(/\s+/g, ' ').trim() ?? '';
    const body = fn.child('body');
    if (!name || !body || !/^(?:static )?(?:inline )?(?:bool|_Bool|int|gboolean|BOOL)$/.test(type)) continue;
    const params = parameterDeclarations(fn);
    const index = params.findIndex((d) => /\b(?:char|wchar_t|string|string_view)\b/.test(d.type) && (d.pointers === 1 || /string/.test(d.type)));
    if (index < 0 || params.filter((d) => /\b(?:char|wchar_t|string|string_view)\b/.test(d.type)).length !== 1) continue;
    const loops = descendants(body, new Set(['for_range_loop', 'for_statement', 'while_statement', 'do_statement']), 2000);
    const refusing = loops.some((loop) => {
      const inner = loop.child('body');
      if (!inner) return false;
      const classCheck = descendants(inner, new Set(['call_expression']), 2000).some((c) => CHAR_CLASSES.test(c.child('function')?.text.replace(/\s+/g, '') ?? ''));
      if (!classCheck) return false;
      if (descendants(inner, new Set(['char_literal']), 2000).some((c) => c.text === "'/'" || c.text === "'\\\\'")) return false;
      return descendants(inner, new Set(['return_statement']), 2000).some((r) => FALSE_RESULTS.has(r.namedChildren.find((c) => c.type !== 'comment')?.text ?? ''));
    });
    if (refusing) map.set(name, index);
  }
  predicateCache.set(root, map);
  return map;
}
