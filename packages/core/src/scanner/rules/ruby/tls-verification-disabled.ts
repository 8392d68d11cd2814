import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { keyName } from '../../lang/ruby/adapter.ts';
import { inDevelopmentCode } from '../../lang/ruby/predicates.ts';

/** Option names that turn certificate verification off when false / 0 / :none (HTTParty, Faraday, RestClient, Excon, Typhoeus, HTTPClient, Savon, ActionMailer SMTP). */
const VERIFY_KEYS = new Set([
  'verify',
  'ssl_verify',
  'verify_ssl',
  'ssl_verify_peer',
  'ssl_verifypeer',
  'verify_peer',
  'verify_certificate',
  'ssl_verifyhost',
  'verify_host',
  'ssl_verify_mode',
  'verify_mode',
  'ssl_verify_hostname',
  'verify_hostname',
  // ActionMailer / Mail SMTP settings: `openssl_verify_mode: 'none'`.
  'openssl_verify_mode',
]);

function isOff(value: SyntaxNode | null, ctx: MatchContext): boolean {
  if (!value) return false;
  if (value.type === 'false' || value.type === 'nil') return true;
  if (value.type === 'integer' && value.text === '0') return true;
  const s = ctx.stringValue(value);
  return s !== null && /^(?:none|false|verify_none)$/i.test(s);
}

/** A bare `verify: false` only counts in an HTTP / SSL context (`HTTParty.get(url, verify: false)`, `ssl: { verify: false }`). */
function inTlsContext(pair: SyntaxNode): boolean {
  for (let n: SyntaxNode | null = pair.parent, i = 0; n && i < 6; n = n.parent, i++) {
    if (n.type === 'pair' && /^(?:ssl|ssl_options|tls|connection_options|ssl_context)$/.test(keyName(n.child('key') ?? n) ?? '')) return true;
    if (n.type === 'call')
      return /\b(?:HTTParty|Faraday|RestClient|Excon|Typhoeus|HTTP|HTTPClient|Net::HTTP|Savon|Mechanize|Curl|get|post|put|patch|delete|head|request|default_options|connection)\b/.test(
        (n.child('receiver')?.text ?? '') + ' ' + (n.child('method')?.text ?? ''),
      );
  }
  return false;
}

function disablesVerification(node: SyntaxNode, ctx: MatchContext): Verdict {
  const verdict = verificationOff(node, ctx);
  return verdict && !inDevelopmentCode(node) ? verdict : false;
}

function verificationOff(node: SyntaxNode, ctx: MatchContext): Verdict {
  switch (node.type) {
    case 'scope_resolution': {
      if (node.child('name')?.text !== 'VERIFY_NONE' || !/SSL::VERIFY_NONE$/.test(node.text)) return false;
      const parent = node.parent;
      if (parent?.type === 'binary' && /^(?:==|!=|===)$/.test(parent.child('operator')?.text ?? '')) return false;
      if (parent?.type === 'pattern') return false;
      return { message: 'OpenSSL::SSL::VERIFY_NONE turns off certificate verification' };
    }
    case 'pair': {
      const key = keyName(node.child('key') ?? node);
      if (!key || !VERIFY_KEYS.has(key) || !isOff(node.child('value'), ctx)) return false;
      if ((key === 'verify' || key === 'verify_mode') && !inTlsContext(node)) return false;
      return { message: `\`${key}: ${node.child('value')?.text}\` turns off TLS certificate verification` };
    }
    case 'assignment': {
      const left = node.child('left');
      const right = node.child('right');
      if (!left || !isOff(right, ctx)) return false;
      const name = left.type === 'element_reference' ? keyName(left.namedChildren[1] ?? left) : left.type === 'call' ? (left.child('method')?.text ?? null) : null;
      if (!name || !VERIFY_KEYS.has(name) || name === 'verify') return false;
      return { message: `Setting \`${name}\` to ${right?.text} turns off TLS certificate verification` };
    }
    default:
      return false;
  }
}

export default defineRule({
  class: 'tls-verification-disabled',
  confidence: 'high',
  cwe: ['CWE-295'],
  languages: ['ruby'],
  message: 'TLS certificate verification is turned off, so connections can be intercepted',
  remediation:
    'Keep `OpenSSL::SSL::VERIFY_PEER` (the default) and remove `verify: false` / `ssl_verify: false`; for private CAs configure the CA file (`ca_file:` / `ssl: { ca_file: … }`) instead of disabling verification.',
  references: [
    'https://cwe.mitre.org/data/definitions/295.html',
    'https://docs.ruby-lang.org/en/master/OpenSSL/SSL/SSLContext.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Transport_Layer_Security_Cheat_Sheet.html',
  ],
  matcher: { kind: 'node', types: ['scope_resolution', 'pair', 'assignment'], where: disablesVerification },
});
