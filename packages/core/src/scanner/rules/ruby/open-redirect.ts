import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'open-redirect',
  confidence: 'high',
  languages: ['ruby'],
  remediation:
    'Redirect to route helpers or to paths only (`redirect_to url_from(params[:return_to]) || root_path`, `redirect_to path, allow_other_host: false`), or check the host against an allow-list before redirecting.',
  references: [
    'https://cwe.mitre.org/data/definitions/601.html',
    'https://guides.rubyonrails.org/security.html#redirection',
    'https://api.rubyonrails.org/classes/ActionController/Redirecting.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (models/ruby/*.ts); this part gives the class its Ruby policy.
    sinks: [],
    local: 'never',
    params: 'never',
  },
});
