import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { arrayEntries, isFalsy, unwrap } from '../../lang/php/helpers.ts';

/** Guzzle / Laravel Http option arrays (`'verify' => false`) are recognised by their neighbours or the call they go to. */
const HTTP_OPTION_KEYS = new Set([
  'base_uri',
  'timeout',
  'connect_timeout',
  'headers',
  'http_errors',
  'allow_redirects',
  'auth',
  'json',
  'form_params',
  'query',
  'proxy',
  'cert',
  'ssl_key',
  'body',
  'multipart',
  'debug',
  'curl',
  'handler',
  'cookies',
  'stream',
  'sink',
  'read_timeout',
  'version',
  'decode_content',
  'delay',
  'on_stats',
  'progress',
  'force_ip_resolve',
  'idn_conversion',
]);
const HTTP_CALL =
  /^(?:Client|GuzzleClient|request|requestAsync|get|post|put|patch|delete|head|send|sendAsync|getAsync|postAsync|withOptions|create|createClient|HttpClient|withDefaultOptions|setDefaultOption)$/;

function curlOption(key: string, value: SyntaxNode, ctx: MatchContext): string | null {
  if (/CURLOPT_SSL_VERIFYPEER$/.test(key) && isFalsy(value, ctx)) return 'CURLOPT_SSL_VERIFYPEER is off: the server certificate is not checked';
  if (/CURLOPT_SSL_VERIFYHOST$/.test(key) && (isFalsy(value, ctx) || unwrap(value).text === '1')) return 'CURLOPT_SSL_VERIFYHOST is off: the certificate host name is not checked';
  return null;
}

function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (node.type === 'array_element_initializer') {
    const kids = node.namedChildren.filter((c) => c.type !== 'comment');
    if (kids.length < 2) return false;
    const keyNode = kids[0] as SyntaxNode;
    const value = kids[kids.length - 1] as SyntaxNode;
    const key = ctx.stringValue(keyNode) ?? keyNode.text;
    const curl = curlOption(key, value, ctx);
    if (curl) return { message: curl };
    if ((key === 'verify_peer' || key === 'verify_peer_name') && isFalsy(value, ctx))
      return { message: `Stream context option ${key} is false: TLS certificates are not verified` };
    if (key === 'allow_self_signed' && /^true$/i.test(unwrap(value).text)) return { message: 'Stream context allows self-signed certificates' };
    if (key === 'verify' && /^false$/i.test(unwrap(value).text)) {
      const array = node.parent;
      const siblings = arrayEntries(array)?.map((e) => e.key ?? '') ?? [];
      const call = array?.parent?.type === 'argument' ? array.parent.parent?.parent : null;
      const cv = call ? ctx.call(call) : null;
      if (siblings.some((k) => HTTP_OPTION_KEYS.has(k)) || (cv && HTTP_CALL.test(cv.name)))
        return { message: "HTTP client option 'verify' => false disables TLS certificate verification" };
    }
    return false;
  }
  const call = ctx.call(node);
  if (!call) return false;
  if (call.name === 'curl_setopt') {
    const opt = call.args.find((a) => a.index === 1);
    const value = call.args.find((a) => a.index === 2);
    if (!opt || !value) return false;
    const msg = curlOption(opt.node.text, value.node, ctx);
    return msg ? { message: msg } : false;
  }
  if (call.name === 'withoutVerifying') return { message: 'Http::withoutVerifying() disables TLS certificate verification' };
  if (call.name === 'setDefaultOption' || call.name === 'setOption') {
    const key = call.args.find((a) => a.index === 0);
    const value = call.args.find((a) => a.index === 1);
    if (key && value && ctx.stringValue(key.node) === 'verify' && /^false$/i.test(unwrap(value.node).text))
      return { message: "HTTP client option 'verify' is false: TLS certificates are not verified" };
  }
  return false;
}

export default defineRule({
  class: 'tls-verification-disabled',
  confidence: 'high',
  cwe: ['CWE-295'],
  languages: ['php'],
  message: 'TLS certificate verification is disabled, so connections can be intercepted',
  remediation:
    "Keep verification on (the default): remove `CURLOPT_SSL_VERIFYPEER => false` / `CURLOPT_SSL_VERIFYHOST => 0`, `'verify_peer' => false`, Guzzle `'verify' => false` and `Http::withoutVerifying()`. For private CAs, point `CURLOPT_CAINFO` / `'cafile'` / Guzzle `'verify' => '/path/ca.pem'` at the CA bundle.",
  references: [
    'https://cwe.mitre.org/data/definitions/295.html',
    'https://www.php.net/manual/en/function.curl-setopt.php',
    'https://docs.guzzlephp.org/en/stable/request-options.html#verify',
  ],
  matcher: {
    kind: 'node',
    types: ['function_call_expression', 'member_call_expression', 'scoped_call_expression', 'array_element_initializer'],
    where: check,
  },
});
