/** Predicates shared by the Ruby rules (rules/ruby/*.ts). */
import type { CallView } from '../../engine/adapter.ts';
import { classBit, type MatchContext, type Taint, type VulnClass } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { DB_RECEIVER, looksLikeSql } from '../common.ts';

/** Positional arguments of a call, in order. */
export function positional(call: CallView): SyntaxNode[] {
  return call.args.filter((a) => a.index >= 0).map((a) => a.node);
}

/** A keyword argument's value (`only_path: true` → the `true` node). */
export function keyword(call: CallView, name: string): SyntaxNode | null {
  for (const a of call.args) if (a.name === name) return a.node;
  return null;
}

/** Whether a call has a block (`do … end` / `{ … }`). */
export function blockOf(call: CallView): SyntaxNode | null {
  return call.args.find((a) => a.name === '&')?.node ?? null;
}

/** Whether a node is the literal `true` / `false`. */
export function isTrue(node: SyntaxNode | null): boolean {
  return node !== null && node.type === 'true';
}
export function isFalse(node: SyntaxNode | null): boolean {
  return node !== null && (node.type === 'false' || node.type === 'nil');
}

/**
 * Whether a node carries untrusted data that is dangerous for a class at this point: not sanitized
 * for it, and remote, or built into a string (for local / parameter data when `built` allows it).
 */
export function dangerous(
  ctx: MatchContext,
  node: SyntaxNode | null,
  cls: VulnClass,
  policy: { local?: 'any' | 'built' | 'never'; params?: 'any' | 'built' | 'never' } = {},
): Taint | null {
  if (!node) return null;
  const t = ctx.taint(node);
  if (!t || t.sanitized & classBit(cls)) return null;
  if (t.strength === 'remote') return t;
  const p = t.strength === 'local' ? (policy.local ?? 'any') : (policy.params ?? 'built');
  return p === 'any' || (p === 'built' && t.built) ? t : null;
}

/** The last segment of a receiver's access path without the call marker (`ActiveRecord::Base.connection` → `connection`). */
export function receiverName(call: CallView, ctx: MatchContext): string | null {
  if (!call.receiver) return null;
  const p = ctx.path(call.receiver);
  const last = p?.[p.length - 1];
  return last ? last.replace(/\(\)$/, '').replace(/^[@$]+/, '') : null;
}

/** Whether the receiver is a database handle (`conn`, `db`, `ActiveRecord::Base.connection`, `DB`). */
export function isDbReceiver(call: CallView, ctx: MatchContext): boolean {
  const name = receiverName(call, ctx);
  return name !== null && (DB_RECEIVER.test(name) || /(?:^|_)(?:connection|conn|db|database|client|pg|mysql|sqlite)$/i.test(name));
}

export { looksLikeSql };

/** Methods that return ActiveRecord relations: a chain through them is a query. */
const AR_CHAIN = new Set([
  'where',
  'order',
  'joins',
  'left_joins',
  'left_outer_joins',
  'includes',
  'preload',
  'eager_load',
  'references',
  'all',
  'unscoped',
  'limit',
  'offset',
  'group',
  'having',
  'select',
  'distinct',
  'reorder',
  'rewhere',
  'none',
  'readonly',
  'lock',
  'from',
  'merge',
  'active',
  'visible',
  'published',
  'scoped',
  'with_deleted',
  'kept',
  'not',
  'or',
  'and',
  'extending',
  'page',
  'per',
  'default_scoped',
]);
/** Constants that are not models. */
const NOT_MODELS = new Set([
  'Array',
  'Hash',
  'Set',
  'String',
  'File',
  'Dir',
  'IO',
  'Struct',
  'OpenStruct',
  'ENV',
  'ARGV',
  'JSON',
  'YAML',
  'URI',
  'Time',
  'Date',
  'DateTime',
  'Kernel',
  'Process',
  'Thread',
  'Queue',
  'Range',
  'Regexp',
  'Integer',
  'Float',
  'Math',
  'Rails',
  'Open3',
  'Nokogiri',
  'CSV',
  'Zip',
  'Net',
  'Faraday',
  'HTTParty',
  'Enumerable',
  'Comparable',
  'Object',
  'Module',
  'Class',
  'Pathname',
  'FileUtils',
  'Digest',
  'OpenSSL',
  'SecureRandom',
  'Random',
  'Base64',
  'ERB',
  'Logger',
  'Sequel',
  'Arel',
  'IPAddr',
  'Socket',
  'TCPSocket',
]);

/** Whether a call's receiver reads like an ActiveRecord model or relation (`User`, `Admin::User`, `User.where(…)`, `@posts.order(…)`). */
export function isModelReceiver(call: CallView, ctx: MatchContext): boolean {
  if (!call.receiver) {
    const bases = ctx.fn?.classBases ?? [];
    return bases.some((b) => /(?:ApplicationRecord|ActiveRecord::Base|Sequel::Model|\bRecord\b)/.test(b));
  }
  const p = ctx.path(call.receiver);
  if (!p || p.length === 0) return false;
  const segs = p.map((s) => s.replace(/\(\)$/, ''));
  if (segs.some((s) => AR_CHAIN.has(s))) return true;
  const first = segs[0] as string;
  if (!/^[A-Z]/.test(first) || NOT_MODELS.has(first)) return false;
  return segs.every((s) => /^[A-Z]/.test(s));
}

/**
 * Whether an argument is a hash of conditions / attributes rather than SQL text: a hash literal,
 * `params` itself, a strong-parameters helper (`user_params`), or a params chain ending in
 * `permit(…)` / `slice(…)` / `to_h`.
 */
export function isHashArgument(node: SyntaxNode, ctx: MatchContext): boolean {
  if (node.type === 'hash' || node.type === 'pair') return true;
  if (node.type === 'identifier') {
    const p = ctx.path(node);
    if (p !== null && p.length === 1 && p[0] === 'params') return true;
    // `conditions = { status: params[:status] }` … `where(conditions)`: a local last given a hash.
    const value = lastAssigned(node);
    return value !== null && value !== node && isHashArgument(value, ctx);
  }
  if (node.type === 'call') {
    const method = node.child('method')?.text ?? '';
    if (/^(?:permit!?|slice|to_h|to_hash|to_unsafe_h|to_unsafe_hash|except|symbolize_keys|with_indifferent_access|merge|reverse_merge|compact_blank|compact)$/.test(method))
      return true;
    if (method === 'require' && /^params\b/.test(node.text)) return true;
  }
  return false;
}

const SCOPE_TYPES = new Set(['method', 'singleton_method', 'block', 'do_block', 'lambda']);

/** The value a local was last assigned before `use` in its method or block (`x = …`), or null. */
function lastAssigned(use: SyntaxNode): SyntaxNode | null {
  const scope = use.ancestor(SCOPE_TYPES);
  if (!scope) return null;
  let found: SyntaxNode | null = null;
  const stack: SyntaxNode[] = [scope];
  for (let budget = 5000; stack.length > 0 && budget > 0; budget--) {
    const n = stack.pop() as SyntaxNode;
    if (n.start >= use.start) continue;
    if (n.type === 'assignment' && n.child('left')?.type === 'identifier' && n.child('left')?.text === use.text && n.end <= use.start) {
      if (!found || n.start > found.start) found = n.child('right');
    }
    for (const c of n.namedChildren) stack.push(c);
  }
  return found;
}

/**
 * The literal text an argument certainly starts with: a string's leading fragment, or the
 * constant a leading interpolation holds (`"#{BASE_URL}/x"`). Null when it starts with data.
 */
export function literalPrefix(node: SyntaxNode, ctx: MatchContext): string | null {
  let n = node;
  for (let i = 0; i < 8 && n.type === 'parenthesized_statements' && n.namedChildren.length === 1; i++) n = n.namedChildren[0] as SyntaxNode;
  const whole = ctx.stringValue(n);
  if (whole !== null) return whole;
  if (n.type === 'string' || n.type === 'heredoc_beginning') {
    let out = '';
    for (const c of n.children) {
      if (!c.named) continue;
      if (c.type === 'string_content' || c.type === 'escape_sequence') out += c.text;
      else if (c.type === 'interpolation') {
        const inner = c.namedChildren[c.namedChildren.length - 1];
        const s = inner ? ctx.stringValue(inner) : null;
        if (s !== null) {
          out += s;
          continue;
        }
        // A leading configuration value (`#{BASE_URL}`, `#{ENV['API']}`, `#{api_host}`) pins the destination.
        const t = inner ? ctx.taint(inner) : null;
        if (inner && out === '' && (!t || t.strength === 'local')) out += 'https://configured.invalid/';
        else return out;
      }
    }
    return out;
  }
  if (n.type === 'binary' && n.child('operator')?.text === '+') {
    const left = n.child('left');
    return left ? literalPrefix(left, ctx) : null;
  }
  if (n.type === 'call' && n.child('method')?.text === 'join' && n.child('receiver')?.type === 'array') {
    const first = n.child('receiver')?.namedChildren[0];
    return first ? literalPrefix(first, ctx) : null;
  }
  return null;
}

/** `api.example.com/`: a bare host name (dot-separated labels, a top-level domain of letters) then a path. */
function bareHostThenPath(prefix: string): boolean {
  const slash = prefix.indexOf('/');
  if (slash <= 0) return false;
  const labels = prefix.slice(0, slash).split('.');
  if (labels.length < 2) return false;
  const label = (s: string): boolean => s.length > 0 && [...s].every((c) => c === '-' || c === '_' || (c >= '0' && c <= '9') || (c.toLowerCase() >= 'a' && c.toLowerCase() <= 'z'));
  const tld = labels[labels.length - 1] as string;
  return labels.every(label) && tld.length >= 2 && [...tld].every((c) => c.toLowerCase() >= 'a' && c.toLowerCase() <= 'z');
}

/** Whether a URL prefix pins the destination: an absolute URL with a host and a path, or a local path (`/users/`, not `//evil`). */
export function pinsHost(prefix: string): boolean {
  return /^(?:https?:)?\/\/[^/?#\\]+[/?#]/i.test(prefix) || /^\/[^/\\]/.test(prefix) || bareHostThenPath(prefix);
}

/**
 * Whether a URL-valued argument is pinned to a fixed host or local path by literal text before the
 * untrusted part: `"https://api.example.com/users/#{id}"`, `"/search?q=#{q}"`, `"#{BASE}/x/#{y}"`.
 */
export function hostIsPinned(arg: SyntaxNode | null, ctx: MatchContext, taint: Taint): boolean {
  if (!arg) return false;
  const prefix = literalPrefix(arg, ctx);
  if (prefix !== null) return pinsHost(prefix);
  // A variable built earlier: the literal text it was built with.
  return taint.built && taint.text.length > 0 && pinsHost(taint.text);
}

/** Names that describe something secret: tokens, passwords, keys, nonces, salts, reset / verification codes. */
const SECRET_WORDS = new Set([
  'token',
  'tokens',
  'password',
  'passwd',
  'pwd',
  'pass',
  'passphrase',
  'passcode',
  'secret',
  'secrets',
  'nonce',
  'salt',
  'otp',
  'totp',
  'hotp',
  'pin',
  'csrf',
  'xsrf',
  'apikey',
  'session',
  'sid',
  'credential',
  'credentials',
  'auth',
  'authentication',
  'signature',
  'hmac',
  'jwt',
  'bearer',
  'cookie',
  'verifier',
  'challenge',
  'captcha',
  'activation',
  'invite',
  'invitation',
  'coupon',
  'voucher',
  'sso',
  'mfa',
  '2fa',
  'tfa',
  'recovery',
  'remember',
  'unlock',
  'confirmation',
  'reset',
  'magic',
  'iv',
]);
const KEY_WORDS = new Set(['key', 'code', 'id', 'link', 'url', 'hash', 'string', 'value']);
const KEY_QUALIFIERS = new Set([
  'api',
  'access',
  'secret',
  'private',
  'signing',
  'encryption',
  'session',
  'license',
  'auth',
  'reset',
  'verification',
  'verify',
  'confirmation',
  'confirm',
  'activation',
  'invite',
  'invitation',
  'sms',
  'otp',
  'security',
  'login',
  'one',
  'magic',
  'unlock',
  'recovery',
  'backup',
  'promo',
  'referral',
  'aes',
  'hmac',
  'crypt',
  'cipher',
  'master',
  'download',
  'share',
  'sharing',
]);

/** Splits `resetToken`, `RESET_TOKEN`, `@reset_token`, `user.reset_token` into lower-case words. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** Whether a name (variable, attribute, key, method) reads like it holds a secret value. */
export function isSecretContext(name: string): boolean {
  const words = wordsOf(name);
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (SECRET_WORDS.has(w)) return true;
    if (KEY_WORDS.has(w) && i > 0 && KEY_QUALIFIERS.has(words[i - 1] as string)) return true;
  }
  return false;
}

/**
 * The names around an expression, innermost first: the variable / attribute / hash key it is
 * assigned to, the method it is returned from, and the enclosing method name.
 */
export function contextNames(node: SyntaxNode): string[] {
  const out: string[] = [];
  let n: SyntaxNode = node;
  for (let i = 0; i < 12 && n.parent; i++) {
    const p: SyntaxNode = n.parent;
    if (p.type === 'assignment' || p.type === 'operator_assignment') {
      const left = p.child('left');
      if (left && n.field === 'right') out.push(left.text);
    } else if (p.type === 'pair') {
      const key = p.child('key');
      if (key && n.field === 'value') out.push(key.text);
    } else if (p.type === 'method' || p.type === 'singleton_method') {
      const name = p.child('name')?.text;
      if (name) out.push(name);
      break;
    } else if (p.type === 'call') {
      // f(…, x) / x.m: an argument of a call that names the purpose (`generate_token(rand)`, `Token.create(value: rand)`)
      const m = p.child('method')?.text;
      // `sleep(rand(3))`, `retry_in(rand(10))`, `puts rand`: timing jitter and output, not a secret.
      if (
        m &&
        n.field !== 'receiver' &&
        /^(?:sleep|times|delay|wait|wait_for|backoff|retry_in|set|perform_in|perform_at|puts|print|p|pp|log|info|debug|warn|error|jitter)$/.test(m)
      )
        break;
      if (m && n.field !== 'receiver') out.push(m);
    } else if (p.type === 'class' || p.type === 'module' || p.type === 'program') break;
    n = p;
  }
  return out;
}

/** Name endings that say a value is a URL or a place to go (`return_to`, `avatarUrl`, `redirect_uris`). */
const URL_ENDINGS = [
  'url',
  'uri',
  'path',
  'redirect',
  'return',
  'next',
  'back',
  'target',
  'dest',
  'destination',
  'location',
  'goto',
  'continue',
  'link',
  'href',
  'callback',
  'origin',
  'referer',
  'referrer',
  'site',
  'endpoint',
  'host',
  'domain',
  'address',
  'webhook',
  'feed',
  'avatar',
  'image',
  'src',
  'to',
];
const URL_NAME = {
  test(name: string): boolean {
    const lower = name.toLowerCase();
    if (lower.endsWith('s')) {
      const singular = lower.slice(0, -1);
      if (URL_ENDINGS.some((e) => singular.endsWith(e))) return true;
    }
    return URL_ENDINGS.some((e) => lower.endsWith(e));
  },
};
const SOURCE_ROOTS = new Set(['params', 'request', 'cookies', 'env']);

/**
 * Whether an argument reads like a URL string rather than a model or options hash
 * (`redirect_to @user` and `link_to name, post` build the URL from the record): a string, a
 * request value (`params[:next]`), or a variable whose name says it holds a URL.
 */
export function urlLike(node: SyntaxNode, ctx: MatchContext): boolean {
  switch (node.type) {
    case 'string':
    case 'heredoc_beginning':
    case 'binary':
    case 'chained_string':
      return true;
    case 'identifier':
    case 'instance_variable':
    case 'global_variable':
    case 'class_variable': {
      const p = ctx.path(node);
      if (p && p.length === 1 && p[0] === 'params' && node.text === 'params') return true;
      return URL_NAME.test(node.text.replace(/^[@$]+/, ''));
    }
    case 'element_reference':
    case 'call': {
      const p = ctx.path(node);
      const root = p?.[0];
      if (root && SOURCE_ROOTS.has(root)) return true;
      const method = node.type === 'call' ? (node.child('method')?.text ?? '') : '';
      if (/^(?:to_s|strip|presence|downcase|chomp|squish|unescape|decode|decode64|urlsafe_decode64|fetch|dig|first|last|sub|gsub|join|format)$/.test(method)) return true;
      if (node.type === 'call' && /^(?:CGI|URI|Base64|Addressable)$/.test(node.child('receiver')?.text ?? '')) return true;
      const name = node.type === 'element_reference' ? (node.namedChildren[1]?.text ?? '') : method;
      return URL_NAME.test(name.replace(/^:/, '').replace(/['"]/g, ''));
    }
    case 'parenthesized_statements': {
      const inner = node.namedChildren[0];
      return inner !== undefined && urlLike(inner, ctx);
    }
    default:
      return false;
  }
}

/** The enclosing class of a node: its qualified name (`Api::V1::OrdersController`) and superclass text. */
export function enclosingClass(node: SyntaxNode): { name: string; base: string } {
  let name = '';
  let base = '';
  for (let p = node.parent; p; p = p.parent) {
    if (p.type !== 'class' && p.type !== 'module') continue;
    const n = p.child('name')?.text ?? '';
    name = name ? `${n}::${name}` : n;
    if (p.type === 'class' && !base) base = p.child('superclass')?.namedChildren[0]?.text ?? '';
  }
  return { name, base };
}

/** Test and spec files (RSpec, Minitest, factories): fixed passwords there are test data. */
let testCodeCache: { code: string; result: boolean } | null = null;

export function isTestCode(code: string): boolean {
  if (testCodeCache && testCodeCache.code === code) return testCodeCache.result;
  const result = testCode(code);
  testCodeCache = { code, result };
  return result;
}

const TEST_BASES = ['ActiveSupport::TestCase', 'ActionDispatch::IntegrationTest', 'ActionController::TestCase', 'Minitest::Test', 'Test::Unit::TestCase'];
const TEST_HELPERS = ['rails_helper', 'spec_helper', 'test_helper'];

function wordAt(text: string, i: number, word: string): boolean {
  if (!text.startsWith(word, i)) return false;
  const c = text.charCodeAt(i + word.length);
  return !((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95);
}

/** RSpec / Minitest files and factories: `describe` / `shared_examples` blocks, test-case classes, spec helpers. */
function testCode(code: string): boolean {
  if (code.includes('FactoryBot.define') || code.includes('FactoryGirl.define')) return true;
  for (const base of TEST_BASES) {
    for (let i = code.indexOf(base); i >= 0; i = code.indexOf(base, i + 1)) {
      let j = i - 1;
      while (j >= 0 && (code[j] === ' ' || code[j] === '\t' || code[j] === '\n' || code[j] === '\r')) j--;
      if (code[j] === '<' && wordAt(code, i, base)) return true;
    }
  }
  for (const helper of TEST_HELPERS) if (code.includes(`require '${helper}'`) || code.includes(`require "${helper}"`)) return true;
  // `describe` / `RSpec.describe` / `shared_examples` at the start of a line.
  for (let start = 0; start < code.length; ) {
    let end = code.indexOf('\n', start);
    if (end < 0) end = code.length;
    let i = start;
    while (i < end && (code[i] === ' ' || code[i] === '\t')) i++;
    if (code.startsWith('RSpec.', i)) i += 6;
    if (wordAt(code, i, 'describe') || wordAt(code, i, 'shared_examples')) return true;
    start = end + 1;
  }
  return false;
}

/** Whether a node sits in code that only runs in development or test (`if Rails.env.development?`, `configure :development do`). */
export function inDevelopmentCode(node: SyntaxNode): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'if' || p.type === 'if_modifier' || p.type === 'unless' || p.type === 'elsif') {
      const c = p.child('condition')?.text ?? '';
      if (/development\?|test\?|local\?|ENV\[['"](?:DEBUG|DEVELOPMENT)/.test(c)) return true;
    }
    if (p.type === 'call' && /^(?:configure|group)$/.test(p.child('method')?.text ?? '') && /:development|:test/.test(p.child('arguments')?.text ?? '')) return true;
  }
  return false;
}

// ---- Sinatra responses ---------------------------------------------------------------------

/** `content_type` arguments that browsers do not render as HTML. */
const NON_HTML_TYPES = new Set(['json', 'text', 'txt', 'xml', 'plain', 'csv', 'js', 'javascript', 'css', 'yaml', 'atom', 'rss', 'png', 'jpg', 'jpeg', 'gif', 'pdf', 'zip']);

/** Whether a `content_type` argument names a non-HTML type: `:json`, `'text/plain'`, `'application/json; charset=utf-8'`. */
function nonHtmlType(arg: SyntaxNode | undefined, ctx: MatchContext): boolean {
  if (!arg) return false;
  if (arg.type === 'simple_symbol') return NON_HTML_TYPES.has(arg.text.slice(1));
  const value = ctx.stringValue(arg);
  if (value === null) return false;
  const type = value.toLowerCase();
  return type.length > 0 && !type.includes('html') && !type.includes('svg');
}

/** Calls whose result is serialised data, not markup. */
const SERIALIZERS = new Set(['to_json', 'json', 'to_xml', 'to_csv', 'to_yaml', 'generate', 'dump', 'pretty_generate']);

/** Whether an expression is serialised data: `x.to_json`, `json(x)`, `JSON.generate(x)`. */
export function isSerialized(node: SyntaxNode): boolean {
  let n = node;
  for (let i = 0; i < 4 && n.type === 'parenthesized_statements' && n.namedChildren.length === 1; i++) n = n.namedChildren[0] as SyntaxNode;
  if (n.type !== 'call') return false;
  const method = n.child('method')?.text ?? '';
  const receiver = n.child('receiver');
  if (method === 'generate' || method === 'dump' || method === 'pretty_generate') return receiver?.text === 'JSON' || receiver?.text === 'YAML';
  return SERIALIZERS.has(method) && (method !== 'json' || receiver === null);
}

/**
 * Whether a Sinatra route body answers with something other than HTML: it sets a non-HTML
 * `content_type` (`content_type :json`, `content_type 'text/plain'`), calls the `json` helper, or
 * serialises its result (`.to_json`, `JSON.generate`).
 */
export function respondsNonHtml(body: SyntaxNode, ctx: MatchContext): boolean {
  const stack: SyntaxNode[] = [body];
  for (let budget = 5000; stack.length > 0 && budget > 0; budget--) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'call') {
      const method = n.child('method')?.text ?? '';
      const receiver = n.child('receiver');
      if (method === 'content_type' && (!receiver || receiver.text === 'response')) {
        const first = n.child('arguments')?.namedChildren.find((c) => c.type !== 'comment');
        if (nonHtmlType(first, ctx)) return true;
      }
      if (isSerialized(n)) return true;
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return false;
}

let jsonAppCache: { code: string; result: boolean } | null = null;

/**
 * A JSON API: `before { content_type :json }` (within three lines of a `before` filter) or
 * `set :default_content_type, :json` applies to every route of the file.
 */
export function jsonByDefault(code: string): boolean {
  if (jsonAppCache && jsonAppCache.code === code) return jsonAppCache.result;
  let result = false;
  let lastBefore = -10;
  let lineNo = 0;
  for (let start = 0; start <= code.length && !result; lineNo++) {
    let end = code.indexOf('\n', start);
    if (end < 0) end = code.length;
    const line = code.slice(start, Math.min(end, start + 400));
    const trimmed = line.trimStart();
    if (trimmed.startsWith('before') && !/^before\w/.test(trimmed)) lastBefore = lineNo;
    const at = line.indexOf('content_type');
    if (at >= 0) {
      const rest = line.slice(at + 'content_type'.length, at + 'content_type'.length + 24);
      const json = rest.includes(':json') || rest.includes('application/json');
      if (json && (lineNo - lastBefore <= 3 || line.includes('default_content_type'))) result = true;
    }
    start = end + 1;
  }
  jsonAppCache = { code, result };
  return result;
}

/** Whether the file is a Sinatra (or Sinatra-style) application. */
export function isSinatraCode(code: string): boolean {
  return code.includes('sinatra') || code.includes('Sinatra');
}

// ---- predictable values ----------------------------------------------------------------------

/** Clock reads: `Time.now`, `Time.current`, `Time.zone.now`, `DateTime.now`, `Date.today`, `Process.clock_gettime`. */
const CLOCK_CALLS = new Set(['now', 'current', 'today', 'clock_gettime', 'utc_now']);
const CLOCK_RECEIVERS = new Set(['Time', 'DateTime', 'Date', 'Process', 'Time.zone']);
/** Inputs that bring secret or random material into a digest (then it is not predictable). */
const SECRET_MATERIAL = [
  'SecureRandom',
  'secret',
  'Secret',
  'SECRET',
  'key',
  'KEY',
  'salt',
  'password',
  'ENV',
  'credentials',
  'Rails.application',
  'OpenSSL',
  'random_bytes',
  'urandom',
];

/**
 * Whether a digest input is derived from the clock (and ids / counters) only: `"#{user.id}-#{Time.now.to_i}"`.
 * Hashing such a value does not make it secret — anyone who knows roughly when it was made can
 * compute it. Inputs that mix in random or secret material (`SecureRandom.hex`, a key, a salt) are not.
 */
export function clockDerived(input: SyntaxNode): boolean {
  const text = input.text;
  if (SECRET_MATERIAL.some((w) => text.includes(w))) return false;
  const stack: SyntaxNode[] = [input];
  for (let budget = 500; stack.length > 0 && budget > 0; budget--) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'call') {
      const method = n.child('method')?.text ?? '';
      const receiver = n.child('receiver')?.text ?? '';
      if (CLOCK_CALLS.has(method) && CLOCK_RECEIVERS.has(receiver.replace(/^::/, ''))) return true;
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return false;
}

// ---- MongoDB -----------------------------------------------------------------------------------

let mongoCache: { code: string; result: boolean } | null = null;

/** Whether `text[i..]` is a quoted operator key: `"$ne"`, `'$where'`. */
function operatorKeyAt(text: string, i: number): boolean {
  const quote = text[i];
  let j = i + 2;
  while (j < text.length && j - i < 24 && text.charCodeAt(j) >= 97 && text.charCodeAt(j) <= 122) j++;
  return j - i >= 4 && text[j] === quote;
}

/** Whether `_id` at `i` is a key of its own (`_id:`, `:_id`, `"_id"`), not the end of `user_id`. */
function idKeyAt(text: string, i: number): boolean {
  const before = i > 0 ? text.charCodeAt(i - 1) : 32;
  const wordBefore = (before >= 48 && before <= 57) || (before >= 65 && before <= 90) || (before >= 97 && before <= 122) || before === 95;
  const after = text[i + 3];
  return !wordBefore && (after === ':' || after === '"' || after === "'" || after === ' ' || after === ',' || after === ']');
}

/**
 * Whether the file works with MongoDB (Mongoid documents, the Mongo driver, Moped, BSON ids, or
 * query operators in the code). ActiveRecord's `where(email: x)` is a bound equality; the same call
 * on a Mongoid model accepts an operator hash (`{ "$ne" => "" }`) for x.
 */
export function usesMongo(code: string): boolean {
  if (mongoCache && mongoCache.code === code) return mongoCache.result;
  let result = code.includes('Mongoid') || code.includes('mongoid') || code.includes('Mongo::') || code.includes('Moped') || code.includes('BSON::');
  for (let i = code.indexOf('$'); !result && i > 0; i = code.indexOf('$', i + 1)) {
    const q = code[i - 1];
    if ((q === '"' || q === "'") && operatorKeyAt(code, i - 1)) result = true;
  }
  for (let i = code.indexOf('_id'); !result && i >= 0; i = code.indexOf('_id', i + 3)) if (idKeyAt(code, i)) result = true;
  mongoCache = { code, result };
  return result;
}

/** Whether the file works with MongoDB and not with ActiveRecord: its `where` / `order` criteria are Mongo queries, not SQL. */
export function mongoOnly(code: string): boolean {
  return usesMongo(code) && !code.includes('ActiveRecord') && !code.includes('ApplicationRecord') && !code.includes('Sequel');
}

/**
 * Archive readers: `Zip::File.open(path) do |zip|`, `Zip::File.foreach(path) do |entry|`,
 * `Gem::Package::TarReader.new(io) do |tar|`. Entry names are chosen by whoever made the archive (Zip Slip).
 */
export const ARCHIVE_READER = /^(?:::)?(?:Zip::(?:File|InputStream)|Gem::Package::TarReader|Archive::Tar::Minitar::Reader|Minitar::Reader)$/;

/** `x = …`, `@x = …` and `x += …` assignments of a method, by target name (computed once per method). */
const assignmentsByScope = new WeakMap<SyntaxNode, Map<string, SyntaxNode[]>>();

/** The assignments of a method (or block scope) to locals and instance variables, by target name, in source order per name. */
export function localAssignments(scope: SyntaxNode): Map<string, SyntaxNode[]> {
  let out = assignmentsByScope.get(scope);
  if (out) return out;
  out = new Map();
  const stack: SyntaxNode[] = [scope];
  for (let budget = 20000; stack.length > 0 && budget > 0; budget--) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'assignment' || n.type === 'operator_assignment') {
      const left = n.child('left');
      if (left && (left.type === 'identifier' || left.type === 'instance_variable')) {
        let list = out.get(left.text);
        if (!list) out.set(left.text, (list = []));
        list.push(n);
      }
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  assignmentsByScope.set(scope, out);
  return out;
}

/** The value a local holds where it is read: the right side of the last assignment before, in this method. */
export function localValue(name: SyntaxNode, ctx: MatchContext): SyntaxNode | null {
  const scope = ctx.fn?.node;
  if (!scope || name.type !== 'identifier') return null;
  let value: SyntaxNode | null = null;
  for (const a of localAssignments(scope).get(name.text) ?? []) if (a.end <= name.start) value = a.type === 'assignment' ? a.child('right') : null;
  return value;
}

/** Instance and global variables assigned exactly once in the file, with that value (indexed once per file). */
function singleAssignments(root: SyntaxNode): Map<string, SyntaxNode | null> {
  const out = new Map<string, SyntaxNode | null>();
  const stack: SyntaxNode[] = [root];
  for (let budget = 200000; stack.length > 0 && budget > 0; budget--) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'assignment' || n.type === 'operator_assignment') {
      const left = n.child('left');
      if (left && (left.type === 'instance_variable' || left.type === 'global_variable')) {
        out.set(left.text, out.has(left.text) || n.type !== 'assignment' ? null : n.child('right'));
      }
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return out;
}

/**
 * The value a name certainly holds: the one assignment a local gets in its method (before the read),
 * or the one an instance or global variable gets in the whole file.
 */
export function boundValue(name: SyntaxNode, ctx: MatchContext): SyntaxNode | null {
  if (name.type === 'identifier') {
    // Assigned once in the method: a loop cannot bring a later value back to this read.
    const all = ctx.fn ? localAssignments(ctx.fn.node).get(name.text) : undefined;
    return all?.length === 1 && all[0]?.type === 'assignment' && all[0].end <= name.start ? all[0].child('right') : null;
  }
  if (name.type !== 'instance_variable' && name.type !== 'global_variable') return null;
  let root = name;
  while (root.parent) root = root.parent;
  return ctx.fileMemo('ruby.single-assignments', () => singleAssignments(root)).get(name.text) ?? null;
}

/** The integer an expression certainly is: a literal, or a name bound to one (`size = 1024`). */
export function integerValue(node: SyntaxNode | null, ctx: MatchContext): number | null {
  if (!node) return null;
  const value = node.type === 'integer' ? node : boundValue(node, ctx);
  if (value?.type !== 'integer' || !/^\d[\d_]{0,15}$/.test(value.text)) return null;
  return Number(value.text.replace(/_/g, ''));
}
