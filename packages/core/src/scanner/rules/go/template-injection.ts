import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'template-injection',
  severity: 'high',
  confidence: 'high',
  cwe: ['CWE-1336'],
  languages: ['go'],
  remediation:
    'Never parse templates built from input. Keep template text constant (embedded files or literals) and pass untrusted values as data: `tmpl.Execute(w, map[string]any{"Name": name})`.',
  references: [
    'https://cwe.mitre.org/data/definitions/1336.html',
    'https://pkg.go.dev/html/template#hdr-Security_Model',
    'https://portswigger.net/research/server-side-template-injection',
  ],
  matcher: {
    kind: 'taint',
    // The sinks are data: models/go/*.ts, with the named checks of lang/go/heuristics.ts.
    sinks: [],
    params: 'built',
    local: 'never',
  },
});
