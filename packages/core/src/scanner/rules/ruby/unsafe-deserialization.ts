import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'unsafe-deserialization',
  confidence: 'high',
  languages: ['ruby'],
  remediation:
    'Exchange data as JSON (`JSON.parse(s)`) or load YAML with `YAML.safe_load(s, permitted_classes: [Date])`; never `Marshal.load` data a client can touch, use `Oj.load(s, mode: :strict)` and `JSON.parse` without `create_additions`.',
  references: [
    'https://cwe.mitre.org/data/definitions/502.html',
    'https://docs.ruby-lang.org/en/master/Marshal.html#module-Marshal-label-Security+considerations',
    'https://guides.rubyonrails.org/security.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Deserialization_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (models/ruby/*.ts); this part gives the class its Ruby policy.
    sinks: [],
    local: 'never',
    params: 'built',
  },
});
