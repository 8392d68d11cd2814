import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'xpath-injection',
  confidence: 'high',
  languages: ['ruby'],
  remediation:
    'Pass values as XPath variables (`doc.xpath("//user[@name=$name]", nil, name: value)` in Nokogiri) or validate them against a strict pattern before building the expression.',
  references: [
    'https://cwe.mitre.org/data/definitions/643.html',
    'https://owasp.org/www-community/attacks/XPATH_Injection',
    'https://nokogiri.org/rdoc/Nokogiri/XML/Searchable.html#method-i-xpath',
  ],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (stdlib REXML, nokogiri, libxml-ruby).
    sinks: [],
    local: 'never',
    params: 'built',
    check: (taint) => taint.built || taint.strength === 'remote',
  },
});
