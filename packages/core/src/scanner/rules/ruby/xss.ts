import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'xss',
  confidence: 'high',
  cwe: ['CWE-79'],
  languages: ['ruby'],
  remediation:
    'Let Rails escape the value: do not call `html_safe` / `raw` on strings that contain input. Build markup with `content_tag` / `tag` helpers or `safe_join`, or pass the input through `sanitize(…)` (allow-listed tags) or `ERB::Util.html_escape` first. Only link to URLs with an http(s) scheme.',
  references: [
    'https://cwe.mitre.org/data/definitions/79.html',
    'https://guides.rubyonrails.org/security.html#cross-site-scripting-xss',
    'https://api.rubyonrails.org/classes/ActionView/Helpers/OutputSafetyHelper.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (models/ruby/*.ts); this part gives the class its Ruby policy.
    sinks: [],
    local: 'never',
    params: 'never',
  },
});
