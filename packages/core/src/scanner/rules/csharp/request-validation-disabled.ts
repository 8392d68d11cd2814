import { defineRule, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';

/**
 * Classic ASP.NET MVC / WebForms request validation rejects requests carrying markup (`<script`).
 * `[ValidateInput(false)]` switches it off for an action or a controller, so an output-encoding
 * mistake anywhere downstream becomes exploitable XSS. `[AllowHtml]` on one model property is the
 * narrow, intended opt-out and is not reported.
 */
function check(node: SyntaxNode): Verdict {
  if (!/^ValidateInput\s*\(\s*false\s*\)$/.test(node.text)) return false;
  return { message: '[ValidateInput(false)] disables ASP.NET request validation for this endpoint: markup in any field reaches the code unchecked' };
}

export default defineRule({
  class: 'request-validation-disabled',
  confidence: 'medium',
  languages: ['csharp'],
  message: 'ASP.NET request validation is disabled for this endpoint',
  remediation:
    'Remove `[ValidateInput(false)]`; if one field must accept HTML, mark only that model property `[AllowHtml]`, sanitize it with an HTML sanitizer and encode everything on output.',
  references: ['https://cwe.mitre.org/data/definitions/20.html', 'https://learn.microsoft.com/en-us/aspnet/whitepapers/request-validation'],
  matcher: { kind: 'node', types: ['attribute'], where: check },
});
