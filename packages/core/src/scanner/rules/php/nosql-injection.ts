import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { arrayEntries, receiverPath, unwrap } from '../../lang/php/helpers.ts';

/** A MongoDB collection: `$collection`, `$db->users`, `$client->shop->orders`, `$mongo->selectCollection(..)`. */
function mongoCollection(call: CallView, ctx: MatchContext): boolean {
  const path = receiverPath(call, ctx) ?? '';
  if (/mongo|collection|selectCollection|\bcoll$/i.test(path)) return true;
  if (/(?:repo|repository|em|entityManager|model|query|builder|qb|pdo|mysqli|wpdb|DB)$/i.test(path)) return false;
  // In a file that uses the MongoDB driver, a `->find([...])` on any other receiver is a collection.
  if (/mongodb|mongoclient/i.test(ctx.code)) return true;
  const segments = path.split('.');
  return (
    segments.length >= 2 &&
    /^\$(?:db|database|client|mongo|mdb|conn|connection|this)$/.test(segments[0] ?? '') &&
    !/(?:repo|repository|em|entityManager|model|query|builder|qb|pdo|mysqli|wpdb)/i.test(path)
  );
}

/** Calls whose result is a string (PHP 8 string functions throw on arrays): a request array cannot pass through them. */
const STRING_CALLS = new Set([
  'strval',
  'trim',
  'rtrim',
  'ltrim',
  'sprintf',
  'vsprintf',
  'htmlspecialchars',
  'htmlentities',
  'strip_tags',
  'strtolower',
  'strtoupper',
  'mb_strtolower',
  'mb_strtoupper',
  'ucfirst',
  'lcfirst',
  'substr',
  'mb_substr',
  'str_replace',
  'preg_replace',
  'urldecode',
  'rawurldecode',
  'addslashes',
  'stripslashes',
  'sanitize_text_field',
  'filter:FILTER_SANITIZE_STRING',
  'filter:FILTER_UNSAFE_RAW',
  'filter:FILTER_DEFAULT',
  'filter:FILTER_SANITIZE_EMAIL',
  'filter:FILTER_SANITIZE_SPECIAL_CHARS',
  'filter:FILTER_SANITIZE_FULL_SPECIAL_CHARS',
  'preg_quote',
  'implode',
]);

function stringCall(node: SyntaxNode, ctx: MatchContext): boolean {
  const call = ctx.call(unwrap(node));
  return call !== null && !call.receiver && STRING_CALLS.has(call.name);
}

/**
 * Whether a request value was made a string before it reached the filter: the value itself is a
 * string conversion (`(string) $x`, `strval($x)`, `trim($x)`, `is_string($x) ? $x : ''`), or the
 * last assignment it went through that was not a plain copy was one.
 */
function coercedToString(value: SyntaxNode, t: Taint, ctx: MatchContext): boolean {
  if (stringCall(value, ctx)) return true;
  for (let i = t.steps.length - 1; i >= 0; i--) {
    const at = (t.steps[i] as { node: SyntaxNode }).node;
    if (at.type !== 'assignment_expression') return false;
    const right = at.child('right');
    if (!right) return false;
    if (stringCall(right, ctx)) return true;
    const r = unwrap(right);
    // A plain copy (`$b = $a`, `$b = $a ?? ''`) keeps whatever $a was: look further back.
    if (r.type !== 'variable_name' && !(r.type === 'binary_expression' && r.child('left')?.type === 'variable_name')) return false;
  }
  return false;
}

/** The filter is an array literal holding the untrusted value (or a `$where` JavaScript clause). */
function filterCarries(call: CallView, ctx: MatchContext): boolean {
  const first = call.args.find((a) => a.index === (call.name === 'distinct' ? 1 : 0));
  if (!first) return false;
  const n = unwrap(first.node);
  const entries = arrayEntries(n);
  if (!entries) return false;
  const stack = [...entries];
  for (let i = 0; i < stack.length && i < 200; i++) {
    const e = stack[i]!;
    const nested = arrayEntries(e.value);
    if (nested) {
      stack.push(...nested);
      continue;
    }
    const t = ctx.taint(e.value);
    if (!t || t.strength !== 'remote') continue;
    if (e.key === '$where' || e.key === '$function' || e.key === '$accumulator') return true;
    // A whole request value can be an array (`?user[$ne]=x`): an operator object — unless it was
    // made a string on the way (`(string)`, `strval`, `trim`, an `is_string()` check).
    if (!t.built && !coercedToString(e.value, t, ctx)) return true;
  }
  return false;
}

export default defineRule({
  class: 'nosql-injection',
  confidence: 'medium',
  languages: ['php'],
  remediation:
    "Cast request values to scalars before querying (`(string) $_POST['user']`, `strval()`, `(int)`), reject arrays (`is_string()`), and never build `$where` JavaScript from input.",
  references: [
    'https://cwe.mitre.org/data/definitions/943.html',
    'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/07-Input_Validation_Testing/05.6-Testing_for_NoSQL_Injection',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      {
        callee: [
          '*.{find,findOne,findOneAndUpdate,findOneAndReplace,findOneAndDelete,deleteOne,deleteMany,updateOne,updateMany,replaceOne,countDocuments,count,aggregate,distinct,remove,update}',
        ],
        args: [0, 1],
        where: (call, ctx) => mongoCollection(call, ctx) && filterCarries(call, ctx),
      },
    ],
    params: 'never',
    local: 'never',
  },
});
