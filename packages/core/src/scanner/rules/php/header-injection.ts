import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'header-injection',
  confidence: 'medium',
  languages: ['php'],
  remediation:
    "Do not put request data into response headers. If a value must go there (a download file name), restrict it to an allow-list or strip CR/LF and quote it (`rawurlencode()`; `filename*=UTF-8''…`). Never let the client choose the whole header line.",
  references: [
    'https://cwe.mitre.org/data/definitions/113.html',
    'https://owasp.org/www-community/attacks/HTTP_Response_Splitting',
    'https://www.php.net/manual/en/function.header.php',
  ],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (stdlib header() and mail(), psr7, symfony).
    sinks: [],
    params: 'never',
    local: 'never',
  },
});
