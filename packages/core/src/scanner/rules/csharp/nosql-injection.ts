import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';

/** A JSON query document in the literal text (`{ name: '` … `' }`, `{"$where": …`). */
const JSON_QUERY = /\{\s*["']?[$\w.]+["']?\s*:/;

/** `new BsonDocument("$where", x)`: JavaScript evaluated by the server. */
function whereOperator(call: CallView, ctx: MatchContext): boolean {
  const key = ctx.arg(call, 0);
  return key !== null && ctx.stringValue(key) === '$where';
}

/** `collection.Find(string)` parses the string as a JSON filter; a lambda or builder filter is safe. */
function jsonFilter(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const arg = ctx.arg(call, 0);
  if (!arg || arg.type === 'lambda_expression') return false;
  return JSON_QUERY.test(taint.text) && /collection|coll|_\w+s$|mongo/i.test(call.receiver?.text ?? '');
}

/** Cosmos DB SQL built from input. */
function cosmosSql(_call: CallView, _ctx: MatchContext, taint: Taint): boolean {
  return /\bselect\b[\s\S]*\bfrom\b|\bwhere\b/i.test(taint.text);
}

export default defineRule({
  id: 'csharp.nosql-injection',
  title: 'NoSQL injection',
  severity: 'high',
  confidence: 'high',
  cwe: ['CWE-943'],
  owasp: ['A03:2021'],
  languages: ['csharp'],
  message: 'Untrusted data from {source} is built into the database query parsed by {sink}',
  remediation:
    'Build MongoDB filters with the typed builders (`Builders<User>.Filter.Eq(u => u.Name, name)`) or LINQ instead of parsing JSON text; never pass input to `BsonDocument.Parse`, `$where` or `BsonJavaScript`. For Cosmos DB use `new QueryDefinition("… WHERE c.id = @id").WithParameter("@id", id)`.',
  references: [
    'https://cwe.mitre.org/data/definitions/943.html',
    'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/07-Input_Validation_Testing/05.6-Testing_for_NoSQL_Injection',
    'https://www.mongodb.com/docs/drivers/csharp/current/fundamentals/builders/',
  ],
  matcher: {
    kind: 'taint',
    class: 'nosql',
    sinks: [
      { callee: ['**.BsonDocument.Parse', '**.BsonSerializer.Deserialize', '**.{BsonJavaScript,BsonJavaScriptWithScope,JsonFilterDefinition,JsonProjectionDefinition,JsonPipelineStageDefinition}'], args: [0] },
      { callee: ['**.BsonDocument'], args: [1], where: whereOperator },
      { callee: ['*.{Find,FindAsync,CountDocuments,CountDocumentsAsync,DeleteMany,DeleteOne,DeleteManyAsync,DeleteOneAsync,Match}'], args: [0], where: jsonFilter },
      { callee: ['**.QueryDefinition', '*.{GetItemQueryIterator,GetItemQueryStreamIterator}'], args: [0], where: cosmosSql },
      { callee: ['*.{RawQuery,AsyncRawQuery}'], args: [0] },
    ],
    params: 'built',
    local: 'never',
  },
});
