/** Helpers shared by the PHP rules (predicates over the PHP syntax tree). */
import type { CallView } from '../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { literalContent } from './adapter.ts';

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

/** `Location:` or `Refresh: 0; url=` headers redirect the browser; other headers do not. */
export const REDIRECT_HEADER = /^\s*(?:location\s*:|refresh\s*:[^\n]{0,40}url\s*=)/i;

/** Words that make a name describe a secret value (tokens, passwords, keys, one-time codes). */
const SECRET_CONTEXT = /(?:token|passw(?:or)?d|passwd|pwd|secret|salt|nonce|otp|csrf|xsrf|session|sess_?id|api_?key|apikey|auth(?!or)|verif|activation|activate|reset|recovery|invit|captcha|pin_?code|passcode|one_?time|signature|signing|hmac|private_?key|encryption_?key|remember|magic_?link|cookie_?val|access_?key|access_?code|sms_?code|security_?code|2fa|mfa|totp|hotp|(?:^|_)sid(?:$|_)|(?:^|_)pin(?:$|_)|(?:aes|crypt|cipher|sign|app|license|master|enc)_?key|(?:^|_)iv(?:$|_))/i;

/** Whether a name (variable, key, function) reads like it names a secret. */
export function secretWord(name: string): boolean {
  const snake = name.replace(/^\$/, '').replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  return SECRET_CONTEXT.test(snake);
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
  return UPLOAD_CHECK.test(scopeText(ctx, at));
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
      if (body && /\b(?:exit|die|return|throw|abort|wp_die)\b/.test(body.text)) return true;
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

const UPLOAD_CHECK = /in_array\s*\([^,)]{0,80}ext|array_search\s*\([^,)]{0,80}ext|allowed_?(?:ext|types|mimes|extensions|files)|\bmimes:|mimetypes:|['"|]image['"|]|getimagesize|exif_imagetype|finfo_file|finfo_open|mime_content_type|wp_check_filetype|wp_handle_upload|preg_match\s*\(\s*['"][^'"\n]{0,80}(?:jpe?g|png|gif|pdf|docx?)/i;

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
