import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import type { CallView } from '../../engine/adapter.ts';
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

/** The value given for Access-Control-Allow-Origin: `set('Access-Control-Allow-Origin', v)`, or a headers object (`writeHead(200, { … })`, `set({ … })`). */
function allowOriginValue(call: CallView): SyntaxNode | null {
  const first = call.args[0]?.node;
  const name = literalString(first);
  if (name !== null) return name.toLowerCase() === 'access-control-allow-origin' ? (call.args[1]?.node ?? null) : null;
  for (const a of call.args) {
    const obj = unwrap(a.node);
    if (obj.type !== 'object') continue;
    for (const c of obj.namedChildren) if (c.type === 'pair' && pairKey(c)?.toLowerCase() === 'access-control-allow-origin') return c.child('value');
  }
  return null;
}

/**
 * `res.setHeader('Access-Control-Allow-Origin', req.headers.origin)`: the response trusts whatever
 * origin asks. With credentials allowed any website reads authenticated responses (high); without,
 * the origin check is a no-op that a later credentials header turns into that (low).
 */
function reflectedOrigin(node: SyntaxNode, ctx: MatchContext): Verdict {
  const call = ctx.call(node);
  if (!call || !/^(?:setHeader|header|set|append|writeHead)$/.test(call.name) || call.args.length < 1) return false;
  const value = allowOriginValue(call);
  if (!value) return false;
  const t = ctx.taint(value);
  if (!t || t.strength !== 'remote') return false;
  // In a headers object, the header's own line.
  const at = value.parent?.type === 'pair' ? value.parent : node;
  const allowsCredentials = (text: string) => /access-control-allow-credentials['"], ?['"]?true/i.test(text.replace(/\s+/g, ' '));
  if (allowsCredentials(scopeText(node)) || fileFact(ctx, 'cors-credentials', allowsCredentials)) {
    if (!ORIGIN_TAINT.test(`${value.text} ${t.label} ${t.steps.map((s) => s.node.text).join(' ')}`)) return false;
    return { node: at, message: 'The request Origin is reflected into Access-Control-Allow-Origin with credentials allowed, so any website can read authenticated responses' };
  }
  return { node: at, confidence: 'low', message: `Access-Control-Allow-Origin is set from ${t.label}: every origin the client names is trusted` };
}

/**
 * An allowed-origin regex whose host dots are not escaped (`/^https:\/\/app.example.com$/`): `.`
 * matches any character, so `appXexample.com` — a domain anyone can register — is allowed too.
 */
function looseOriginRegex(node: SyntaxNode): Verdict {
  const pattern = node.child('pattern')?.text ?? '';
  if (!/^\^?\(?(?:https?|\(?http\|https\)?)/.test(pattern) && !pattern.includes(':\\/\\/')) return false;
  // The host part after `://`: an unescaped `.` between name characters.
  const at = pattern.indexOf(':\\/\\/');
  const host = at >= 0 ? pattern.slice(at + 6) : pattern;
  let loose = false;
  for (let i = 1; i < host.length - 1 && !loose; i++) {
    if (host[i] !== '.' || host[i - 1] === '\\') continue;
    loose = /[A-Za-z0-9)]/.test(host[i - 1] as string) && /[A-Za-z0-9(]/.test(host[i + 1] as string);
  }
  if (!loose) return false;
  // Only where it decides CORS: a `cors`/`origin`-named binding or option.
  for (let p = node.parent, depth = 0; p && depth < 4; p = p.parent, depth++) {
    const name = p.type === 'pair' ? pairKey(p) : p.type === 'variable_declarator' ? (p.child('name')?.text ?? null) : null;
    if (name !== null)
      return /cors|origin/i.test(name)
        ? { confidence: 'medium', message: `The allowed-origin pattern /${pattern}/ leaves a dot unescaped: it also allows look-alike hosts anyone can register` }
        : false;
  }
  return false;
}

function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (node.type === 'regex') return looseOriginRegex(node);
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
  references: ['https://cwe.mitre.org/data/definitions/942.html', 'https://portswigger.net/web-security/cors', 'https://github.com/expressjs/cors#configuration-options'],
  matcher: { kind: 'node', types: ['object', 'call_expression', 'regex'], where: check },
});
