import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { keyName } from '../../lang/ruby/adapter.ts';
import { isSecretContext } from '../../lang/ruby/predicates.ts';

function pairsOf(hash: SyntaxNode | null): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  if (!hash) return out;
  for (const c of hash.children) {
    if (c.type !== 'pair') continue;
    const k = keyName(c.child('key') ?? c);
    const v = c.child('value');
    if (k && v) out.set(k, v);
  }
  return out;
}

function off(v: SyntaxNode | undefined): boolean {
  return v !== undefined && (v.type === 'false' || v.type === 'nil');
}

/**
 * Explicitly disabled flags (`httponly: false`, `secure: false`), and missing HttpOnly on a session /
 * auth cookie. With `rack` (Rack's `set_cookie`, which Rails' `force_ssl` does not reach), a session /
 * auth cookie set with explicit options but no `secure:` is sent over plain HTTP too.
 */
function flags(options: Map<string, SyntaxNode>, cookieName: string | null, rack = false): Verdict {
  const httponly = options.get('httponly') ?? options.get('http_only');
  const secure = options.get('secure');
  if (off(httponly) && off(secure))
    return { message: 'Cookie set with `httponly: false` and `secure: false`: readable from JavaScript and sent over plain HTTP', cwe: ['CWE-1004', 'CWE-614'] };
  if (off(httponly)) return { message: 'Cookie set with `httponly: false`: readable from JavaScript', cwe: ['CWE-1004'] };
  if (off(secure)) return { message: 'Cookie set with `secure: false`: sent over plain HTTP', cwe: ['CWE-614'] };
  if (cookieName !== null && isSecretContext(cookieName) && options.has('value') && !httponly) {
    return { message: `The \`${cookieName}\` cookie is set without \`httponly: true\``, cwe: ['CWE-1004'], confidence: 'medium' };
  }
  if (rack && cookieName !== null && isSecretContext(cookieName) && options.has('value') && !secure) {
    return { message: `The \`${cookieName}\` cookie is set without \`secure: true\`: it is sent over plain HTTP`, cwe: ['CWE-614'], confidence: 'medium' };
  }
  return false;
}

/** Whether the file turns `config.force_ssl` off (`config.force_ssl = false`). */
function forceSslOff(node: SyntaxNode): boolean {
  let root = node;
  while (root.parent) root = root.parent;
  const text = root.text;
  for (let at = text.indexOf('force_ssl'); at >= 0; at = text.indexOf('force_ssl', at + 9)) {
    const rest = text.slice(at + 9, at + 40).replace(/[ \t]/g, '');
    if (rest.startsWith('=false') || rest.startsWith('=nil')) return true;
  }
  return false;
}

const COOKIE_JAR = /^(?:cookies|response\.cookies|request\.cookie_jar)(?:\.(?:permanent|signed|encrypted))*$/;

function insecureCookie(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (node.type === 'assignment') {
    const left = node.child('left');
    const right = node.child('right');
    if (!left || left.type !== 'element_reference' || right?.type !== 'hash') return false;
    const jar = left.child('object');
    if (!jar || !COOKIE_JAR.test(jar.text.replace(/\s+/g, ''))) return false;
    const key = left.namedChildren[1];
    return flags(pairsOf(right), key ? keyName(key) : null);
  }
  if (node.type === 'call') {
    const method = node.child('method')?.text ?? '';
    if (!/^(?:set_cookie|set_cookie_header!|session_store|use|set)$/.test(method)) return false;
    const args = node.child('arguments');
    if (!args) return false;
    const positional = args.namedChildren.filter((c) => c.type !== 'pair');
    const keywords = args.children.some((c) => c.type === 'pair') ? pairsOf(args) : new Map<string, SyntaxNode>();
    if (method === 'set_cookie' || method === 'set_cookie_header!') {
      const hash = positional.find((c) => c.type === 'hash') ?? null;
      const name = positional[0] ? ctx.stringValue(positional[0]) : null;
      return flags(hash ? pairsOf(hash) : keywords, name, true);
    }
    // config.session_store :cookie_store, secure: false / use Rack::Session::Cookie, httponly: false / set :sessions, …
    const text = node.text;
    if (
      method === 'session_store' ||
      (method === 'use' && /Session::Cookie|Session::Pool|Session::Redis/.test(text)) ||
      (method === 'set' && /^set[ \t]*(?:\([ \t]*)?:(?:sessions|cookie_options)\b/.test(text))
    ) {
      const hash = positional.find((c) => c.type === 'hash');
      const options = hash ? pairsOf(hash) : keywords;
      const verdict = flags(options, null);
      if (verdict) return verdict;
      // Rails marks the session cookie Secure through `force_ssl`; with it turned off in the same file and no
      // `secure:` of its own, the cookie store's session cookie goes over plain HTTP.
      if (method === 'session_store' && /:cookie_store\b/.test(text) && !options.has('secure') && forceSslOff(node)) {
        return {
          message: 'The session cookie store sets no `secure: true` and `force_ssl` is off: the session cookie is sent over plain HTTP',
          cwe: ['CWE-614'],
          confidence: 'medium',
        };
      }
      return false;
    }
  }
  return false;
}

export default defineRule({
  class: 'insecure-cookie',
  confidence: 'high',
  cwe: ['CWE-614', 'CWE-1004'],
  languages: ['ruby'],
  message: 'A cookie is set without the Secure or HttpOnly flag',
  remediation:
    'Set session and authentication cookies with `httponly: true, secure: true, same_site: :lax` (e.g. `cookies[:token] = { value: token, httponly: true, secure: Rails.env.production? }`, `config.session_store :cookie_store, secure: true`).',
  references: [
    'https://cwe.mitre.org/data/definitions/614.html',
    'https://cwe.mitre.org/data/definitions/1004.html',
    'https://api.rubyonrails.org/classes/ActionDispatch/Cookies.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Session_Management_Cheat_Sheet.html#cookies',
  ],
  matcher: { kind: 'node', types: ['assignment', 'call'], where: insecureCookie },
});
