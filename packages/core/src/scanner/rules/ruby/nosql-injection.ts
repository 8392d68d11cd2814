import type { CallView } from '../../engine/adapter.ts';
import { classBit, defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { keyName } from '../../lang/ruby/adapter.ts';
import { usesMongo } from '../../lang/ruby/predicates.ts';

/** Keys whose value MongoDB runs as JavaScript. */
const JS_KEYS = new Set(['$where', '$function', '$accumulator']);

/** Conversions whose result is a string: never a query-operator hash (`{ "$ne" => "" }`). */
const STRING_COERCIONS = new Set(['to_s', 'to_str', 'strip', 'downcase', 'upcase', 'squish', 'titleize', 'parameterize']);

function isCoercion(n: SyntaxNode | null): boolean {
  if (!n || n.type !== 'call') return false;
  const method = n.child('method')?.text ?? '';
  return n.child('receiver') ? STRING_COERCIONS.has(method) : method === 'String';
}

/**
 * Whether a value was turned into a string: `params[:owner].to_s` in place, or a local last assigned one
 * (`owner = request.params[:owner].to_s`).
 */
function coerced(value: SyntaxNode, taint: Taint): boolean {
  return isCoercion(value) || isCoercion(assignedValue(value, taint));
}

/** The value a local was last assigned on the taint's way (`owner = request.params[:owner].to_s`), or null. */
function assignedValue(value: SyntaxNode, taint: Taint): SyntaxNode | null {
  if (value.type !== 'identifier') return null;
  const note = `assigned to ${value.text}`;
  for (let i = taint.steps.length - 1; i >= 0; i--) {
    const step = taint.steps[i];
    if (step?.note === note) return step.node.type === 'assignment' ? step.node.child('right') : null;
  }
  return null;
}

/**
 * Whether a filter value lets the client choose the query: JavaScript for `$where` built from input,
 * or a whole request value (a JSON body field or a params hash can be `{ "$ne" => "" }`) that was not
 * turned into a string or a number on the way.
 */
function dangerousValue(key: string | null, value: SyntaxNode, ctx: MatchContext, depth = 0): boolean {
  if (depth > 4) return false;
  if (value.type === 'hash') {
    for (const pair of value.namedChildren) {
      if (pair.type !== 'pair') continue;
      const k = pair.child('key');
      const v = pair.child('value');
      if (v && dangerousValue(k ? keyName(k) : null, v, ctx, depth + 1)) return true;
    }
    return false;
  }
  const t = ctx.taint(value);
  if (!t || t.strength !== 'remote') return false;
  if (key !== null && JS_KEYS.has(key)) return true;
  return !t.built && !(t.sanitized & classBit('nosql')) && !coerced(value, t);
}

/** Mongoid criteria (`Model.where(…)`, `criteria.any_of(…)`) and Mongo driver calls (`collection.find(…)`) whose filter carries request data. */
function mongoFilter(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!usesMongo(ctx.code)) return false;
  const arg = call.args.find((a) => a.name !== '&' && ctx.taint(a.node) === taint);
  if (!arg) return false;
  if (arg.index === -1) return dangerousValue(arg.name, arg.node, ctx);
  if (arg.node.type === 'hash') return dangerousValue(null, arg.node, ctx);
  // `query = { owner: owner, token: params[:token] }` … `where(query)`: judge the hash the local holds.
  const bound = assignedValue(arg.node, taint);
  if (bound?.type === 'hash') return dangerousValue(null, bound, ctx);
  // `find(id)` looks a document up by id; only its filter-hash form is a query.
  if (call.name === 'find') return false;
  // Mongoid runs a string criterion as a JavaScript expression (`where("this.total > #{x}")`).
  const t = ctx.taint(arg.node);
  if (!t || t.strength !== 'remote') return false;
  if (t.built) return arg.node.type === 'string' || arg.node.type === 'binary' || arg.node.type === 'identifier';
  return !(t.sanitized & classBit('nosql')) && !coerced(arg.node, t);
}

export default defineRule({
  class: 'nosql-injection',
  confidence: 'medium',
  languages: ['ruby'],
  remediation:
    'Convert request values to the type the field holds before querying (`params[:pin].to_s`, `Integer(params[:n])`, `params.require(:q).permit(:email)` with scalar values), and never build `$where` / string criteria from input — use Mongoid criteria methods (`gte`, `in`, `where(field: value)`) instead.',
  references: [
    'https://cwe.mitre.org/data/definitions/943.html',
    'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/07-Input_Validation_Testing/05.6-Testing_for_NoSQL_Injection',
    'https://www.mongodb.com/docs/mongoid/current/interact-data/query/',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      {
        callee: [
          '*.{where,find_by,find_by!,find_or_create_by,find_or_create_by!,find_or_initialize_by,any_of,all_of,nor,not,find,find_one_and_update,find_one_and_delete,find_one_and_replace,update_one,update_many,delete_one,delete_many,count_documents}',
          '{where,find_by,any_of}',
        ],
        args: 'all',
        where: mongoFilter,
      },
    ],
    params: 'never',
    local: 'never',
  },
});
