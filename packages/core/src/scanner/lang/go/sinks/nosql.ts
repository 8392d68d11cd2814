import type { SinkCheck } from '../../../models/compile.ts';
import type { CallView } from '../../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../../rule.ts';
import type { SyntaxNode } from '../../../syntax.ts';
import { argAt, decodedTaint, unparen } from '../util.ts';

/** Operators whose value MongoDB evaluates as JavaScript or as an expression. */
const CODE_OPERATORS = new Set(['$where', '$expr', '$function', '$accumulator', '$eval']);

function keyText(key: SyntaxNode | null, ctx: MatchContext): string | null {
  if (!key) return null;
  const inner = key.type === 'literal_element' ? (key.namedChildren[0] ?? key) : key;
  return ctx.stringValue(inner) ?? (inner.type === 'identifier' && /^(?:Key|Value)$/.test(inner.text) ? inner.text : null);
}

function valueOf(el: SyntaxNode | null): SyntaxNode | null {
  if (!el) return null;
  return el.type === 'literal_element' ? (el.namedChildren[0] ?? el) : el;
}

/** A value taken out of decoded JSON without a type assertion to a string: `body["user"]` may be `{"$ne": null}`. */
function untypedDecodedValue(value: SyntaxNode, ctx: MatchContext): boolean {
  const v = unparen(value);
  if (v.type !== 'index_expression') return false;
  const t = ctx.taint(v);
  return t !== null && decodedTaint(t);
}

/**
 * A filter document literal is dangerous when untrusted data is JavaScript (`$where`), an operator
 * name (a computed key), or an untyped value out of decoded JSON (operator injection).
 */
function literalDanger(lit: SyntaxNode, ctx: MatchContext, depth = 0): boolean {
  if (depth > 8) return false;
  const body = lit.type === 'literal_value' ? lit : lit.child('body');
  if (!body) return false;
  for (const el of body.namedChildren) {
    if (el.type === 'keyed_element') {
      const keyNode = el.child('key');
      const value = valueOf(el.child('value'));
      const key = keyText(keyNode, ctx);
      if (!value) continue;
      if (key !== null && CODE_OPERATORS.has(key) && ctx.taint(value)) return true;
      if (key === null && keyNode && ctx.taint(valueOf(keyNode) ?? keyNode)) return true;
      if (untypedDecodedValue(value, ctx)) return true;
      if ((value.type === 'composite_literal' || value.type === 'literal_value') && literalDanger(value, ctx, depth + 1)) return true;
      continue;
    }
    // bson.D element `{"$where", code}` / `{Key: "$where", Value: code}`, or a nested document.
    const inner = valueOf(el);
    if (!inner) continue;
    if (inner.type === 'literal_value') {
      const parts = inner.namedChildren;
      const keyed = parts.filter((p) => p.type === 'keyed_element');
      let key: string | null = null;
      let value: SyntaxNode | null = null;
      if (keyed.length > 0) {
        for (const k of keyed) {
          const name = k.child('key')?.text;
          if (name === 'Key') key = ctx.stringValue(valueOf(k.child('value')) ?? k);
          if (name === 'Value') value = valueOf(k.child('value'));
        }
      } else if (parts.length === 2) {
        key = ctx.stringValue(valueOf(parts[0] as SyntaxNode) ?? (parts[0] as SyntaxNode));
        value = valueOf(parts[1] as SyntaxNode);
      }
      if (value && key !== null && CODE_OPERATORS.has(key) && ctx.taint(value)) return true;
      if (value && untypedDecodedValue(value, ctx)) return true;
      if (value && (value.type === 'composite_literal' || value.type === 'literal_value') && literalDanger(value, ctx, depth + 1)) return true;
    } else if (inner.type === 'composite_literal' && literalDanger(inner, ctx, depth + 1)) return true;
  }
  return false;
}

/** The filter argument: a document literal, or a variable holding decoded JSON or a dangerous literal. */
function filterDanger(index: number) {
  return (call: CallView, ctx: MatchContext, taint: Taint): boolean => {
    const arg = argAt(call, index);
    if (!arg) return false;
    let n = unparen(arg);
    if (n.type === 'unary_expression') n = n.child('operand') ?? n;
    if (n.type === 'composite_literal') return literalDanger(n, ctx);
    if (decodedTaint(taint)) return true;
    // A data-access helper passing its own filter parameter on (`func find(ctx, coll, filter any)
    // { coll.Find(ctx, filter) }`): its callers decide, see `wholeDocument`.
    const param = taint.param ? taint.param.fn.params[taint.param.index] : undefined;
    if (param && !taint.built && n.type === 'identifier' && n.text === param.name) return true;
    // filter := bson.M{"$where": …}; coll.Find(ctx, filter)
    for (const step of taint.steps) {
      const stmt = step.node;
      const right = stmt.child('right') ?? stmt.child('value');
      const value = right?.namedChildren[0];
      if (value && value.type === 'composite_literal' && literalDanger(value, ctx)) return true;
    }
    return false;
  };
}

const QUERY_METHODS = new Set([
  'Find',
  'FindOne',
  'FindOneAndUpdate',
  'FindOneAndDelete',
  'FindOneAndReplace',
  'UpdateOne',
  'UpdateMany',
  'DeleteOne',
  'DeleteMany',
  'CountDocuments',
  'ReplaceOne',
  'Aggregate',
  'Watch',
  'Pipe',
]);

/**
 * At a call of such a helper (`find(ctx, coll, filter)`), only a whole document decoded from the
 * request is a query an attacker shapes; a typed value the caller put in a literal is not.
 */
export function wholeDocument(taint: Taint, _ctx: MatchContext, at: SyntaxNode): boolean {
  if (at.type !== 'call_expression' || at.parent?.type === 'argument_list') return true; // an argument of the query call itself
  const f = at.child('function');
  const name = f?.type === 'selector_expression' ? f.child('field')?.text : f?.type === 'identifier' ? f.text : undefined;
  if (name !== undefined && QUERY_METHODS.has(name)) return true;
  return decodedTaint(taint);
}

function mongoReceiver(call: CallView, ctx: MatchContext): boolean {
  const p = call.receiver ? ctx.path(call.receiver) : null;
  const text = (p ?? []).join('.');
  return /coll|collection|mongo|db|users|store|repo|Collection\(\)/i.test(text) || /go\.mongodb\.org\/mongo-driver|mgo/.test(ctx.code);
}

/** Named checks of the MongoDB sinks (models go/mongo-driver, go/mgo). */
export const nosqlChecks: Readonly<Record<string, SinkCheck>> = {
  /** `coll.Find(ctx, filter)`: the filter (second argument) can carry operators or code. */
  'mongo-filter': (call, ctx, taint) => mongoReceiver(call, ctx) && filterDanger(1)(call, ctx, taint),
  /** `coll.UpdateOne(ctx, filter, update)`: the update document (third argument). */
  'mongo-update': (call, ctx, taint) => mongoReceiver(call, ctx) && filterDanger(2)(call, ctx, taint),
  /** mgo `pipe := coll.Pipe(pipeline)`. */
  'mgo-pipeline': (call, ctx, taint) => /mgo/.test(ctx.code) && filterDanger(0)(call, ctx, taint),
};
