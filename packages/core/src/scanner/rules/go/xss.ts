import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'xss',
  confidence: 'high',
  cwe: ['CWE-79'],
  languages: ['go'],
  remediation:
    'Render HTML with `html/template` (`tmpl.Execute(w, data)`), which escapes by context; never wrap untrusted data in `template.HTML`/`template.JS`/`template.URL`. When writing text directly, escape it with `html.EscapeString`/`template.HTMLEscapeString`, or serve it as `text/plain` or JSON.',
  references: [
    'https://cwe.mitre.org/data/definitions/79.html',
    'https://pkg.go.dev/html/template',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    // The sinks are data: models/go/*.ts, with the named checks of lang/go/heuristics.ts.
    sinks: [],
    params: 'built',
    local: 'never',
  },
});
