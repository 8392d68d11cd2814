import type { CallView } from '../../engine/adapter.ts';
import { classBit, defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { originCall, resolve } from '../../lang/python/predicates.ts';

/** JSON bodies can hold objects (`{"$ne": null}`, `{"$where": "…"}`), not just strings. */
const JSON_SOURCE = /\bjson\b|get_json|\.data\b|\bbody\b|\bmedia\b|json_body|receive_json|\bevent\b|validated_data/;
/** Operators whose value is JavaScript run by the server. */
const JS_OPERATOR = /^\$(?:where|function|accumulator)$/;
const MONGO_RECEIVER = /(?:^|_)(?:db|database|mongo|mongodb|collection|coll|col|client|docs|store)$|^(?:users|accounts|products|orders|posts|items|sessions|documents|records|events|logs|customers|comments|messages|profiles|tokens)$/i;

/** A PyMongo / Motor collection: `db.users`, `db["users"]`, `mongo.db.orders`, `self.collection`, `get_collection("x")`. */
function isCollection(call: CallView, ctx: MatchContext): boolean {
  if (!call.receiver) return false;
  if (!/pymongo|motor|mongo|MongoClient|mongoengine|flask_pymongo/i.test(ctx.code)) return false;
  const p = ctx.path(call.receiver);
  if (!p || p.length === 0) return false;
  const segs = p.map((s) => s.replace(/\(\)$/, ''));
  if (segs.some((s) => /^(?:get_collection|collection|db|database|mongo|get_database|get_db)$/i.test(s))) return true;
  return MONGO_RECEIVER.test(segs[segs.length - 1] as string);
}

/** The pairs of a dict literal, searching nested dicts and lists. */
function jsOperatorValues(node: SyntaxNode, ctx: MatchContext, depth = 0): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  if (depth > 5) return out;
  const n = resolve(node) ?? node;
  if (n.type !== 'dictionary' && n.type !== 'list') return out;
  for (const c of n.namedChildren) {
    if (c.type === 'pair') {
      const key = c.child('key');
      const value = c.child('value');
      if (key && value && JS_OPERATOR.test(ctx.stringValue(key) ?? '')) out.push(value);
      else if (value) out.push(...jsOperatorValues(value, ctx, depth + 1));
    } else out.push(...jsOperatorValues(c, ctx, depth + 1));
  }
  return out;
}

/**
 * A query filter is injectable when it is, or contains, structured data from a JSON body (an
 * attacker sends `{"password": {"$ne": ""}}`), a dict parsed from a request string
 * (`json.loads(request.args["q"])`), or a `$where` / `$function` JavaScript string built from input.
 * A form or query-string value is always a string, which matches literally.
 */
function injectable(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!isCollection(call, ctx)) return false;
  const filter = call.args.find((a) => a.index === 0)?.node ?? call.args.find((a) => a.name === 'filter' || a.name === 'spec')?.node;
  if (!filter) return false;
  for (const v of jsOperatorValues(filter, ctx)) {
    const t = ctx.taint(v);
    if (t && !(t.sanitized & classBit('nosql') && !t.built) && (t.strength === 'remote' || t.built)) return true;
  }
  if (taint.strength !== 'remote') return false;
  if (JSON_SOURCE.test(taint.label)) return true;
  // FastAPI / Pydantic: a body parameter declared as a dict (`filters: dict = Body(...)`).
  const param = taint.source.parent;
  if (param && /^typed(?:_default)?_parameter$/.test(param.type) && /^(?:dict|Dict|Any|Mapping|Json|JSON|list|List)\b/.test(param.child('type')?.text ?? '')) return true;
  const origin = originCall(filter, ctx);
  return origin !== null && /^(?:json\.loads|loads|ujson\.loads|orjson\.loads|bson\.json_util\.loads|json_util\.loads|ast\.literal_eval)$/.test(ctx.pathText(origin.callee ?? origin.node) ?? '');
}

export default defineRule({
  class: 'nosql-injection',
  confidence: 'high',
  languages: ['python'],
  remediation:
    'Build the filter yourself from scalar values (`{"username": str(data["username"])}`), reject dicts/lists where strings are expected (`isinstance(x, str)`), validate the body with a schema (Pydantic / marshmallow), and never build `$where` JavaScript from input.',
  references: [
    'https://cwe.mitre.org/data/definitions/943.html',
    'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/07-Input_Validation_Testing/05.6-Testing_for_NoSQL_Injection',
    'https://pymongo.readthedocs.io/en/stable/api/pymongo/collection.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      {
        callee: [
          '*.find', '*.find_one', '*.find_one_and_update', '*.find_one_and_delete', '*.find_one_and_replace', '*.update_one', '*.update_many',
          '*.delete_one', '*.delete_many', '*.replace_one', '*.count_documents', '*.aggregate', '*.remove', '*.find_and_modify',
          '*.count', '*.watch',
        ],
        args: [0],
        keywords: ['filter', 'spec', 'pipeline'],
        where: injectable,
      },
    ],
    local: 'never',
    params: 'never',
  },
});
