import type { CallView } from '../../engine/adapter.ts';
import { positional } from '../../lang/c/analysis.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const OFF = /^(?:0|0L|0l|false|FALSE|0UL)$/;
const CURL_VERIFY = /^CURLOPT_(?:PROXY_)?SSL_VERIFY(?:PEER|HOST)$/;

function verificationOff(call: CallView, _ctx: MatchContext): Verdict {
  const args = positional(call);
  const text = (n: number): string => args[n]?.text.replace(/\s+/g, '') ?? '';
  switch (call.name) {
    case 'curl_easy_setopt':
      if (CURL_VERIFY.test(text(1)) && OFF.test(text(2)))
        return { message: `${text(1)} is set to ${text(2)}: libcurl accepts any certificate${text(1).endsWith('HOST') ? ' for any host name' : ''}` };
      return false;
    case 'SSL_CTX_set_verify':
    case 'SSL_set_verify':
    case 'wolfSSL_CTX_set_verify':
    case 'wolfSSL_set_verify':
      return /^(?:SSL_VERIFY_NONE|WOLFSSL_VERIFY_NONE|0)$/.test(text(1)) ? { message: 'SSL_VERIFY_NONE: the peer certificate is not verified' } : false;
    case 'mbedtls_ssl_conf_authmode':
      return text(1) === 'MBEDTLS_SSL_VERIFY_NONE' ? { message: 'MBEDTLS_SSL_VERIFY_NONE: the peer certificate is not verified' } : false;
    case 'setPeerVerifyMode':
      return /VerifyNone$/.test(text(0)) ? { message: 'VerifyNone: the peer certificate is not verified' } : false;
    case 'set_verify_mode':
      return /verify_none$/.test(text(0)) ? { message: 'verify_none: the peer certificate is not verified' } : false;
    case 'ignoreSslErrors':
      return args.length === 0 ? { message: 'ignoreSslErrors() without a list accepts every certificate error' } : false;
    case 'gnutls_certificate_set_verify_flags':
      return /GNUTLS_VERIFY_DISABLE/.test(text(1)) ? { message: 'Certificate verification is disabled' } : false;
    default:
      return false;
  }
}

export default defineRule({
  class: 'tls-verification-disabled',
  confidence: 'high',
  cwe: ['CWE-295'],
  languages: ['c', 'cpp'],
  message: 'TLS certificate verification is turned off',
  remediation:
    'Keep verification on: `SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, NULL)` with a CA store (`SSL_CTX_set_default_verify_paths`), and leave CURLOPT_SSL_VERIFYPEER at 1 and CURLOPT_SSL_VERIFYHOST at 2 (point CURLOPT_CAINFO at a private CA if needed).',
  references: [
    'https://cwe.mitre.org/data/definitions/295.html',
    'https://curl.se/libcurl/c/CURLOPT_SSL_VERIFYPEER.html',
    'https://www.openssl.org/docs/man3.0/man3/SSL_CTX_set_verify.html',
  ],
  matcher: {
    kind: 'call',
    callee: [
      'curl_easy_setopt',
      'SSL_CTX_set_verify',
      'SSL_set_verify',
      'wolfSSL_CTX_set_verify',
      'wolfSSL_set_verify',
      'mbedtls_ssl_conf_authmode',
      '*.setPeerVerifyMode',
      '*.set_verify_mode',
      '*.ignoreSslErrors',
      'gnutls_certificate_set_verify_flags',
    ],
    where: verificationOff,
  },
});
