import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { boundVariable, chainRoot, descendants, enclosingClass, enclosingMethod, findDeclaration, invocationParts, mentions, span } from '../../lang/java/tree.ts';

const INVOCATIONS = new Set(['method_invocation']);
const HARDENING_CALLS = new Set(['setFeature', 'setAttribute', 'setProperty', 'setExpandEntityReferences', 'setExpandEntities', 'setEntityResolver']);
const HELPER = /secure|harden|protect|disable|safe|configure|xxe|prevent/i;

function keyOf(node: SyntaxNode | undefined, ctx: MatchContext): string {
  if (!node) return '';
  return ctx.stringValue(node) ?? node.text;
}

/** Whether a setter call turns off DTDs or external entities (or turns on secure processing). */
function hardens(name: string, args: readonly SyntaxNode[], ctx: MatchContext): boolean {
  const key = keyOf(args[0], ctx);
  const valueNode = args[1];
  const value = valueNode ? (ctx.stringValue(valueNode) ?? valueNode.text) : '';
  const isTrue = /^(?:true|Boolean\.TRUE)$/.test(value);
  const isFalse = /^(?:false|Boolean\.FALSE)$/.test(value);
  const literalBool = isTrue || isFalse;
  switch (name) {
    case 'setExpandEntityReferences':
    case 'setExpandEntities':
      return /^false$/.test(args[0]?.text ?? '');
    case 'setEntityResolver':
      return true;
    case 'setFeature':
      if (/disallow-doctype-decl/.test(key)) return isTrue || !literalBool;
      if (/FEATURE_SECURE_PROCESSING|javax\.xml\.XMLConstants\/feature\/secure-processing/.test(key)) return isTrue || !literalBool;
      if (/external-general-entities|external-parameter-entities|load-external-dtd/.test(key)) return isFalse || !literalBool;
      return false;
    case 'setAttribute':
    case 'setProperty':
      if (/ACCESS_EXTERNAL_(?:DTD|SCHEMA|STYLESHEET)|accessExternal(?:DTD|Schema|Stylesheet)/.test(key))
        return valueNode !== undefined && (ctx.stringValue(valueNode) === null || ctx.stringValue(valueNode) === '');
      if (/SUPPORT_DTD|supportDTD|IS_SUPPORTING_EXTERNAL_ENTITIES|isSupportingExternalEntities/.test(key)) return isFalse || !literalBool;
      if (/FEATURE_SECURE_PROCESSING/.test(key)) return isTrue || !literalBool;
      return false;
    default:
      return false;
  }
}

/** Whether a setter call explicitly turns DTDs or external entities on (`setFeature(".../external-general-entities", true)`). */
function enables(name: string, args: readonly SyntaxNode[], ctx: MatchContext): boolean {
  if (name !== 'setFeature' && name !== 'setProperty' && name !== 'setAttribute') return false;
  const key = keyOf(args[0], ctx);
  const value = args[1]?.text ?? '';
  const isTrue = /^(?:true|Boolean\.TRUE)$/.test(value);
  const isFalse = /^(?:false|Boolean\.FALSE)$/.test(value);
  if (name === 'setFeature' && /disallow-doctype-decl/.test(key)) return isFalse;
  if (name === 'setFeature' && /external-general-entities|external-parameter-entities|load-external-dtd/.test(key)) return isTrue;
  return /SUPPORT_DTD|supportDTD|IS_SUPPORTING_EXTERNAL_ENTITIES|isSupportingExternalEntities/.test(key) && isTrue;
}

/** A call of the scope on the factory variable that turns DTDs or external entities on, reported there (where it is fixed). */
function enabledIn(scope: SyntaxNode, variable: string | null, ctx: MatchContext): SyntaxNode | null {
  if (variable === null) return null;
  for (const inv of descendants(scope, INVOCATIONS, 20000)) {
    const { name, args, object } = invocationParts(inv);
    if (!object || !enables(name, args, ctx)) continue;
    const root = chainRoot(object);
    const rootName = root.type === 'field_access' ? root.child('field')?.text : root.text;
    if (rootName === variable) return inv;
  }
  return null;
}

/**
 * Hardening calls, or a hardening helper given the factory, in a scope. In a method any hardening
 * call counts (it may go through the parser or reader made from the factory); across a class only
 * calls on the field itself do.
 */
function hardenedIn(scope: SyntaxNode, variable: string | null, ctx: MatchContext, onVariableOnly: boolean): boolean {
  for (const inv of descendants(scope, INVOCATIONS, 20000)) {
    const { name, args } = invocationParts(inv);
    if (HARDENING_CALLS.has(name) && hardens(name, args, ctx)) {
      if (!onVariableOnly) return true;
      const root = chainRoot(inv.child('object') ?? inv);
      const rootName = root.type === 'field_access' ? root.child('field')?.text : root.text;
      if (variable !== null && (rootName === variable || root.text === `this.${variable}`)) return true;
    }
    if (variable && HELPER.test(name) && args.some((a) => a.type === 'identifier' && a.text === variable)) return true;
  }
  return false;
}

function xxe(call: CallView, ctx: MatchContext): Verdict {
  const bound = boundVariable(call.node);
  const method = enclosingMethod(call.node);
  let scope: SyntaxNode | null = method;
  let field = false;
  if (bound) {
    const d = findDeclaration(bound.text, bound);
    if (d?.kind === 'field') {
      scope = enclosingClass(call.node);
      field = true;
    }
  }
  if (!scope) {
    scope = enclosingClass(call.node);
    field = true;
  }
  if (!scope) return true;
  const enabled = enabledIn(scope, bound?.text ?? null, ctx);
  if (enabled)
    return {
      node: enabled,
      message: 'This XML parser factory is told to process DTDs or external entities, so parsing untrusted XML can read local files or reach internal hosts (XXE)',
    };
  if (hardenedIn(scope, bound?.text ?? null, ctx, field)) return false;
  if (field || !bound || !method) return true;
  // Reported from the factory to its last use in the method (newDocumentBuilder, parse, …).
  const names = new Set([bound.text]);
  const body = method.child('body');
  if (!body) return true;
  const decls = descendants(body, DECLARATORS);
  for (let round = 0; round < 2; round++) {
    for (const d of decls) {
      const v = d.child('value');
      const n = d.child('name');
      if (v && n && d.start > call.node.start && !names.has(n.text) && mentions(v, names)) names.add(n.text);
    }
  }
  let last: SyntaxNode = call.node;
  for (const inv of descendants(body, INVOCATIONS, 20000)) {
    if (inv.start <= call.node.end) continue;
    const obj = inv.child('object');
    if (obj && mentions(obj, names) && inv.end > last.end) last = inv;
  }
  return { node: span(call.node, last) };
}
const DECLARATORS = new Set(['variable_declarator']);

export default defineRule({
  class: 'xxe',
  confidence: 'medium',
  cwe: ['CWE-611'],
  languages: ['java'],
  message: 'This XML parser factory is used without disabling DTDs and external entities, so parsing untrusted XML can read local files or reach internal hosts (XXE)',
  remediation:
    'Disable DTDs on the factory before use: `dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true)` (DocumentBuilderFactory, SAXParserFactory, SAXReader, SAXBuilder, XMLReader); for StAX `xif.setProperty(XMLInputFactory.SUPPORT_DTD, false)`; for TransformerFactory/SchemaFactory set `XMLConstants.ACCESS_EXTERNAL_DTD` and `ACCESS_EXTERNAL_STYLESHEET`/`ACCESS_EXTERNAL_SCHEMA` to "".',
  references: ['https://cwe.mitre.org/data/definitions/611.html', 'https://cheatsheetseries.owasp.org/cheatsheets/XML_External_Entity_Prevention_Cheat_Sheet.html#java'],
  matcher: {
    kind: 'call',
    callee: [
      'DocumentBuilderFactory.{newInstance,newDefaultInstance,newNSInstance,newDefaultNSInstance}',
      'SAXParserFactory.{newInstance,newDefaultInstance,newNSInstance,newDefaultNSInstance}',
      'XMLInputFactory.{newInstance,newFactory,newDefaultFactory}',
      'XMLInputFactory2.{newInstance}',
      'TransformerFactory.{newInstance,newDefaultInstance}',
      'SAXTransformerFactory.{newInstance,newDefaultInstance}',
      'SchemaFactory.{newInstance,newDefaultInstance}',
      'XMLReaderFactory.createXMLReader',
      'SAXReader',
      'SAXBuilder',
    ],
    where: xxe,
  },
});
