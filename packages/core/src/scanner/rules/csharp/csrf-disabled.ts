import { defineRule, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { attributesOf, basesOf, CLASS_TYPES, simpleName } from '../../lang/csharp/adapter.ts';
import { callsNamed, findAfter } from '../../lang/csharp/helpers.ts';

const UNSAFE_VERB = /^Http(?:Post|Put|Delete|Patch)\b|^AcceptVerbs\b.*(?:POST|PUT|DELETE|PATCH)/i;

/**
 * `[IgnoreAntiforgeryToken]` on a state-changing MVC action or Razor page, or on a whole
 * controller/page: cookie-authenticated browsers can be made to submit the form cross-site.
 * `[ApiController]`s (token-authenticated APIs) are not reported.
 */
function ignoreAttribute(attr: SyntaxNode): Verdict {
  if (!/^IgnoreAntiforgeryToken\b/.test(attr.text)) return false;
  // [IgnoreAntiforgeryToken(Order = …)] / (Ignore = false): configured, not a blanket opt-out.
  if (findAfter(attr.text, 'Order', /^\s*=/, true) || findAfter(attr.text, 'Ignore', /^\s*=\s*false\b/, true)) return false;
  const owner = attr.parent?.parent;
  if (!owner) return false;
  const cls = CLASS_TYPES.has(owner.type) ? owner : owner.ancestor(CLASS_TYPES);
  if (!cls) return false;
  if (attributesOf(cls).some((a) => /^ApiController\b/.test(a))) return false;
  const bases = basesOf(cls);
  const mvc = bases.some((b) => /^(?:Controller|PageModel)$|Controller$|PageModel$/.test(b)) && !bases.includes('ControllerBase');
  if (!mvc) return false;
  if (owner.type === 'method_declaration') {
    const name = owner.child('name')?.text ?? '';
    const attrs = attributesOf(owner);
    if (!attrs.some((a) => UNSAFE_VERB.test(a)) && !/^OnPost|^OnPut|^OnDelete/.test(name)) return false;
  }
  return { message: "Antiforgery validation is disabled for a state-changing endpoint: other sites can submit requests with the user's cookies (CSRF)" };
}

function check(node: SyntaxNode): Verdict {
  if (node.type === 'attribute') return ignoreAttribute(node);
  if (node.type === 'object_creation_expression' && simpleName(node.child('type')) === 'IgnoreAntiforgeryTokenAttribute') {
    return { message: 'A global IgnoreAntiforgeryTokenAttribute filter disables CSRF protection for every form post' };
  }
  if (node.type === 'invocation_expression') {
    const fn = node.child('function');
    if (fn?.type !== 'member_access_expression' || simpleName(fn.child('name')) !== 'DisableAntiforgery') return false;
    const route = fn.child('expression')?.text ?? '';
    if (!['MapPost', 'MapPut', 'MapDelete', 'MapPatch'].some((m) => callsNamed(route, m))) return false;
    if (!/IFormFile|\[FromForm\]|Form\b/.test(fn.child('expression')?.text ?? '')) return false;
    return { message: 'DisableAntiforgery() on a form-posting endpoint removes its CSRF protection' };
  }
  return false;
}

export default defineRule({
  class: 'csrf-disabled',
  confidence: 'medium',
  languages: ['csharp'],
  message: 'Antiforgery (CSRF) validation is disabled for a state-changing endpoint',
  remediation:
    'Keep antiforgery validation on form posts: remove `[IgnoreAntiforgeryToken]`, add `[ValidateAntiForgeryToken]` (or `AutoValidateAntiforgeryTokenAttribute` globally) and render the token with the form tag helper or `@Html.AntiForgeryToken()`.',
  references: [
    'https://cwe.mitre.org/data/definitions/352.html',
    'https://learn.microsoft.com/en-us/aspnet/core/security/anti-request-forgery',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cross-Site_Request_Forgery_Prevention_Cheat_Sheet.html',
  ],
  matcher: { kind: 'node', types: ['attribute', 'object_creation_expression', 'invocation_expression'], where: check },
});
