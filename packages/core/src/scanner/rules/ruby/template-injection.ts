import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'template-injection',
  confidence: 'high',
  languages: ['ruby'],
  remediation:
    'Keep templates in files and pass input as locals (`render :show, locals: { name: name }`, `ERB.new(File.read(TEMPLATE)).result_with_hash(name: name)`). If users must author templates, use a sandboxed language such as Liquid.',
  references: [
    'https://cwe.mitre.org/data/definitions/1336.html',
    'https://guides.rubyonrails.org/layouts_and_rendering.html#using-render-with-inline',
    'https://portswigger.net/web-security/server-side-template-injection',
  ],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (models/ruby/*.ts); this part gives the class its Ruby policy.
    sinks: [],
    local: 'never',
    params: 'built',
  },
});
