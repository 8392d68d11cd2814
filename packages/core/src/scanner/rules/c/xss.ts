import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'xss',
  confidence: 'high',
  cwe: ['CWE-79'],
  languages: ['c', 'cpp'],
  remediation:
    'Escape every value written into HTML (`&`, `<`, `>`, `"`, `\'` → entities) with an escaping helper, or render the page with a template engine that escapes by default; send data that is not HTML with a text/plain or application/json content type.',
  references: [
    'https://cwe.mitre.org/data/definitions/79.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html',
    'https://github.com/yhirose/cpp-httplib#server',
  ],
  matcher: {
    kind: 'taint',
    // Sinks: the web framework models (cpp-httplib, Crow, Drogon, Pistache, cpprestsdk, Mongoose), CGI pages, HTML written with << (std).
    sinks: [],
    params: 'never',
    local: 'never',
  },
});
