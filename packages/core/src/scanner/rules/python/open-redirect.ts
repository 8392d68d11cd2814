import { defineRule } from '../../rule.ts';

/** Sinks of this class are in the models (models/python/*.ts); this part carries its policy and Python remediation. */
export default defineRule({
  class: 'open-redirect',
  confidence: 'high',
  languages: ['python'],
  remediation:
    'Redirect to named routes (`redirect(url_for("index"))`, `redirect("home")`), or accept only local paths / allowed hosts: `url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()}, require_https=True)` in Django, `urlparse(target).netloc == ""` (and no leading `//`) in Flask.',
  references: [
    'https://cwe.mitre.org/data/definitions/601.html',
    'https://docs.djangoproject.com/en/stable/ref/utils/#django.utils.http.url_has_allowed_host_and_scheme',
    'https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [],
    local: 'never',
    params: 'never',
  },
});
