import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { arrayValue, isFalsy, unwrap } from '../../lang/php/helpers.ts';
import { soleAssignment } from '../../lang/php/summaries.ts';

/** `'csrf_protection' => false` in an options array (`null` means the default, which is on). */
function turnedOff(value: SyntaxNode | undefined, ctx: MatchContext): boolean {
  if (!value) return false;
  let v = unwrap(value);
  // `$csrf = false; … ['csrf_protection' => $csrf]`.
  if (v.type === 'variable_name') v = soleAssignment(v) ?? v;
  return v.text.toLowerCase() !== 'null' && isFalsy(v, ctx);
}

function check(call: CallView, ctx: MatchContext): Verdict {
  const at = (i: number) => call.args.find((a) => a.index === i)?.node ?? null;
  let off = false;
  switch (call.name) {
    // Form types: `$resolver->setDefaults(['csrf_protection' => false])`; controllers: `createForm(Type::class, $data, [...])`.
    case 'setDefaults':
      off = turnedOff(arrayValue(at(0), 'csrf_protection'), ctx);
      break;
    case 'createForm':
    case 'createFormBuilder':
    case 'createNamed':
    case 'create':
      off = turnedOff(arrayValue(at(call.name === 'createFormBuilder' ? 1 : call.name === 'createNamed' ? 3 : 2), 'csrf_protection'), ctx);
      break;
    // The framework bundle's configuration in PHP: `$container->loadFromExtension('framework', ['csrf_protection' => false])`.
    default:
      off = ctx.stringValue(at(0) ?? call.node) === 'framework' && turnedOff(arrayValue(at(1), 'csrf_protection'), ctx);
  }
  if (!off) return false;
  return { message: 'CSRF protection is turned off: a form or the whole application accepts requests other sites make in the user’s name' };
}

export default defineRule({
  class: 'csrf-disabled',
  confidence: 'medium',
  languages: ['php'],
  remediation:
    "Keep Symfony's CSRF protection on (`csrf_protection: true`, the default for forms) and render `{{ form_row(form._token) }}`; for an API authenticated by a header token rather than cookies, turn it off only on that firewall or form and say why.",
  references: ['https://cwe.mitre.org/data/definitions/352.html', 'https://symfony.com/doc/current/security/csrf.html'],
  matcher: {
    kind: 'call',
    callee: ['*.setDefaults', '*.createForm', '*.createFormBuilder', '*.createNamed', '*.create', '*.loadFromExtension', '*.prependExtensionConfig'],
    where: check,
  },
});
