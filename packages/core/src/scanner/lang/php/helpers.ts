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
  const text = scopeText(ctx, variable);
  const end = ctx.fn ? variable.start - ctx.fn.node.start : text.length;
  const before = text.slice(0, Math.max(0, end));
  const re = new RegExp('\\' + name + '\\b\\s*=(?!=)\\s*(?:([\'"])([^\'"$\\n{]*))?', 'g');
  let prefix = '';
  for (let m = re.exec(before); m !== null; m = re.exec(before)) prefix = m[1] ? (m[2] ?? '') : '';
  return prefix;
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
  'token', 'password', 'passwd', 'pwd', 'secret', 'salt', 'nonce', 'otp', 'csrf', 'xsrf', 'session', 'sessid', 'sess_id', 'api_key', 'apikey',
  'verif', 'activation', 'activate', 'reset', 'recovery', 'invit', 'captcha', 'pin_code', 'pincode', 'passcode', 'one_time', 'onetime',
  'signature', 'signing', 'hmac', 'private_key', 'privatekey', 'encryption_key', 'encryptionkey', 'remember', 'magic_link', 'magiclink',
  'cookie_val', 'cookieval', 'access_key', 'accesskey', 'access_code', 'accesscode', 'sms_code', 'smscode', 'security_code',
  'securitycode', '2fa', 'mfa', 'totp', 'hotp',
];
/** Whole words (between `_` or the ends): `sid`, `pin`, `iv`. */
const SECRET_WORDS = new Set(['sid', 'pin', 'iv']);
/** `<qualifier>_key` / `<qualifier>key`: `aes_key`, `cipherkey`, `app_key`, `license_key`. */
const KEY_QUALIFIERS = ['aes', 'crypt', 'cipher', 'sign', 'app', 'license', 'master', 'enc'];

/** Whether a name (variable, key, function) reads like it names a secret. */
export function secretWord(name: string): boolean {
  const snake = name.replace(/^\$/, '').replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
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
    return value.slice(colon + 1).trim().toLowerCase();
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
  return /^\$_FILES\b/.test(taint.label) || /getClientOriginalName|getClientFilename|getClientOriginalExtension|->file\(|->getFile\(|->files->get\(|getUploadedFiles\(|allFiles\(/.test(taint.label);
}

/**
 * The code a sink can rely on: the enclosing function, or at top level the top-level statements
 * before the sink (function and class bodies excluded).
 */
export function scopeText(ctx: MatchContext, at: SyntaxNode): string {
  if (ctx.fn) return ctx.fn.node.text;
  let top: SyntaxNode = at;
  while (top.parent && top.parent.type !== 'program') top = top.parent;
  const program = top.parent;
  let text = '';
  if (program) {
    for (const s of program.children) {
      if (s.start > at.start) break;
      if (s.type === 'function_definition' || s.type === 'class_declaration') continue;
      text += s.text + '\n';
    }
  }
  return text;
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
  const text = scopeText(ctx, arg);
  const assigned = new RegExp(`(\\$\\w+)\\s*=\\s*parse_url\\s*\\(\\s*${name}\\b`).exec(text);
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
  if (!scope) for (scope = arg; scope.parent; scope = scope.parent);
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
  'allowed_ext', 'allowedext', 'allowed_types', 'allowedtypes', 'allowed_mimes', 'allowedmimes', 'allowed_files', 'allowedfiles',
  'mimetypes:', 'getimagesize', 'exif_imagetype', 'finfo_file', 'finfo_open', 'mime_content_type', 'wp_check_filetype', 'wp_handle_upload',
  "'image'", '"image"', '|image|', "'image|", '|image\'', '"image|', '|image"',
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
