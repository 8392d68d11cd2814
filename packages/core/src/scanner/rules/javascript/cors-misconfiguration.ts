import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { FUNCTION_NODES, fileFact, isTrue, literalString, pairKey, propValue, scopeText, unwrap } from '../../lang/javascript/helpers.ts';

/** `origin: (origin, cb) => cb(null, true)` / `cb(null, origin)` with no check: every origin is accepted. */
function acceptsEveryOrigin(value: SyntaxNode): boolean {
  const v = unwrap(value);
  if (!FUNCTION_NODES.has(v.type)) return false;
  const body = v.child('body')?.text.replace(/\s{1,8}/g, '') ?? '';
  const params = (v.child('parameters')?.namedChildren ?? []).map((p) => p.text);
  const origin = params[0] ?? 'origin';
  if (/\bif\b|\?|includes|indexOf|test\(|===|!==|\.has\(|match/.test(body)) return false;
  return body.includes('(null,true)') || body.includes(`(null,${origin})`);
}

function wildcardOrigin(value: SyntaxNode, ctx: MatchContext): boolean {
  const v = unwrap(value);
  if (isTrue(v)) return true;
  if (ctx.stringValue(v) === '*') return true;
  if (v.type === 'regex' && /^\/\.[*+]\//.test(v.text)) return true;
  return acceptsEveryOrigin(v);
}

/** `cors({ origin: true, credentials: true })` and the same options for fastify/Nest/socket.io. */
function corsOptions(node: SyntaxNode, ctx: MatchContext): Verdict {
  const origin = propValue(node, 'origin');
  const credentials = propValue(node, 'credentials');
  if (!origin || !credentials || !isTrue(credentials)) return false;
  if (!wildcardOrigin(origin, ctx)) return false;
  return { message: 'CORS reflects every origin while allowing credentials, so any website can send authenticated requests and read the responses' };
}

const ORIGIN_TAINT = /origin/i;

/** `res.setHeader('Access-Control-Allow-Origin', req.headers.origin)` where credentials are allowed too. */
function reflectedOrigin(node: SyntaxNode, ctx: MatchContext): Verdict {
  const call = ctx.call(node);
  if (!call || !/^(?:setHeader|header|set|append|writeHead)$/.test(call.name) || call.args.length < 2) return false;
  const name = literalString(call.args[0]?.node);
  if (!name || name.toLowerCase() !== 'access-control-allow-origin') return false;
  const value = call.args[1]?.node as SyntaxNode;
  const t = ctx.taint(value);
  if (!t || t.strength !== 'remote' || !ORIGIN_TAINT.test(`${value.text} ${t.label} ${t.steps.map((s) => s.node.text).join(' ')}`)) return false;
  const allowsCredentials = (text: string) => /access-control-allow-credentials['"], ?['"]?true/i.test(text.replace(/\s+/g, ' '));
  if (!allowsCredentials(scopeText(node)) && !fileFact(ctx, 'cors-credentials', allowsCredentials)) return false;
  return { message: 'The request Origin is reflected into Access-Control-Allow-Origin with credentials allowed, so any website can read authenticated responses' };
}

function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (node.type === 'object') {
    if (!node.namedChildren.some((c) => c.type === 'pair' && pairKey(c) === 'credentials')) return false;
    return corsOptions(node, ctx);
  }
  return reflectedOrigin(node, ctx);
}

export default defineRule({
  class: 'cors-misconfiguration',
  confidence: 'high',
  languages: ['javascript', 'typescript'],
  message: 'CORS trusts any origin while allowing credentials',
  remediation:
    'Allow credentials only for an explicit list of trusted origins: `cors({ origin: ["https://app.example.com"], credentials: true })`, or compare the Origin header with an allow-list before echoing it.',
  references: [
    'https://cwe.mitre.org/data/definitions/942.html',
    'https://portswigger.net/web-security/cors',
    'https://github.com/expressjs/cors#configuration-options',
  ],
  matcher: { kind: 'node', types: ['object', 'call_expression'], where: check },
});
