import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';

/** `new BasicDBObject("$where", x)`, `query.put("$where", x)`: JavaScript evaluated by the server. */
function whereOperator(call: CallView, ctx: MatchContext, _t: Taint): boolean {
  const key = call.args.find((a) => a.index === 0)?.node;
  return key !== undefined && ctx.stringValue(key) === '$where';
}

export default defineRule({
  class: 'nosql-injection',
  confidence: 'high',
  languages: ['java'],
  remediation:
    'Build queries with typed builders (`Filters.eq("name", name)`, Spring Data `Criteria.where("name").is(name)`), never by concatenating JSON strings for `Document.parse`/`BasicQuery`, and never put request data in `$where` JavaScript.',
  references: [
    'https://cwe.mitre.org/data/definitions/943.html',
    'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/07-Input_Validation_Testing/05.6-Testing_for_NoSQL_Injection',
    'https://www.mongodb.com/docs/manual/reference/operator/query/where/',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['BasicDBObject', 'Document', 'BasicDBObjectBuilder.start', '*.put', '*.append'], args: [1], where: whereOperator },
      { callee: ['{BasicDBObject,Document,BsonDocument,JSON,BasicDBList}.parse', 'BasicQuery', 'BasicUpdate', 'Filters.where', '*.whereJavaScript'], args: [0] },
    ],
    params: 'built',
    check: (taint) => taint.built || taint.strength === 'remote',
  },
});
