import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { isFalse, isTestFile, isTrue } from '../../lang/python/predicates.ts';

const CERT_NONE = /(?:^|\.)CERT_NONE$|^["'](?:CERT_NONE|none|NONE)["']$/;

/** Keyword arguments that switch certificate or host verification off. */
function disablingKeyword(name: string, value: SyntaxNode, callPath: string, ctx: MatchContext): string | null {
  switch (name) {
    case 'verify':
    case 'verify_certs':
    case 'verify_ssl':
    case 'ssl_verify':
    case 'check_hostname':
    case 'ssl_check_hostname':
      // jwt.decode(…, verify=False) is about signatures (python.jwt-verification-disabled).
      if (/(?:^|\.)jwt\b|jose/.test(callPath)) return null;
      return isFalse(value) && value.type === 'false' ? `\`${name}=False\` turns off TLS certificate verification` : null;
    case 'cert_reqs':
    case 'ssl_cert_reqs':
    case 'validate':
      return CERT_NONE.test(ctx.pathText(value) ?? value.text) || CERT_NONE.test(value.text) ? `\`${name}=CERT_NONE\` accepts any certificate` : null;
    case 'ssl':
      // aiohttp: session.get(url, ssl=False) / TCPConnector(ssl=False). Elsewhere ssl=False means "plain TCP".
      return value.type === 'false' &&
        /aiohttp|ClientSession|TCPConnector/.test(`${callPath} ${ctx.code.slice(0, 3000)}`) &&
        /(?:^|\.)(?:TCPConnector|get|post|put|patch|delete|head|request|ws_connect)$/.test(callPath)
        ? '`ssl=False` turns off TLS certificate verification in aiohttp'
        : null;
    case 'tlsAllowInvalidCertificates':
    case 'tlsAllowInvalidHostnames':
    case 'ssl_match_hostname':
      return isTrue(value) && name !== 'ssl_match_hostname' ? `\`${name}=True\` accepts any certificate` : null;
    default:
      return null;
  }
}

function tlsOff(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (isTestFile(ctx.filename, ctx.code)) return false;
  if (node.type === 'assignment') {
    const left = node.child('left');
    const right = node.child('right');
    if (!left || !right || left.type !== 'attribute') return false;
    const prop = left.child('attribute')?.text ?? '';
    const target = ctx.pathText(left) ?? left.text;
    if (prop === 'check_hostname' && right.type === 'false') return { message: '`check_hostname = False` accepts certificates issued for any host' };
    if (prop === 'verify_mode' && CERT_NONE.test(ctx.pathText(right) ?? right.text)) return { message: '`verify_mode = CERT_NONE` accepts any certificate' };
    if (prop === 'verify' && right.type === 'false' && !/jwt/i.test(target))
      return { message: '`session.verify = False` turns off TLS certificate verification for every request of the session' };
    if (/^ssl\._create_default_https_context$/.test(target) && /_create_unverified_context/.test(right.text))
      return { message: 'Every HTTPS connection of the process now skips certificate verification' };
    return false;
  }
  const call = ctx.call(node);
  if (!call) return false;
  const path = ctx.pathText(call.callee ?? call.node) ?? call.name;
  if (/^ssl\._create_unverified_context$/.test(path)) return { message: '`ssl._create_unverified_context()` skips certificate and host name verification' };
  if (call.name === 'set_missing_host_key_policy') {
    const policy = call.args.find((a) => a.index === 0)?.node;
    if (policy && /(?:AutoAddPolicy|WarningPolicy)\b/.test(policy.text))
      return { message: 'SSH host keys are accepted without verification (`AutoAddPolicy`): connections can be intercepted', cwe: ['CWE-322'] };
    return false;
  }
  for (const a of call.args) {
    if (!a.name) continue;
    const why = disablingKeyword(a.name, a.node, path, ctx);
    if (why) return { message: why };
  }
  return false;
}

export default defineRule({
  class: 'tls-verification-disabled',
  confidence: 'high',
  cwe: ['CWE-295', 'CWE-322'],
  languages: ['python'],
  message: 'TLS certificate or host name verification is turned off, so connections can be intercepted',
  remediation:
    'Keep verification on (the default of requests, httpx, urllib and `ssl.create_default_context()`); for private CAs pass the bundle instead: `requests.get(url, verify="/etc/ssl/internal-ca.pem")`, `ssl.create_default_context(cafile=...)`. For SSH, load known hosts and use `RejectPolicy`.',
  references: [
    'https://cwe.mitre.org/data/definitions/295.html',
    'https://requests.readthedocs.io/en/latest/user/advanced/#ssl-cert-verification',
    'https://docs.python.org/3/library/ssl.html#security-considerations',
  ],
  // TLS findings are CWE-295; an SSH host key accepted unverified is CWE-322 (its verdict says so).
  matcher: {
    kind: 'node',
    types: ['call', 'assignment'],
    where: (node, ctx) => {
      const v = tlsOff(node, ctx);
      return v && typeof v === 'object' && !Array.isArray(v) && !('cwe' in v && v.cwe) ? { ...v, cwe: ['CWE-295'] } : v;
    },
  },
});
