import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { isFalse, isTrue, keyword } from '../../lang/python/predicates.ts';

/**
 * What is actually exploitable in current Python: the standard library's expat-based parsers
 * (ElementTree, minidom, pulldom, sax) do not fetch external entities unless told to, and lxml ≥ 5
 * resolves internal entities only by default. Reported are the settings that turn external
 * entity resolution on: lxml `resolve_entities=True` (or DTD loading from the network), sax
 * `feature_external_ges` / `feature_external_pes`, xmltodict `disable_entities=False`.
 */
function enablesExternalEntities(call: CallView, ctx: MatchContext): Verdict {
  const path = ctx.pathText(call.callee ?? call.node) ?? '';
  if (call.name === 'setFeature') {
    const feature = call.args.find((a) => a.index === 0)?.node;
    const value = call.args.find((a) => a.index === 1)?.node ?? null;
    if (!feature || !/feature_external_(?:ges|pes)|external-general-entities|external-parameter-entities/.test(feature.text)) return false;
    return isTrue(value) ? { message: 'The SAX parser is told to resolve external entities: a document can read local files or make requests (XXE)' } : false;
  }
  if (/^xmltodict\.parse$/.test(path)) {
    return isFalse(keyword(call, 'disable_entities')) ? { message: '`xmltodict.parse(..., disable_entities=False)` expands entities declared by the document' } : false;
  }
  if (!/^lxml\.etree\.(?:XMLParser|XMLPullParser|iterparse|XMLTreeBuilder|ETCompatXMLParser)$/.test(path)) return false;
  if (isTrue(keyword(call, 'resolve_entities')))
    return { node: parsedWith(call, ctx), message: 'The lxml parser resolves external entities (`resolve_entities=True`): a document can read local files (XXE)' };
  const network = isFalse(keyword(call, 'no_network'));
  if (network && (isTrue(keyword(call, 'load_dtd')) || isTrue(keyword(call, 'dtd_validation')))) {
    return { node: parsedWith(call, ctx), message: 'The lxml parser loads DTDs from the network (`no_network=False`): a document can make the server fetch URLs (XXE / SSRF)' };
  }
  return false;
}

/**
 * Where an unsafe lxml parser made into a local variable is used: `parser = etree.XMLParser(resolve_entities=True)` then,
 * a few lines below, `etree.fromstring(request.data, parser)` — the document is parsed there. A parser kept at module
 * level, or never used in its function, is reported where it is made.
 */
function parsedWith(call: CallView, ctx: MatchContext): SyntaxNode {
  const assign = call.node.parent;
  const target = assign?.type === 'assignment' && assign.child('right') === call.node ? assign.child('left') : null;
  if (!target || target.type !== 'identifier') return call.node;
  let fn: SyntaxNode | null = assign?.parent ?? null;
  while (fn && fn.type !== 'function_definition') fn = fn.parent;
  if (!fn) return call.node;
  const stack: SyntaxNode[] = [fn];
  let best: SyntaxNode | null = null;
  let budget = 20000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'call' && n.start > call.node.end) {
      const use = ctx.call(n);
      const usePath = use ? (ctx.pathText(use.callee ?? use.node) ?? '') : '';
      if (
        use &&
        /^lxml\.etree\.(?:fromstring|XML|parse|iterparse|fromstringlist|XMLID)$/.test(usePath) &&
        use.args.some((a) => (a.index === 1 || a.name === 'parser') && a.node.type === 'identifier' && a.node.text === target.text)
      ) {
        if (!best || n.start < best.start) best = n;
      }
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return best ?? call.node;
}

export default defineRule({
  class: 'xxe',
  confidence: 'high',
  cwe: ['CWE-611'],
  languages: ['python'],
  message: 'An XML parser is configured to resolve external entities',
  remediation:
    'Parse untrusted XML with `defusedxml` (`defusedxml.ElementTree.fromstring(data)`, `defusedxml.lxml`), or keep lxml on its safe defaults: `etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)`; never enable `feature_external_ges` on SAX parsers.',
  references: [
    'https://cwe.mitre.org/data/definitions/611.html',
    'https://docs.python.org/3/library/xml.html#xml-vulnerabilities',
    'https://lxml.de/api/lxml.etree.XMLParser-class.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/XML_External_Entity_Prevention_Cheat_Sheet.html#python',
  ],
  matcher: {
    kind: 'call',
    callee: ['lxml.etree.{XMLParser,XMLPullParser,iterparse,XMLTreeBuilder,ETCompatXMLParser}', '*.setFeature', 'xmltodict.parse'],
    where: enablesExternalEntities,
  },
});
