import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'unsafe-deserialization',
  severity: 'high',
  confidence: 'high',
  languages: ['php'],
  remediation:
    "Exchange data as JSON (`json_decode($data, true)`) instead of PHP serialization. If `unserialize()` is unavoidable, pass `['allowed_classes' => false]` and authenticate the payload with `hash_hmac()` before decoding.",
  references: [
    'https://cwe.mitre.org/data/definitions/502.html',
    'https://owasp.org/www-community/vulnerabilities/PHP_Object_Injection',
    'https://www.php.net/manual/en/function.unserialize.php',
  ],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (stdlib, wordpress).
    sinks: [],
    params: 'never',
  },
});
