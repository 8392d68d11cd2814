import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { fileImports } from '../../lang/go/adapter.ts';

/**
 * Go's encoding/xml never resolves external entities, so it is not reported. libxml2 bindings
 * (github.com/lestrrat-go/libxml2) do when asked to substitute entities (`XMLParseNoEnt`) or load DTDs.
 */
function entityOptions(node: SyntaxNode, ctx: MatchContext): Verdict {
  const call = ctx.call(node);
  if (!call || !call.args.some((a) => /\bXMLParse(?:NoEnt|DTDLoad)\b|\bXML_PARSE_(?:NOENT|DTDLOAD)\b/.test(a.node.text))) return false;
  return [...fileImports(node).paths].some((p) => /libxml2|gokogiri|golibxml/.test(p));
}

export default defineRule({
  id: 'go.xxe',
  title: 'XML external entity expansion',
  severity: 'high',
  confidence: 'medium',
  cwe: ['CWE-611'],
  owasp: ['A05:2021'],
  languages: ['go'],
  message: 'The libxml2 parser is configured to substitute entities or load external DTDs, which allows XXE (file disclosure, SSRF)',
  remediation: 'Do not enable `XMLParseNoEnt`/`XMLParseDTDLoad` on untrusted documents; Go\'s `encoding/xml` does not process external entities and is safe by default.',
  references: ['https://cwe.mitre.org/data/definitions/611.html', 'https://cheatsheetseries.owasp.org/cheatsheets/XML_External_Entity_Prevention_Cheat_Sheet.html'],
  matcher: { kind: 'node', types: ['call_expression'], where: entityOptions },
});
