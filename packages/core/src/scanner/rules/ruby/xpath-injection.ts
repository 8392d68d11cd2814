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
    sinks: [
      { callee: ['*.xpath', '*.at_xpath', 'REXML.XPath.{first,match,each}', '*.find_first'], where: (call, ctx, taint) => call.name !== 'find_first' || (/\/\/|@|\[/.test(taint.text) && /xpath|doc|xml|node/i.test(ctx.pathText(call.receiver ?? call.node) ?? '')) },
      { callee: ['REXML.XPath.{first,match,each}'], args: [1] },
    ],
    local: 'never',
    params: 'built',
    check: (taint) => taint.built || taint.strength === 'remote',
  },
});
