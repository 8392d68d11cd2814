import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
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
  if (isTrue(keyword(call, 'resolve_entities'))) return { message: 'The lxml parser resolves external entities (`resolve_entities=True`): a document can read local files (XXE)' };
  const network = isFalse(keyword(call, 'no_network'));
  if (network && (isTrue(keyword(call, 'load_dtd')) || isTrue(keyword(call, 'dtd_validation')))) {
    return { message: 'The lxml parser loads DTDs from the network (`no_network=False`): a document can make the server fetch URLs (XXE / SSRF)' };
  }
  return false;
}

export default defineRule({
  id: 'python.xxe',
  title: 'XML external entity resolution enabled',
  severity: 'high',
  confidence: 'high',
  cwe: ['CWE-611'],
  owasp: ['A05:2021'],
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
