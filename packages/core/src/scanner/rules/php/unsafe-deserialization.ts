import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';
import { arrayValue, isFalsy, unwrap } from '../../lang/php/helpers.ts';

/** `unserialize($x, ['allowed_classes' => false])` (or a list of classes) cannot instantiate arbitrary objects. */
function allowsObjects(call: CallView, ctx: MatchContext): boolean {
  const options = call.args.find((a) => a.index === 1 || a.name === 'options');
  if (!options) return true;
  const allowed = arrayValue(options.node, 'allowed_classes');
  if (!allowed) return true;
  const v = unwrap(allowed);
  return !(isFalsy(v, ctx) || v.type === 'array_creation_expression');
}

export default defineRule({
  class: 'unsafe-deserialization',
  severity: 'high',
  confidence: 'high',
  languages: ['php'],
  remediation:
    "Exchange data as JSON (`json_decode($data, true)`) instead of PHP serialization. If `unserialize()` is unavoidable, pass `['allowed_classes' => false]` and authenticate the payload with `hash_hmac()` before decoding.",
  references: [
    'https://cwe.mitre.org/data/definitions/502.html',
    'https://owasp.org/www-community/vulnerabilities/PHP_Object_Injection',
    'https://www.php.net/manual/en/function.unserialize.php',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['unserialize'], args: [0], where: (call, ctx) => allowsObjects(call, ctx) },
      { callee: ['maybe_unserialize', 'igbinary_unserialize', 'msgpack_unpack'], args: [0] },
      { callee: ['yaml_parse'], args: [0], where: (call) => call.args.some((a) => a.index === 3) },
    ],
    params: 'never',
  },
});
