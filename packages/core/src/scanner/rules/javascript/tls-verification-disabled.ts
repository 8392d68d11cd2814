import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { FUNCTION_NODES, isFalse, pairKey, underEnvironmentCheck, unwrap } from '../../lang/javascript/helpers.ts';

/** `checkServerIdentity: () => undefined` / `() => {}` / `function () { return; }`: every certificate name is accepted. */
function acceptsAnyIdentity(value: SyntaxNode): boolean {
  const v = unwrap(value);
  if (!FUNCTION_NODES.has(v.type)) return false;
  const body = v.child('body');
  if (!body) return false;
  const text = body.text.replace(/\s{1,8}/g, '');
  return /^(?:undefined|null|void0|\{\}|\{return;?\}|\{returnundefined;?\}|\{returnnull;?\}|\(\)=>undefined)$/.test(text);
}

function zero(value: SyntaxNode, ctx: MatchContext): boolean {
  const v = unwrap(value);
  return v.text === '0' || ctx.stringValue(v) === '0' || v.type === 'false';
}

function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (node.type === 'pair') {
    const key = pairKey(node);
    const value = node.child('value');
    if (!key || !value) return false;
    if ((key === 'rejectUnauthorized' || key === 'strictSSL') && isFalse(value)) {
      if (underEnvironmentCheck(node, true)) return false;
      return { message: `${key}: false turns off TLS certificate verification, so any man-in-the-middle can read and change the traffic` };
    }
    if (key === 'checkServerIdentity' && acceptsAnyIdentity(value))
      return { message: 'checkServerIdentity accepts every certificate name, so any certificate for any host is trusted' };
    if (key === 'NODE_TLS_REJECT_UNAUTHORIZED' && zero(value, ctx))
      return { message: 'NODE_TLS_REJECT_UNAUTHORIZED=0 turns off TLS certificate verification for the whole process' };
    return false;
  }
  if (node.type === 'assignment_expression') {
    const left = node.child('left');
    const right = node.child('right');
    if (!left || !right) return false;
    const l = left.text.replace(/\s{1,8}/g, '');
    if (/process\.env(?:\.NODE_TLS_REJECT_UNAUTHORIZED|\[['"]NODE_TLS_REJECT_UNAUTHORIZED['"]\])$/.test(l) && zero(right, ctx)) {
      if (underEnvironmentCheck(node, true)) return false;
      return { message: 'NODE_TLS_REJECT_UNAUTHORIZED=0 turns off TLS certificate verification for the whole process' };
    }
    if (/\.(?:rejectUnauthorized|strictSSL)$/.test(l) && isFalse(right)) {
      if (underEnvironmentCheck(node, true)) return false;
      return { message: 'TLS certificate verification is turned off (rejectUnauthorized = false)' };
    }
    return false;
  }
  if (node.type === 'call_expression') {
    const fn = node.child('function');
    if (fn?.type === 'member_expression' && fn.child('property')?.text === 'disableTLSCerts')
      return { message: 'superagent disableTLSCerts() turns off TLS certificate verification' };
  }
  return false;
}

export default defineRule({
  class: 'tls-verification-disabled',
  confidence: 'high',
  cwe: ['CWE-295'],
  languages: ['javascript', 'typescript'],
  message: 'TLS certificate verification is turned off',
  remediation:
    'Keep certificate verification on (`rejectUnauthorized: true`, the default). To trust a private or self-signed CA, pass it explicitly (`ca: fs.readFileSync("ca.pem")`, `NODE_EXTRA_CA_CERTS`) instead of disabling verification; never set `NODE_TLS_REJECT_UNAUTHORIZED=0`.',
  references: [
    'https://cwe.mitre.org/data/definitions/295.html',
    'https://nodejs.org/api/tls.html#tlsconnectoptions-callback',
    'https://nodejs.org/api/cli.html#node_tls_reject_unauthorizedvalue',
  ],
  matcher: { kind: 'node', types: ['pair', 'assignment_expression', 'call_expression'], where: check },
});
