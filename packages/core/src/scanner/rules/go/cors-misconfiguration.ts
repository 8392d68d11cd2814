import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { findAfter, handlerText, unparen } from '../../lang/go/util.ts';

function keyed(body: SyntaxNode | null, key: string): SyntaxNode | null {
  for (const el of body?.namedChildren ?? []) {
    if (el.type === 'keyed_element' && el.child('key')?.text === key) {
      const v = el.child('value');
      return v ? (v.type === 'literal_element' ? (v.namedChildren[0] ?? v) : v) : null;
    }
  }
  return null;
}

/** A function literal that accepts every origin: `func(origin string) bool { return true }`. */
function acceptsAll(fn: SyntaxNode | null): boolean {
  if (!fn || fn.type !== 'func_literal') return false;
  const body = fn.child('body')?.text.replace(/\s+/g, ' ') ?? '';
  return /^\{ ?return true ?\}$/.test(body);
}

/** gin-contrib/cors `cors.Config`, rs/cors `cors.Options`: every origin allowed together with credentials. */
function corsLiteral(node: SyntaxNode): Verdict {
  const type = node.child('type')?.text ?? '';
  if (!/^cors\.(?:Config|Options)$/.test(type)) return false;
  const body = node.child('body');
  if (keyed(body, 'AllowCredentials')?.type !== 'true') return false;
  const originFunc = keyed(body, 'AllowOriginFunc') ?? keyed(body, 'AllowOriginRequestFunc') ?? keyed(body, 'AllowOriginVaryRequestFunc');
  const origins = keyed(body, 'AllowedOrigins') ?? keyed(body, 'AllowOrigins');
  const wildcard = origins !== null && /"\*"/.test(origins.text);
  if (acceptsAll(originFunc) || (wildcard && type === 'cors.Options')) {
    return { message: 'CORS accepts every origin and allows credentials, so any website can make authenticated requests and read the responses' };
  }
  return false;
}

/** `w.Header().Set("Access-Control-Allow-Origin", r.Header.Get("Origin"))` in a handler that also allows credentials. */
function reflectedOrigin(node: SyntaxNode, ctx: MatchContext): Verdict {
  const call = ctx.call(node);
  if (!call || !/^(?:Set|Add|Header)$/.test(call.name) || call.args.length !== 2) return false;
  const name = ctx.stringValue(call.args[0]?.node as SyntaxNode);
  if (name === null || name.toLowerCase() !== 'access-control-allow-origin') return false;
  const value = unparen(call.args[1]?.node as SyntaxNode);
  const t = ctx.taint(value);
  if (!t || t.strength !== 'remote' || !/Origin/.test(value.text + t.label + t.steps.map((s) => s.node.text).join(' '))) return false;
  if (!findAfter(handlerText(node).toLowerCase(), 'access-control-allow-credentials"', /^\s*,\s*"true"/)) return false;
  return { message: 'The request Origin is reflected into Access-Control-Allow-Origin with credentials allowed, so any website can read authenticated responses' };
}

export default defineRule({
  class: 'cors-misconfiguration',
  confidence: 'medium',
  cwe: ['CWE-942'],
  languages: ['go'],
  message: 'CORS trusts any origin while allowing credentials',
  remediation:
    'Allow credentials only for an explicit list of trusted origins: compare the Origin header with an allow-list before echoing it, or configure `AllowOrigins: []string{"https://app.example.com"}`.',
  references: ['https://cwe.mitre.org/data/definitions/942.html', 'https://portswigger.net/web-security/cors'],
  matcher: {
    kind: 'node',
    types: ['composite_literal', 'call_expression'],
    where: (node, ctx) => (node.type === 'composite_literal' ? corsLiteral(node) : reflectedOrigin(node, ctx)),
  },
});
