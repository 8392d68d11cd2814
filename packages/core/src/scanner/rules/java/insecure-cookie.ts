import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { chainNames, descendants, enclosingFunction, findDeclaration, invocationParts, simpleTypeName, span, unwrap } from '../../lang/java/tree.ts';

const INVOCATIONS = new Set(['method_invocation']);

interface Flags {
  secure: boolean;
  httpOnly: boolean;
  deleted: boolean;
}

/** What a method does to a cookie variable: setSecure(true), setHttpOnly(true), setMaxAge(0). */
function flagsOf(variable: string, scope: SyntaxNode): Flags {
  const flags: Flags = { secure: false, httpOnly: false, deleted: false };
  for (const inv of descendants(scope, INVOCATIONS)) {
    const { name, object, args } = invocationParts(inv);
    if (object?.type !== 'identifier' || object.text !== variable) continue;
    const a = args[0]?.text ?? '';
    if (name === 'setSecure' && a !== 'false') flags.secure = true;
    if (name === 'setHttpOnly' && a !== 'false') flags.httpOnly = true;
    if (name === 'setMaxAge' && /^(?:0|-0)$/.test(a)) flags.deleted = true;
  }
  return flags;
}

function verdict(flags: Flags, node?: SyntaxNode): Verdict {
  if (flags.deleted || (flags.secure && flags.httpOnly)) return false;
  const cwe = [...(flags.secure ? [] : ['CWE-614']), ...(flags.httpOnly ? [] : ['CWE-1004'])];
  const missing = [...(flags.secure ? [] : ['Secure']), ...(flags.httpOnly ? [] : ['HttpOnly'])].join(' and ');
  const out: Verdict = { cwe, message: `This cookie is added to the response without the ${missing} flag` };
  if (node) out.node = node;
  return out;
}

/** `response.addCookie(c)` where `c` is a `new Cookie(…)` of this method. */
function addCookie(call: CallView, _ctx: MatchContext): Verdict {
  const arg = call.args.find((a) => a.index === 0)?.node;
  if (!arg) return false;
  const u = unwrap(arg);
  if (u.type === 'object_creation_expression') {
    if (simpleTypeName(u.child('type')?.text ?? '') !== 'Cookie') return false;
    const value = u.child('arguments')?.namedChildren[1];
    if (value && /^(?:null|"")$/.test(value.text)) return false;
    return verdict({ secure: false, httpOnly: false, deleted: false });
  }
  if (u.type !== 'identifier') return false;
  const d = findDeclaration(u.text, u);
  if (!d || d.kind !== 'local' || !d.type || simpleTypeName(d.type) !== 'Cookie' && simpleTypeName(d.type) !== 'var') return false;
  if (!d.init || !/^new\s+(?:[\w.]*\.)?Cookie\s*\(/.test(d.init.text)) return false;
  const value = d.init.child('arguments')?.namedChildren[1];
  if (value && /^(?:null|"")$/.test(value.text)) return false;
  const scope = enclosingFunction(call.node);
  if (!scope) return false;
  // Reported over the cookie's lines, from `new Cookie(…)` to `addCookie(…)`.
  return verdict(flagsOf(u.text, scope), span(d.node.parent ?? d.node, call.node));
}

/** Spring `ResponseCookie.from(…)…build()` without `.secure(true)` / `.httpOnly(true)`. */
function responseCookie(call: CallView, _ctx: MatchContext): Verdict {
  const names = chainNames(call.node);
  if (names[0] !== 'from' || !/ResponseCookie\s*\.\s*from/.test(call.node.text)) return false;
  const text = call.node.text;
  if (/\.maxAge\(\s*0\s*\)|\.maxAge\(\s*Duration\.ZERO\s*\)/.test(text)) return false;
  const secure = /\.secure\(\s*(?!false\b)[^)]/.test(text);
  const httpOnly = /\.httpOnly\(\s*(?!false\b)[^)]/.test(text);
  return verdict({ secure, httpOnly, deleted: false });
}

export default defineRule({
  id: 'java.insecure-cookie',
  title: 'Cookie without Secure or HttpOnly',
  severity: 'low',
  confidence: 'medium',
  cwe: ['CWE-614', 'CWE-1004'],
  owasp: ['A05:2021'],
  languages: ['java'],
  message: 'This cookie is added to the response without the Secure and HttpOnly flags',
  remediation:
    'Call `cookie.setSecure(true)` and `cookie.setHttpOnly(true)` before `response.addCookie(cookie)` (or `ResponseCookie.from(name, value).secure(true).httpOnly(true).sameSite("Lax")`), and set `server.servlet.session.cookie.secure/http-only` for the session cookie.',
  references: [
    'https://cwe.mitre.org/data/definitions/614.html',
    'https://cwe.mitre.org/data/definitions/1004.html',
    'https://owasp.org/www-community/controls/SecureCookieAttribute',
  ],
  matcher: {
    kind: 'call',
    callee: ['*.addCookie', '*.build'],
    where: (call, ctx) => (call.name === 'addCookie' ? addCookie(call, ctx) : responseCookie(call, ctx)),
  },
});
