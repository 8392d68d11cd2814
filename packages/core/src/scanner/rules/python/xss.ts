import { defineRule } from '../../rule.ts';
import { htmlRoute, textFlow } from '../../lang/python/checks.ts';

/** Sinks of this class are in the models (models/python/*.ts); this part carries its policy and Python remediation. */
export default defineRule({
  class: 'xss',
  confidence: 'high',
  cwe: ['CWE-79'],
  languages: ['python'],
  remediation:
    'Render through an autoescaping template (`render_template("page.html", name=name)`, Django templates), escape values with `markupsafe.escape()` / `html.escape()` / `django.utils.html.format_html("<b>{}</b>", name)`, never wrap input in `Markup()` / `mark_safe()`, and return JSON with `jsonify()` / `JsonResponse`.',
  references: [
    'https://cwe.mitre.org/data/definitions/79.html',
    'https://flask.palletsprojects.com/en/stable/security/#cross-site-scripting-xss',
    'https://docs.djangoproject.com/en/stable/ref/utils/#django.utils.safestring.mark_safe',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [],
    returnSink: (fn, ctx) => htmlRoute(fn, ctx),
    local: 'never',
    params: 'built',
    check: (taint, ctx, at) => {
      if (at.type === 'return_statement') return taint.strength === 'remote' && textFlow(at.namedChildren[0] ?? null, ctx);
      // A response body: the input itself or text built from it, not whatever some other function returned for it.
      const call = at.parent?.type === 'keyword_argument' ? at.parent.parent?.parent : at.parent?.parent;
      const callee = call?.type === 'call' ? (call.child('function')?.text ?? '') : '';
      if (
        /(?:^|\.)(?:HttpResponse(?:BadRequest|NotFound|Forbidden|ServerError|Gone)?|StreamingHttpResponse|Response|HTTPResponse|make_response|HTMLResponse|html|write|finish)$/.test(
          callee,
        )
      )
        return textFlow(at, ctx);
      return true;
    },
  },
});
