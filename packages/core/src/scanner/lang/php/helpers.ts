/** Helpers shared by the PHP rules (predicates over the PHP syntax tree). */
import type { CallView } from '../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { literalContent } from './adapter.ts';
import { rootOf, summariesOf } from './summaries.ts';

/** Last segment of a call's receiver path, without `()` and `$`: `$this->db->query` → `db`. */
export function receiverName(call: CallView, ctx: MatchContext): string | null {
  if (!call.receiver) return null;
  const p = ctx.path(call.receiver);
  const last = p?.[p.length - 1];
  if (last === undefined) return null;
  return last.replace(/\(\)$/, '').replace(/^\$/, '');
}

/** The full receiver path of a call as text (`$this.db`), or null. */
export function receiverPath(call: CallView, ctx: MatchContext): string | null {
  return call.receiver ? ctx.pathText(call.receiver) : null;
}

/** Unwraps parentheses, `@`, and argument wrappers. */
export function unwrap(node: SyntaxNode): SyntaxNode {
  let n = node;
  for (let i = 0; i < 16; i++) {
    if ((n.type === 'parenthesized_expression' || n.type === 'error_suppression_expression' || n.type === 'argument') && n.namedChildren.length > 0) {
      n = n.namedChildren[n.namedChildren.length - 1] as SyntaxNode;
    } else break;
  }
  return n;
}

/** Whether a literal is false-like: `false`, `0`, `'0'`, `''`, `null`, `'off'`, `'no'`. */
export function isFalsy(node: SyntaxNode | null, ctx: MatchContext): boolean {
  if (!node) return false;
  const n = unwrap(node);
  if (/^(?:false|0|null)$/i.test(n.text)) return true;
  const s = ctx.stringValue(n);
  return s !== null && /^(?:|0|false|off|no)$/i.test(s.trim());
}

/** Whether a literal is true-like: `true`, `1`, `'1'`, `'on'`, `'yes'`, `'true'`. */
export function isTruthy(node: SyntaxNode | null, ctx: MatchContext): boolean {
  if (!node) return false;
  const n = unwrap(node);
  if (/^(?:true|1|2)$/i.test(n.text)) return true;
  const s = ctx.stringValue(n);
  return s !== null && /^(?:1|true|on|yes|stdout|stderr)$/i.test(s.trim());
}

/** One `key => value` entry of an array literal. */
export interface ArrayEntry {
  key: string | null;
  keyNode: SyntaxNode | null;
  value: SyntaxNode;
  node: SyntaxNode;
}

/** Entries of an array literal (`[...]`/`array(...)`), or null when the node is not one. */
export function arrayEntries(node: SyntaxNode | null): ArrayEntry[] | null {
  if (!node) return null;
  const n = unwrap(node);
  if (n.type !== 'array_creation_expression') return null;
  const out: ArrayEntry[] = [];
  for (const el of n.namedChildren) {
    if (el.type !== 'array_element_initializer') continue;
    const kids = el.namedChildren.filter((c) => c.type !== 'comment');
    const value = kids[kids.length - 1];
    if (!value) continue;
    const keyNode = kids.length >= 2 ? (kids[0] as SyntaxNode) : null;
    let key: string | null = null;
    if (keyNode) key = literalContent(keyNode) ?? (keyNode.type === 'name' ? keyNode.text : null) ?? (keyNode.type === 'class_constant_access_expression' ? keyNode.text : null);
    out.push({ key, keyNode, value, node: el });
  }
  return out;
}

/** The value for a key of an array literal (case-insensitive), or undefined. */
export function arrayValue(node: SyntaxNode | null, key: string): SyntaxNode | undefined {
  const entries = arrayEntries(node);
  if (!entries) return undefined;
  const lower = key.toLowerCase();
  return entries.find((e) => e.key !== null && e.key.toLowerCase() === lower)?.value;
}

/**
 * The literal a variable was last assigned a string starting with, before `at`
 * (`$url = "https://api.example.com/users/" . $id;` → `https://api.example.com/users/`), or ''.
 */
function assignedPrefix(variable: SyntaxNode, ctx: MatchContext): string {
  const name = variable.text;
  if (!/^\$\w+$/.test(name)) return '';
  const scope = scopeOf(ctx, variable);
  if (!scope) return '';
  const before = ctx.fn ? scope.text.slice(0, Math.max(0, variable.start - ctx.fn.node.start)) : scope.text.slice(0, scope.length);
  const L = before.length;
  // A match that reaches the end of `before` can only start at its last `$` (a match holds no other `$`).
  const last = before.lastIndexOf('$');
  if (last >= 0) {
    const re = new RegExp('\\' + name + '\\b\\s*=(?!=)\\s*(?:([\'"])([^\'"$\\n{]*))?', 'y');
    re.lastIndex = last;
    const m = re.exec(before);
    if (m && last + m[0].length === L) return m[1] ? (m[2] ?? '') : '';
  }
  // Otherwise the last match of the whole scope text that ends (with the character it looked at) inside `before`.
  const list = assignmentsOf(scope.key, scope.text).get(name.slice(1));
  if (!list) return '';
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as Assignment).end < L) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? (list[lo - 1] as Assignment).prefix : '';
}

/** One `$name = ...` of a scope's text as assignedPrefix reads it: where the match ends and the literal prefix it gives. */
interface Assignment {
  end: number;
  prefix: string;
}
const assignmentIndex = new WeakMap<SyntaxNode, Map<string, Assignment[]>>();

/** Every `$name = ...` match of a scope's text (the key's text: a function, or a program's top level), per name (without `$`), in order; built once per scope. */
function assignmentsOf(key: SyntaxNode, text: string): Map<string, Assignment[]> {
  const hit = assignmentIndex.get(key);
  if (hit) return hit;
  const byName = new Map<string, Assignment[]>();
  // redos-ok: the quantified runs are disjoint (word characters, spaces, then a quote must open the group), one pass per scope
  const re = /\$(\w+)\b\s*=(?!=)\s*(?:(['"])([^'"$\n{]*))?/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const entry = { end: m.index + m[0].length, prefix: m[2] ? (m[3] ?? '') : '' };
    const list = byName.get(m[1] as string);
    if (list) list.push(entry);
    else byName.set(m[1] as string, [entry]);
  }
  assignmentIndex.set(key, byName);
  return byName;
}

/** The literal text at the very start of a string expression (`"Location: " . $x` → `Location: `). */
export function leadingLiteral(node: SyntaxNode, ctx: MatchContext, depth = 0): string {
  if (depth > 16) return '';
  const n = unwrap(node);
  const whole = ctx.stringValue(n);
  if (whole !== null) return whole;
  if (n.type === 'variable_name') return assignedPrefix(n, ctx);
  if (n.type === 'binary_expression' && n.child('operator')?.text === '.') {
    const left = n.child('left');
    const right = n.child('right');
    if (!left) return '';
    const l = ctx.stringValue(left);
    if (l !== null && right) return l + leadingLiteral(right, ctx, depth + 1);
    return leadingLiteral(left, ctx, depth + 1);
  }
  if (n.type === 'encapsed_string' || n.type === 'heredoc') {
    const holder = n.type === 'heredoc' ? n.child('value') : n;
    let out = '';
    for (const c of holder?.children ?? []) {
      if (!c.named) continue;
      if (c.type === 'string_content' || c.type === 'escape_sequence') out += c.text;
      else {
        if (c.type === 'variable_name') out += assignedPrefix(c, ctx);
        break;
      }
    }
    return out;
  }
  if (n.type === 'function_call_expression') {
    const fn = n.child('function')?.text.toLowerCase();
    if (fn === 'sprintf') {
      const first = n.child('arguments')?.namedChildren[0];
      if (first) {
        const fmt = ctx.stringValue(first.namedChildren[first.namedChildren.length - 1] ?? first);
        if (fmt !== null) return fmt.split('%')[0] ?? '';
      }
    }
  }
  return '';
}

function isSpaceChar(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11;
}

/** Index of the first non-whitespace character at or after `i`. */
export function skipSpaces(text: string, i: number): number {
  while (i < text.length && isSpaceChar(text.charCodeAt(i))) i++;
  return i;
}

/** Whether `word` occurs in `lower` (already lower-cased) as a whole word (no letter, digit or `_` around it). */
export function hasWord(lower: string, word: string): boolean {
  const isWordChar = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || (c >= 65 && c <= 90);
  for (let i = lower.indexOf(word); i >= 0; i = lower.indexOf(word, i + 1)) {
    if ((i === 0 || !isWordChar(lower.charCodeAt(i - 1))) && !isWordChar(lower.charCodeAt(i + word.length))) return true;
  }
  return false;
}

/**
 * The redirect target of a header line (`Location: /x` → `/x`, `Refresh: 0; url=/x` → `/x`), or
 * null for other headers. Read with plain string operations.
 */
export function redirectHeaderTarget(header: string): string | null {
  const start = skipSpaces(header, 0);
  const lower = header.slice(start, start + 64).toLowerCase();
  if (lower.startsWith('location')) {
    const colon = skipSpaces(header, start + 8);
    return header[colon] === ':' ? header.slice(skipSpaces(header, colon + 1)) : null;
  }
  if (!lower.startsWith('refresh')) return null;
  const colon = skipSpaces(header, start + 7);
  if (header[colon] !== ':') return null;
  // `Refresh: <delay>; url=<target>` — the `url=` within the next 40 characters of the line.
  const window = header.slice(colon + 1, colon + 1 + 44);
  const newline = window.indexOf('\n');
  const scope = (newline >= 0 ? window.slice(0, newline) : window).toLowerCase();
  const url = scope.indexOf('url');
  if (url < 0) return null;
  const eq = skipSpaces(header, colon + 1 + url + 3);
  return header[eq] === '=' ? header.slice(skipSpaces(header, eq + 1)) : null;
}

/** `Location:` or `Refresh: 0; url=` headers redirect the browser; other headers do not. */
export function isRedirectHeader(header: string): boolean {
  return redirectHeaderTarget(header) !== null;
}

/**
 * Parts of a name that make it describe a secret value (tokens, passwords, keys, one-time codes),
 * found anywhere in the snake_cased name (`resetToken` → `reset_token`), with and without `_`.
 */
const SECRET_STEMS = [
  'token',
  'password',
  'passwd',
  'pwd',
  'secret',
  'salt',
  'nonce',
  'otp',
  'csrf',
  'xsrf',
  'session',
  'sessid',
  'sess_id',
  'api_key',
  'apikey',
  'verif',
  'activation',
  'activate',
  'reset',
  'recovery',
  'invit',
  'captcha',
  'pin_code',
  'pincode',
  'passcode',
  'one_time',
  'onetime',
  'signature',
  'signing',
  'hmac',
  'private_key',
  'privatekey',
  'encryption_key',
  'encryptionkey',
  'remember',
  'magic_link',
  'magiclink',
  'cookie_val',
  'cookieval',
  'access_key',
  'accesskey',
  'access_code',
  'accesscode',
  'sms_code',
  'smscode',
  'security_code',
  'securitycode',
  '2fa',
  'mfa',
  'totp',
  'hotp',
];
/** Whole words (between `_` or the ends): `sid`, `pin`, `iv`. */
const SECRET_WORDS = new Set(['sid', 'pin', 'iv']);
/** `<qualifier>_key` / `<qualifier>key`: `aes_key`, `cipherkey`, `app_key`, `license_key`. */
const KEY_QUALIFIERS = ['aes', 'crypt', 'cipher', 'sign', 'app', 'license', 'master', 'enc'];

/** Whether a name (variable, key, function) reads like it names a secret. */
export function secretWord(name: string): boolean {
  const snake = name
    .replace(/^\$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
  if (SECRET_STEMS.some((s) => snake.includes(s))) return true;
  // `auth`, but not `author`.
  for (let i = snake.indexOf('auth'); i >= 0; i = snake.indexOf('auth', i + 1)) if (!snake.startsWith('or', i + 4)) return true;
  const words = snake.split('_');
  if (words.some((w) => SECRET_WORDS.has(w))) return true;
  return KEY_QUALIFIERS.some((q) => snake.includes(`${q}_key`) || snake.includes(`${q}key`));
}

/**
 * Names that describe where a value goes: the variable, property or array key it is assigned to,
 * the function it is returned from, the call it is passed to, walking up through the string
 * operations that wrap it (`substr(md5(rand()), 0, 8)`).
 */
export function destinationNames(node: SyntaxNode, ctx: MatchContext): string[] {
  const out: string[] = [];
  let n: SyntaxNode = node;
  for (let depth = 0; depth < 12; depth++) {
    const p = n.parent;
    if (!p) break;
    switch (p.type) {
      case 'assignment_expression':
      case 'augmented_assignment_expression': {
        if (n.field === 'right') {
          const left = p.child('left');
          if (left) out.push(targetName(left));
          return out;
        }
        return out;
      }
      case 'array_element_initializer': {
        const kids = p.namedChildren;
        if (kids.length >= 2 && kids[kids.length - 1] === n) {
          const key = literalContent(kids[0] as SyntaxNode) ?? (kids[0] as SyntaxNode).text;
          out.push(key);
          return out;
        }
        n = p;
        continue;
      }
      case 'return_statement':
      case 'arrow_function': {
        const fn = ctx.fn;
        if (fn?.name) out.push(fn.name);
        return out;
      }
      case 'property_element':
      case 'static_variable_declaration':
      case 'const_element': {
        const name = p.child('name') ?? p.namedChildren[0];
        if (name) out.push(name.text);
        return out;
      }
      case 'argument': {
        // Passed to a call: the call's name says something (setcookie, session_id), and so does
        // a named parameter; keep climbing through string functions.
        const call = p.parent?.parent;
        const label = p.child('name');
        if (label) out.push(label.text);
        if (call) {
          const cv = ctx.call(call);
          if (cv) {
            out.push(cv.name);
            if (cv.name === 'setcookie' || cv.name === 'setrawcookie') {
              const first = cv.args.find((a) => a.index === 0);
              if (first) out.push(ctx.stringValue(first.node) ?? first.node.text);
            }
            if (cv.name === '__construct' || cv.isNew || cv.name === 'define') return out;
          }
          n = call;
          continue;
        }
        return out;
      }
      case 'arguments':
      case 'binary_expression':
      case 'encapsed_string':
      case 'parenthesized_expression':
      case 'cast_expression':
      case 'conditional_expression':
      case 'array_creation_expression':
      case 'function_call_expression':
      case 'member_call_expression':
      case 'scoped_call_expression':
      case 'sequence_expression':
        n = p;
        continue;
      default:
        return out;
    }
  }
  return out;
}

function targetName(node: SyntaxNode): string {
  if (node.type === 'subscript_expression') {
    const key = node.namedChildren[1];
    if (key) return literalContent(key) ?? key.text;
  }
  if (node.type === 'member_access_expression' || node.type === 'nullsafe_member_access_expression' || node.type === 'scoped_property_access_expression') {
    return node.child('name')?.text ?? node.text;
  }
  return node.text;
}

/** Blocks whose statements run in order: a statement before the sink in one of them runs first. */
const STATEMENT_LISTS = new Set(['program', 'compound_statement', 'case_statement', 'default_statement', 'colon_block', 'declaration_list']);
const SCOPE_TYPES = new Set(['function_definition', 'method_declaration', 'anonymous_function', 'anonymous_function_creation_expression', 'arrow_function', 'class_declaration']);

/** The media type a statement sets (`header('Content-Type: text/plain')`, `$response->headers->set('Content-Type', …)`), or null. */
function contentTypeSet(stmt: SyntaxNode, ctx: MatchContext): string | null {
  if (stmt.type !== 'expression_statement') return null;
  const expr = stmt.namedChildren[0];
  const call = expr ? ctx.call(unwrap(expr)) : null;
  if (!call) return null;
  const first = call.args.find((a) => a.index === 0);
  const value = first ? ctx.stringValue(first.node) : null;
  if (value === null) return null;
  if (call.name === 'header' && !call.receiver) {
    const colon = value.indexOf(':');
    if (colon < 0 || value.slice(0, colon).trim().toLowerCase() !== 'content-type') return null;
    return value
      .slice(colon + 1)
      .trim()
      .toLowerCase();
  }
  if ((call.name === 'set' || call.name === 'header' || call.name === 'withHeader') && value.trim().toLowerCase() === 'content-type') {
    const second = call.args.find((a) => a.index === 1);
    const type = second ? ctx.stringValue(second.node) : null;
    return type === null ? null : type.trim().toLowerCase();
  }
  return null;
}

/**
 * The media type of the response where a sink writes, as far as the code says: the nearest
 * `Content-Type` header set by a statement that runs before the sink on every path (an earlier
 * statement of the sink's block or of an enclosing block, in the same function). A header set
 * inside another branch or another function does not count. Null when none is set (PHP's default
 * is text/html).
 */
export function responseContentType(at: SyntaxNode, ctx: MatchContext): string | null {
  for (let n: SyntaxNode = at; n.parent && !SCOPE_TYPES.has(n.type); n = n.parent) {
    const list = n.parent;
    if (!STATEMENT_LISTS.has(list.type)) continue;
    const kids = list.children;
    for (let i = kids.indexOf(n) - 1; i >= 0; i--) {
      const type = contentTypeSet(kids[i] as SyntaxNode, ctx);
      if (type !== null) return type;
    }
  }
  return null;
}

/** Whether a media type is rendered as a document by browsers (HTML, XHTML, SVG). */
export function rendersMarkup(type: string): boolean {
  return type.includes('html') || type.includes('svg');
}

/** Whether a taint came straight from an uploaded file's client name (`$_FILES[..]['name']`, `getClientOriginalName()`). */
export function isUploadName(taint: Taint): boolean {
  return (
    /^\$_FILES\b/.test(taint.label) ||
    /getClientOriginalName|getClientFilename|getClientOriginalExtension|->file\(|->getFile\(|->files->get\(|getUploadedFiles\(|allFiles\(/.test(taint.label)
  );
}

/**
 * The code a sink can rely on: the enclosing function, or at top level the top-level statements
 * before the sink (function and class bodies excluded).
 */
export function scopeText(ctx: MatchContext, at: SyntaxNode): string {
  const scope = scopeOf(ctx, at);
  return scope ? scope.text.slice(0, scope.length) : '';
}

/** The top-level statements of a program joined as scopeText joins them, with each one's start and the joined length after it. */
interface TopLevel {
  text: string;
  starts: number[];
  lengths: number[];
}
const topLevelIndex = new WeakMap<SyntaxNode, TopLevel>();

function topLevelOf(program: SyntaxNode): TopLevel {
  let top = topLevelIndex.get(program);
  if (top) return top;
  const parts: string[] = [];
  const starts: number[] = [];
  const lengths: number[] = [];
  let length = 0;
  for (const s of program.children) {
    if (s.type === 'function_definition' || s.type === 'class_declaration') continue;
    const piece = s.text + '\n';
    parts.push(piece);
    length += piece.length;
    starts.push(s.start);
    lengths.push(length);
  }
  top = { text: parts.join(''), starts, lengths };
  topLevelIndex.set(program, top);
  return top;
}

/**
 * scopeText as a prefix of a text built once per scope: the function's text (whole), or the
 * program's joined top-level statements (up to the last one starting at or before `at`); null
 * when `at` has no program above it.
 */
function scopeOf(ctx: MatchContext, at: SyntaxNode): { key: SyntaxNode; text: string; length: number } | null {
  if (ctx.fn) {
    const text = ctx.fn.node.text;
    return { key: ctx.fn.node, text, length: text.length };
  }
  let top: SyntaxNode = at;
  while (top.parent && top.parent.type !== 'program') top = top.parent;
  const program = top.parent;
  if (!program) return { key: at, text: '', length: 0 };
  const index = topLevelOf(program);
  let lo = 0;
  let hi = index.starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((index.starts[mid] as number) <= at.start) lo = mid + 1;
    else hi = mid;
  }
  return { key: program, text: index.text, length: lo > 0 ? (index.lengths[lo - 1] as number) : 0 };
}

/** Whether the code around a sink checks an upload's extension or type. */
export function checksUploadType(ctx: MatchContext, at: SyntaxNode): boolean {
  return checksUpload(scopeText(ctx, at));
}

/**
 * Whether the host of a URL variable is extracted with `parse_url()` and checked by a guard around
 * the sink: the sink sits inside an `if` that tests it, or an earlier `if` that tests it leaves
 * (`$host = parse_url($url, PHP_URL_HOST); if (!in_array($host, $allowed)) exit;`). The guard
 * validates `$host`, not `$url`; this recognises the idiom.
 */
export function hostChecked(arg: SyntaxNode, ctx: MatchContext): boolean {
  const n = unwrap(arg);
  if (n.type !== 'variable_name') return false;
  const name = n.text.replace(/[^\w$]/g, '').replace(/\$/g, '\\$');
  const assigned = parseUrlTarget(ctx, arg, name);
  const tested = [`parse_url\\s*\\(\\s*${name}\\b`];
  if (assigned?.[1]) tested.push(assigned[1].replace(/\$/g, '\\$') + '\\b');
  const mentions = new RegExp(tested.join('|'));
  // Inside an if/elseif that tests the host.
  for (let p = arg.parent; p; p = p.parent) {
    if ((p.type === 'if_statement' || p.type === 'else_if_clause') && mentions.test(p.child('condition')?.text ?? '')) return true;
    if (p.type === 'function_definition' || p.type === 'method_declaration') break;
  }
  // After an if that tests the host and leaves.
  let scope: SyntaxNode | null = ctx.fn?.node ?? null;
  if (!scope) {
    for (scope = arg; scope.parent; scope = scope.parent);
    const indexed = topLevelGuard(scope, arg, mentions);
    if (indexed !== null) return indexed;
  }
  const stack: SyntaxNode[] = [scope];
  for (let budget = 20000; stack.length > 0 && budget > 0; budget--) {
    const node = stack.pop() as SyntaxNode;
    if (node.start > arg.start) continue;
    if (node.type === 'if_statement' && node.end < arg.start && mentions.test(node.child('condition')?.text ?? '')) {
      const body = node.child('body');
      if (body && leaves(body)) return true;
    }
    for (const c of node.children) {
      if (!c.named || c.start > arg.start) continue;
      // Another function's guards do not protect this code.
      if ((c.type === 'function_definition' || c.type === 'method_declaration' || c.type === 'class_declaration') && !c.contains(arg)) continue;
      stack.push(c);
    }
  }
  return false;
}

const DECLARATIONS = new Set(['function_definition', 'method_declaration', 'class_declaration']);

/**
 * The tree hostChecked walks at top level (the root and what its named children reach), in
 * pre-order: each node's start, the `if`s outside any declaration (with their last descendant's
 * index and depth, sorted by that index) and the outermost declarations (by index, with subtree
 * sizes summed). `ok` is false when starts are not in order (then the walk itself runs).
 */
interface GuardIndex {
  ok: boolean;
  starts: number[];
  ifs: { node: SyntaxNode; last: number; depth: number }[];
  declIndex: number[];
  declLast: number[];
  declNode: SyntaxNode[];
  declSizes: number[];
}
const guardIndex = new WeakMap<SyntaxNode, GuardIndex>();

function guardIndexOf(root: SyntaxNode): GuardIndex {
  let index = guardIndex.get(root);
  if (index) return index;
  const nodes: SyntaxNode[] = [];
  const parents: number[] = [];
  const depths: number[] = [];
  const inDecl: boolean[] = [];
  const stack: [SyntaxNode, number, number, boolean][] = [[root, -1, 0, false]];
  while (stack.length > 0) {
    const [n, parent, depth, under] = stack.pop() as [SyntaxNode, number, number, boolean];
    const i = nodes.length;
    nodes.push(n);
    parents.push(parent);
    depths.push(depth);
    inDecl.push(under);
    const kids = n.children;
    const decl = n !== root && DECLARATIONS.has(n.type);
    for (let k = kids.length - 1; k >= 0; k--) {
      const c = kids[k] as SyntaxNode;
      if (c.named) stack.push([c, i, depth + 1, under || decl]);
    }
  }
  const sizes = new Array<number>(nodes.length).fill(1);
  for (let i = nodes.length - 1; i > 0; i--) {
    const parent = parents[i] as number;
    sizes[parent] = (sizes[parent] as number) + (sizes[i] as number);
  }
  let ok = true;
  const starts = nodes.map((n, i) => {
    if (i > 0 && n.start < (nodes[i - 1] as SyntaxNode).start) ok = false;
    return n.start;
  });
  const ifs: GuardIndex['ifs'] = [];
  const declIndex: number[] = [];
  const declLast: number[] = [];
  const declNode: SyntaxNode[] = [];
  const declSizes: number[] = [0];
  nodes.forEach((n, i) => {
    if (inDecl[i]) return;
    const last = i + (sizes[i] as number) - 1;
    if (n.type === 'if_statement') ifs.push({ node: n, last, depth: depths[i] as number });
    if (i > 0 && DECLARATIONS.has(n.type)) {
      declIndex.push(i);
      declLast.push(last);
      declNode.push(n);
      declSizes.push((declSizes[declSizes.length - 1] as number) + (sizes[i] as number));
    }
  });
  ifs.sort((a, b) => a.last - b.last);
  index = { ok, starts, ifs, declIndex, declLast, declNode, declSizes };
  guardIndex.set(root, index);
  return index;
}

/** Number of entries of a sorted array that are <= value. */
function countAtMost(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * hostChecked's search for an earlier `if` that tests the host and leaves, at top level, from an
 * index of the tree instead of a walk of it; null when the index cannot answer exactly (then the
 * walk runs). The walk pops nodes depth-first, last child first, skipping nodes after `arg` and
 * declarations that do not hold it, and stops after 20000 pops: an `if` is reached when its
 * ancestors plus the walked nodes after its subtree number under 20000.
 */
function topLevelGuard(root: SyntaxNode, arg: SyntaxNode, mentions: RegExp): boolean | null {
  if (arg.end <= arg.start || root.start > arg.start) return null;
  for (let p = arg.parent; p; p = p.parent) if (DECLARATIONS.has(p.type) && p !== root) return null;
  const index = guardIndexOf(root);
  if (!index.ok) return null;
  const m = countAtMost(index.starts, arg.start);
  const decls = countAtMost(index.declIndex, m - 1);
  if (decls > 0) {
    const k = decls - 1;
    if ((index.declNode[k] as SyntaxNode).contains(arg) || (index.declLast[k] as number) >= m) return null;
  }
  const lasts = index.ifs;
  let lo = 0;
  let hi = lasts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((lasts[mid] as GuardIndex['ifs'][number]).last <= m - 1) lo = mid + 1;
    else hi = mid;
  }
  for (let j = lo - 1; j >= 0; j--) {
    const x = lasts[j] as GuardIndex['ifs'][number];
    const after = m - 1 - x.last - ((index.declSizes[decls] as number) - (index.declSizes[countAtMost(index.declIndex, x.last)] as number));
    if (after >= 20000) break;
    if (x.depth + after >= 20000) continue;
    const node = x.node;
    if (node.end < arg.start && mentions.test(node.child('condition')?.text ?? '')) {
      const body = node.child('body');
      if (body && leaves(body)) return true;
    }
  }
  return false;
}

const parseUrlIndex = new WeakMap<SyntaxNode, Map<string, { end: number; target: string | undefined } | null>>();

/**
 * The first `$x = parse_url($name` of scopeText (as `[match, $x]`), or null. Matched once per
 * scope and name on the scope's whole text; at top level the prefix holds the match when the
 * match (and the character its `\b` looks at) lies inside it. A match cannot reach the prefix's
 * end, which is a newline; a later match overlapping the first would end after it.
 */
function parseUrlTarget(ctx: MatchContext, arg: SyntaxNode, name: string): [string, string | undefined] | null {
  const scope = scopeOf(ctx, arg);
  if (!scope) return null;
  let byName = parseUrlIndex.get(scope.key);
  if (!byName) parseUrlIndex.set(scope.key, (byName = new Map()));
  let first = byName.get(name);
  if (first === undefined) {
    const m = new RegExp(`(\\$\\w+)\\s*=\\s*parse_url\\s*\\(\\s*${name}\\b`).exec(scope.text);
    first = m ? { end: m.index + m[0].length, target: m[1] } : null;
    byName.set(name, first);
  }
  if (!first) return null;
  if (scope.length === scope.text.length ? first.end > scope.length : first.end >= scope.length) return null;
  return ['', first.target];
}

/** Whether a block leaves the flow: `exit`, `die`, `return`, `throw`, or a call to a helper of the file that always exits. */
function leaves(body: SyntaxNode): boolean {
  if (/\b(?:exit|die|return|throw|abort|wp_die)\b/.test(body.text)) return true;
  const summaries = summariesOf(rootOf(body));
  const stack: SyntaxNode[] = [body];
  for (let budget = 2000; stack.length > 0 && budget > 0; budget--) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'function_call_expression') {
      const fn = n.child('function');
      if (fn && (fn.type === 'name' || fn.type === 'qualified_name') && summaries.get(fn.text.replace(/^.*\\/, '').toLowerCase())?.kind === 'exit') return true;
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return false;
}

/** Calls and words that check an upload's type (lower case). */
const UPLOAD_CHECKS = [
  'allowed_ext',
  'allowedext',
  'allowed_types',
  'allowedtypes',
  'allowed_mimes',
  'allowedmimes',
  'allowed_files',
  'allowedfiles',
  'mimetypes:',
  'getimagesize',
  'exif_imagetype',
  'finfo_file',
  'finfo_open',
  'mime_content_type',
  'wp_check_filetype',
  'wp_handle_upload',
  "'image'",
  '"image"',
  '|image|',
  "'image|",
  "|image'",
  '"image|',
  '|image"',
];
const IMAGE_TYPES = ['jpg', 'jpeg', 'png', 'gif', 'pdf', 'doc'];

/**
 * Whether code checks an upload's extension or type: an allow-list of extensions or MIME types,
 * `in_array(… ext …)`, Laravel's `mimes:` rule, image/finfo probes, or a `preg_match` on image or
 * document extensions. Plain string searches over the lower-cased text.
 */
function checksUpload(text: string): boolean {
  const lower = text.toLowerCase();
  if (UPLOAD_CHECKS.some((c) => lower.includes(c))) return true;
  if (hasWord(lower, 'mimes') && lower.includes('mimes:')) return true;
  for (const fn of ['in_array', 'array_search']) {
    for (let i = lower.indexOf(fn); i >= 0; i = lower.indexOf(fn, i + 1)) {
      const open = skipSpaces(lower, i + fn.length);
      if (lower[open] !== '(') continue;
      // `ext` inside the first argument (up to 80 characters, before `,` or `)`).
      let j = open + 1;
      while (j < lower.length && j - open <= 80 && lower[j] !== ',' && lower[j] !== ')') j++;
      if (lower.slice(open + 1, j).includes('ext')) return true;
    }
  }
  for (let i = lower.indexOf('preg_match'); i >= 0; i = lower.indexOf('preg_match', i + 1)) {
    const open = skipSpaces(lower, i + 10);
    if (lower[open] !== '(') continue;
    const quote = skipSpaces(lower, open + 1);
    if (lower[quote] !== "'" && lower[quote] !== '"') continue;
    let j = quote + 1;
    while (j < lower.length && j - quote <= 80 && lower[j] !== "'" && lower[j] !== '"' && lower[j] !== '\n') j++;
    const pattern = lower.slice(quote + 1, j);
    if (IMAGE_TYPES.some((t) => pattern.includes(t)) || pattern.includes('jpe?g')) return true;
  }
  return false;
}

const URL_WORDS = /url|uri|link|href|host|endpoint|feed|webhook|callback|site|domain|remote|proxy|src\b|server/i;
const PATH_WORDS = /file|path|dir|folder|template|page|doc|upload|attachment|\blog\b|report|include|module/i;

/** Whether an expression (or what it was built from) looks like a URL rather than a file path. */
export function urlLike(taint: Taint, arg: SyntaxNode, ctx: MatchContext): boolean {
  const lead = leadingLiteral(arg, ctx);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(lead) || /^\/\//.test(lead)) return true;
  if (/^(?:\.{0,2}\/|[A-Za-z]:\\|[\w-]+\/)/.test(lead) && !lead.includes('://')) return false;
  if (/:\/\//.test(taint.text)) return true;
  // Decide by the names: the argument's own text first, then where the data came from.
  for (const text of [arg.text, taint.label]) {
    const url = URL_WORDS.test(text);
    const path = PATH_WORDS.test(text);
    if (url && !path) return true;
    if (path && !url) return false;
  }
  return false;
}
