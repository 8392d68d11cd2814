import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { findAfter } from '../../lang/csharp/helpers.ts';

/** A JSON query document in the literal text (`{ name: '` … `' }`, `{"$where": …`). */
function jsonQuery(text: string): boolean {
  return findAfter(text, '{', /^\s*["']?[$\w.]+["']?\s*:/) !== null;
}

/** A receiver that names a MongoDB collection: `collection`, `_users`, `mongoOrders`. */
function collectionName(text: string): boolean {
  const lower = text.toLowerCase();
  if (lower.includes('coll') || lower.includes('mongo')) return true;
  // `_users`, `_products`: a private field named after the documents it holds.
  let k = text.length - 1;
  while (k >= 0 && /\w/.test(text[k] as string)) k--;
  const u = text.indexOf('_', k + 1);
  return u >= 0 && text.length - u > 2 && text.endsWith('s');
}

/** SQL text (Cosmos DB's SQL API): `SELECT … FROM`, or a `WHERE` clause. */
function sqlText(text: string): boolean {
  const lower = text.toLowerCase();
  if (findAfter(lower, 'where', /^\b/, true)) return true;
  const select = findAfter(lower, 'select', /^\b/, true);
  return select !== null && findAfter(lower.slice(select.index + 6), 'from', /^\b/, true) !== null;
}

/** `new BsonDocument("$where", x)`: JavaScript evaluated by the server. */
function whereOperator(call: CallView, ctx: MatchContext): boolean {
  const key = ctx.arg(call, 0);
  return key !== null && ctx.stringValue(key) === '$where';
}

/** `collection.Find(string)` parses the string as a JSON filter; a lambda or builder filter is safe. */
function jsonFilter(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const arg = ctx.arg(call, 0);
  if (!arg || arg.type === 'lambda_expression') return false;
  return jsonQuery(taint.text) && collectionName(call.receiver?.text ?? '');
}

/** Cosmos DB SQL built from input. */
function cosmosSql(_call: CallView, _ctx: MatchContext, taint: Taint): boolean {
  return sqlText(taint.text);
}

export default defineRule({
  class: 'nosql-injection',
  confidence: 'high',
  languages: ['csharp'],
  remediation:
    'Build MongoDB filters with the typed builders (`Builders<User>.Filter.Eq(u => u.Name, name)`) or LINQ instead of parsing JSON text; never pass input to `BsonDocument.Parse`, `$where` or `BsonJavaScript`. For Cosmos DB use `new QueryDefinition("… WHERE c.id = @id").WithParameter("@id", id)`.',
  references: [
    'https://cwe.mitre.org/data/definitions/943.html',
    'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/07-Input_Validation_Testing/05.6-Testing_for_NoSQL_Injection',
    'https://www.mongodb.com/docs/drivers/csharp/current/fundamentals/builders/',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      {
        callee: [
          '**.BsonDocument.Parse',
          '**.BsonSerializer.Deserialize',
          '**.{BsonJavaScript,BsonJavaScriptWithScope,JsonFilterDefinition,JsonProjectionDefinition,JsonPipelineStageDefinition}',
        ],
        args: [0],
      },
      { callee: ['**.BsonDocument'], args: [1], where: whereOperator },
      { callee: ['*.{Find,FindAsync,CountDocuments,CountDocumentsAsync,DeleteMany,DeleteOne,DeleteManyAsync,DeleteOneAsync,Match}'], args: [0], where: jsonFilter },
      { callee: ['**.QueryDefinition', '*.{GetItemQueryIterator,GetItemQueryStreamIterator}'], args: [0], where: cosmosSql },
      { callee: ['*.{RawQuery,AsyncRawQuery}'], args: [0] },
    ],
    params: 'built',
    local: 'never',
  },
});
