import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { isFalsy, isTruthy, unwrap } from '../../lang/php/helpers.ts';

/** Options that make libxml substitute entities or load external DTDs. */
const DANGEROUS_FLAGS = /\bLIBXML_(?:NOENT|DTDLOAD|DTDATTR|DTDVALID)\b/;

/** Position of the libxml options argument of each parser entry point. */
const OPTIONS_ARG: Readonly<Record<string, number>> = {
  simplexml_load_string: 2,
  simplexml_load_file: 2,
  loadXML: 1,
  load: 1,
  loadHTML: 1,
  loadHTMLFile: 1,
  xml: 2,
  open: 2,
  SimpleXMLElement: 1,
};

function hasDangerousFlag(call: CallView, ctx: MatchContext): boolean {
  const pos = OPTIONS_ARG[call.name];
  if (pos === undefined) return false;
  const arg = call.args.find((a) => a.index === pos || a.name === 'options');
  if (!arg) return false;
  return DANGEROUS_FLAGS.test(unwrap(arg.node).text) || DANGEROUS_FLAGS.test(ctx.stringValue(arg.node) ?? '');
}

function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (node.type === 'assignment_expression') {
    // $dom->substituteEntities = true; $dom->resolveExternals = true;
    const left = node.child('left');
    if (
      left &&
      (left.type === 'member_access_expression' || left.type === 'nullsafe_member_access_expression') &&
      /^(?:substituteEntities|resolveExternals)$/.test(left.child('name')?.text ?? '')
    ) {
      return isTruthy(node.child('right'), ctx);
    }
    return false;
  }
  const call = ctx.call(node);
  if (!call) return false;
  if (call.name === 'libxml_disable_entity_loader') {
    const arg = call.args.find((a) => a.index === 0);
    // When the parse itself enables entities (LIBXML_NOENT …) that call is reported instead.
    if (/LIBXML_(?:NOENT|DTDLOAD|DTDATTR)|substituteEntities|SUBST_ENTITIES/.test(ctx.code)) return false;
    return arg !== undefined && isFalsy(arg.node, ctx);
  }
  if (call.name === 'libxml_set_external_entity_loader') return false;
  if (call.name === 'setParserProperty') {
    const prop = call.args.find((a) => a.index === 0);
    const value = call.args.find((a) => a.index === 1);
    return prop !== undefined && /SUBST_ENTITIES|LOADDTD|DEFAULTATTRS/.test(prop.node.text) && isTruthy(value?.node ?? null, ctx);
  }
  if (call.name === 'SimpleXMLElement' && !call.isNew) return false;
  return hasDangerousFlag(call, ctx);
}

export default defineRule({
  class: 'xxe',
  confidence: 'high',
  cwe: ['CWE-611'],
  languages: ['php'],
  message: 'The XML parser is configured to expand entities or load external DTDs (LIBXML_NOENT/LIBXML_DTDLOAD, entity loader enabled), which allows XXE',
  remediation:
    'Parse without `LIBXML_NOENT`, `LIBXML_DTDLOAD` or `LIBXML_DTDATTR` (PHP ≥ 8 does not load external entities by default), do not call `libxml_disable_entity_loader(false)`, keep `XMLReader::SUBST_ENTITIES` off, and reject documents with a DOCTYPE when parsing untrusted XML.',
  references: ['https://cwe.mitre.org/data/definitions/611.html', 'https://cheatsheetseries.owasp.org/cheatsheets/XML_External_Entity_Prevention_Cheat_Sheet.html#php'],
  matcher: {
    kind: 'node',
    types: [
      'function_call_expression',
      'member_call_expression',
      'nullsafe_member_call_expression',
      'scoped_call_expression',
      'object_creation_expression',
      'assignment_expression',
    ],
    where: check,
  },
});
