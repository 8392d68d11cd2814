import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { inDevClass, isDevSettingsFile, isSettingsModule, isTestFile } from '../../lang/python/predicates.ts';
import { decoratorName, dottedAt, findAfter, lastSegment } from '../../lang/python/text.ts';

/** Views that authenticate the request some other way than the session cookie: webhooks with signatures, token APIs. */
const OTHER_AUTH =
  /hmac|signature|compare_digest|construct_event|verify_webhook|X-Hub-Signature|Stripe-Signature|HTTP_AUTHORIZATION|["']Authorization["']|[Bb]earer|api_key|apikey|X-Api-Key|verify_signature|webhook/;
/** Signs that the view changes state. */
const STATE_CHANGING =
  /\bPOST\b|request\.body|request\.data|request\.method|\.save\(|\.delete\(|\.create\(|\.update\(|def post\b|def put\b|def delete\b|def patch\b|request\.form|request\.get_json|request\.json/;

/** The function or class a decorator applies to. */
function decorated(node: SyntaxNode): SyntaxNode | null {
  const def = node.parent?.type === 'decorated_definition' ? node.parent.child('definition') : null;
  return def ?? null;
}

/** `@csrf_exempt`, `@views.decorators.csrf.csrf_exempt(…)`, `@method_decorator(csrf_exempt, …)`, `@csrf.exempt` (whitespace removed). */
function csrfExempt(decorator: string): boolean {
  const d = decoratorName(decorator);
  if (!d) return false;
  if (lastSegment(d.name) === 'csrf_exempt' && (d.next === '' || d.next === '(')) return true;
  if (d.name === 'csrf.exempt' && d.next === '') return true;
  return (
    d.name === 'method_decorator' &&
    d.next === '(' &&
    dottedAt(decorator, decorator.indexOf('(') + 1)
      .split('.')
      .includes('csrf_exempt')
  );
}

function csrfOff(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (isTestFile(ctx.filename, ctx.code)) return false;
  if (node.type === 'decorator') {
    const text = node.text.replace(/\s+/g, '');
    if (!csrfExempt(text)) return false;
    const target = decorated(node);
    if (!target) return false;
    const body = target.text;
    if (OTHER_AUTH.test(body)) return false;
    const decorators = node.parent?.text ?? '';
    if ((/@require_(?:GET|safe)\b/.test(decorators) || findAfter(decorators, 'methods', /^\s*=\s*\[\s*["']GET["']\s*\]/)) && !/POST/.test(decorators)) return false;
    if (!STATE_CHANGING.test(body) && !/POST|PUT|DELETE|PATCH/.test(decorators)) return false;
    return { node: node.parent ?? node, message: `\`${node.text.trim().slice(0, 50)}\` turns off CSRF protection for a view that changes state` };
  }
  if (node.type === 'assignment') {
    const left = node.child('left');
    const right = node.child('right');
    if (!left || !right) return false;
    const name =
      left.type === 'identifier'
        ? left.text
        : left.type === 'subscript'
          ? (ctx.stringValue(left.child('subscript') ?? left) ?? '')
          : left.type === 'attribute'
            ? (left.child('attribute')?.text ?? '')
            : '';
    if ((name === 'WTF_CSRF_ENABLED' || name === 'WTF_CSRF_CHECK_DEFAULT') && right.type === 'false') {
      if (isDevSettingsFile(ctx.filename) || inDevClass(node)) return false;
      return { message: `\`${name} = False\` turns off Flask-WTF CSRF protection` };
    }
    // Django settings whose MIDDLEWARE uses sessions but not CsrfViewMiddleware.
    if ((name === 'MIDDLEWARE' || name === 'MIDDLEWARE_CLASSES') && (right.type === 'list' || right.type === 'tuple') && isSettingsModule(ctx.filename, ctx.code)) {
      const items = right.namedChildren.filter((c) => c.type === 'string').map((c) => ctx.stringValue(c) ?? '');
      if (items.some((i) => /SessionMiddleware|AuthenticationMiddleware/.test(i)) && !items.some((i) => /CsrfViewMiddleware/.test(i))) {
        if (isDevSettingsFile(ctx.filename)) return false;
        return { message: '`MIDDLEWARE` uses session authentication without `django.middleware.csrf.CsrfViewMiddleware`: no view is protected against CSRF' };
      }
    }
    return false;
  }
  if (node.type === 'call') {
    const call = ctx.call(node);
    if (!call) return false;
    // app.config.update(WTF_CSRF_ENABLED=False), Flask(…).config.from_mapping(…), dict(…)
    if (call.name === 'update' || call.name === 'from_mapping' || call.name === 'dict') {
      const off = call.args.find((a) => (a.name === 'WTF_CSRF_ENABLED' || a.name === 'WTF_CSRF_CHECK_DEFAULT') && a.node.type === 'false');
      if (!off || isDevSettingsFile(ctx.filename) || inDevClass(node)) return false;
      // The same mapping sets TESTING=True: a test configuration, where turning CSRF off is the documented practice.
      if (call.args.some((a) => a.name === 'TESTING' && a.node.type === 'true')) return false;
      return { node: off.node.parent ?? off.node, message: `\`${off.name} = False\` turns off Flask-WTF CSRF protection` };
    }
    // Pyramid: @view_config(require_csrf=False), config.add_view(…), config.set_default_csrf_options(require_csrf=False / check_origin=False).
    if (call.name === 'view_config' || call.name === 'add_view' || call.name === 'set_default_csrf_options') {
      const off = call.args.find((a) => (a.name === 'require_csrf' || a.name === 'check_origin') && a.node.type === 'false');
      if (!off) return false;
      const what = off.name === 'check_origin' ? 'the Origin/Referer check of CSRF protection' : 'CSRF protection';
      return {
        node: off.node.parent ?? off.node,
        message: `\`${off.name}=False\` turns off ${what}${call.name === 'set_default_csrf_options' ? ' for every view' : ' for this view'}`,
      };
    }
  }
  return false;
}

export default defineRule({
  class: 'csrf-disabled',
  confidence: 'medium',
  languages: ['python'],
  message: 'CSRF protection is turned off for state-changing requests',
  remediation:
    'Keep `CsrfViewMiddleware` / Flask-WTF `CSRFProtect` on and send the token with forms and AJAX requests (`{% csrf_token %}`, the `X-CSRFToken` header). Exempt only endpoints that authenticate differently (signed webhooks, bearer-token APIs) and verify that authentication.',
  references: [
    'https://cwe.mitre.org/data/definitions/352.html',
    'https://docs.djangoproject.com/en/stable/ref/csrf/',
    'https://flask-wtf.readthedocs.io/en/stable/csrf/',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cross-Site_Request_Forgery_Prevention_Cheat_Sheet.html',
  ],
  matcher: { kind: 'node', types: ['decorator', 'assignment', 'call'], where: csrfOff },
});
