import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { argAt, isTrue, objectLiteral, propValue } from '../../lang/javascript/helpers.ts';

/**
 * libxmljs parses without entity substitution unless asked: `{ noent: true }` expands external
 * entities (file://, http://) into the document. xml2js, fast-xml-parser, sax and @xmldom/xmldom
 * do not resolve external entities and are not reported.
 */
function check(call: CallView, ctx: MatchContext): Verdict {
  const xml = argAt(call, 0);
  if (!xml || ctx.isConstant(xml)) return false;
  const opts = objectLiteral(argAt(call, 1));
  const noent = propValue(opts, 'noent');
  if (!isTrue(noent)) return false;
  const t = ctx.taint(xml);
  if (t && t.strength === 'remote') return { confidence: 'high', message: `XML from ${t.label} is parsed with external entity expansion (noent: true)` };
  return true;
}

export default defineRule({
  class: 'xxe',
  confidence: 'medium',
  cwe: ['CWE-611'],
  languages: ['javascript', 'typescript'],
  message: 'XML is parsed with external entity expansion enabled (noent: true), so a document can read local files or reach internal URLs',
  remediation:
    'Parse with libxmljs defaults (`parseXml(xml)` without `noent: true`), or use a parser that never resolves external entities (fast-xml-parser, xml2js, @xmldom/xmldom). Disable DTD loading (`dtdload: false`) as well.',
  references: [
    'https://cwe.mitre.org/data/definitions/611.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/XML_External_Entity_Prevention_Cheat_Sheet.html',
    'https://github.com/libxmljs/libxmljs/wiki',
  ],
  matcher: {
    kind: 'call',
    callee: ['{libxmljs,libxmljs2,libxml,libxml2}.{parseXml,parseXmlString,parseHtml,parseHtmlString}', '*.parseXml', '*.parseXmlString', 'parseXml', 'parseXmlString'],
    where: check,
  },
});
