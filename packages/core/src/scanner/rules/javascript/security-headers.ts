import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { isFalse, literalString, pairKey, unwrap } from '../../lang/javascript/helpers.ts';

/** helmet options that turn a header off, and what is lost. */
const HELMET_OFF: Readonly<Record<string, { what: string; cwe: string }>> = {
  frameguard: { what: 'X-Frame-Options (clickjacking protection)', cwe: 'CWE-1021' },
  hsts: { what: 'Strict-Transport-Security (HTTPS enforcement)', cwe: 'CWE-523' },
  strictTransportSecurity: { what: 'Strict-Transport-Security (HTTPS enforcement)', cwe: 'CWE-523' },
  contentSecurityPolicy: { what: 'the Content-Security-Policy', cwe: 'CWE-693' },
  noSniff: { what: 'X-Content-Type-Options: nosniff', cwe: 'CWE-693' },
  xContentTypeOptions: { what: 'X-Content-Type-Options: nosniff', cwe: 'CWE-693' },
  xFrameOptions: { what: 'X-Frame-Options (clickjacking protection)', cwe: 'CWE-1021' },
};

/** The call an options object is passed to (`helmet({ … })`), by its callee text. */
function calleeOfOptions(pair: SyntaxNode): string {
  const obj = pair.parent;
  const args = obj?.parent;
  if (obj?.type !== 'object' || args?.type !== 'arguments') return '';
  return args.parent?.child('function')?.text ?? '';
}

/** `scriptSrc: ["'self'", "'unsafe-inline'"]`: the policy no longer stops injected scripts. */
function unsafeScriptSource(pair: SyntaxNode, ctx: MatchContext): string | null {
  const key = pairKey(pair);
  if (key !== 'scriptSrc' && key !== 'script-src' && key !== 'defaultSrc' && key !== 'default-src') return null;
  const value = pair.child('value');
  if (!value) return null;
  const items = unwrap(value).type === 'array' ? unwrap(value).namedChildren : [value];
  for (const item of items) {
    const v = ctx.stringValue(item);
    if (v === "'unsafe-inline'" || v === "'unsafe-eval'" || v === '*') return v;
  }
  return null;
}

function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (node.type === 'pair') {
    const key = pairKey(node);
    if (key && HELMET_OFF[key] && isFalse(node.child('value')) && /(?:^|\.)helmet$|^helmet\(|^fastifyHelmet$/.test(calleeOfOptions(node))) {
      const off = HELMET_OFF[key];
      return { cwe: [off.cwe], message: `helmet is configured with ${key}: false, which drops ${off.what}` };
    }
    const unsafe = unsafeScriptSource(node, ctx);
    if (unsafe && node.parent?.parent?.type === 'pair' && /^directives$/.test(pairKey(node.parent.parent) ?? '')) {
      return { cwe: ['CWE-693'], message: `The Content-Security-Policy allows ${unsafe} scripts: it no longer stops injected script` };
    }
    return false;
  }
  // res.setHeader('Strict-Transport-Security', 'max-age=0')
  const call = ctx.call(node);
  if (!call || !/^(?:setHeader|set|header)$/.test(call.name)) return false;
  const name = literalString(call.args[0]?.node)?.toLowerCase();
  const value = call.args[1] ? ctx.stringValue(call.args[1].node) : null;
  if (name === 'strict-transport-security' && value !== null && /max-age\s{0,4}=\s{0,4}0\b/i.test(value)) {
    return { cwe: ['CWE-523'], message: 'Strict-Transport-Security is sent with max-age=0, which tells browsers to forget HTTPS enforcement' };
  }
  return false;
}

export default defineRule({
  class: 'security-headers-disabled',
  confidence: 'medium',
  languages: ['javascript', 'typescript'],
  remediation:
    "Use helmet's defaults (`app.use(helmet())`); if one page must be framed or one directive relaxed, configure that directive (`frameguard: { action: 'sameorigin' }`, a nonce-based `scriptSrc`) instead of turning the header off.",
  references: ['https://helmetjs.github.io/', 'https://cheatsheetseries.owasp.org/cheatsheets/HTTP_Headers_Cheat_Sheet.html'],
  matcher: { kind: 'node', types: ['pair', 'call_expression'], where: check },
});
