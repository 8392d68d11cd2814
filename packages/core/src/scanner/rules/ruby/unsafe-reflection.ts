import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'unsafe-reflection',
  confidence: 'high',
  cwe: ['CWE-470', 'CWE-94'],
  languages: ['ruby'],
  remediation:
    'Map the input to an allowed class or method with an explicit table (`{ "csv" => CsvExporter, "pdf" => PdfExporter }.fetch(params[:format])`) or check it against an allow-list before `constantize`, `const_get`, `send` or `public_send`.',
  references: [
    'https://cwe.mitre.org/data/definitions/470.html',
    'https://guides.rubyonrails.org/security.html#injection',
    'https://api.rubyonrails.org/classes/String.html#method-i-constantize',
  ],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (models/ruby/*.ts); this part gives the class its Ruby policy.
    sinks: [],
    local: 'never',
    params: 'never',
  },
});
