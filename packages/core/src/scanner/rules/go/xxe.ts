import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { fileImports, enclosingFunction } from '../../lang/go/adapter.ts';
import { boundName, span, walk } from '../../lang/go/util.ts';

/**
 * Go's encoding/xml never resolves external entities, so it is not reported. libxml2 bindings
 * (github.com/lestrrat-go/libxml2) do when asked to substitute entities (`XMLParseNoEnt`) or load DTDs.
 */
function entityOptions(node: SyntaxNode, ctx: MatchContext): Verdict {
  const call = ctx.call(node);
  if (!call || !call.args.some((a) => /\bXMLParse(?:NoEnt|DTDLoad)\b|\bXML_PARSE_(?:NOENT|DTDLOAD)\b/.test(a.node.text))) return false;
  if (![...fileImports(node).paths].some((p) => /libxml2|gokogiri|golibxml/.test(p))) return false;
  // `p := parser.New(parser.XMLParseNoEnt)` … `p.Parse(body)`: the finding covers the parser and the
  // document it parses, where a reviewer looks for the untrusted input.
  const use = laterParse(node);
  return use ? { node: span(node, use) } : true;
}

/** The first `p.Parse…(…)` on the local a parser was bound to, later in the same function. */
function laterParse(creation: SyntaxNode): SyntaxNode | null {
  const name = boundName(creation)?.text;
  const fn = enclosingFunction(creation);
  if (!name || !fn) return null;
  for (const n of walk(fn)) {
    if (n.type !== 'call_expression' || n.start < creation.end) continue;
    const f = n.child('function');
    if (f?.type !== 'selector_expression' || f.child('operand')?.text !== name) continue;
    if ((f.child('field')?.text ?? '').startsWith('Parse')) return n;
  }
  return null;
}

export default defineRule({
  class: 'xxe',
  confidence: 'medium',
  cwe: ['CWE-611'],
  languages: ['go'],
  message: 'The libxml2 parser is configured to substitute entities or load external DTDs, which allows XXE (file disclosure, SSRF)',
  remediation: "Do not enable `XMLParseNoEnt`/`XMLParseDTDLoad` on untrusted documents; Go's `encoding/xml` does not process external entities and is safe by default.",
  references: ['https://cwe.mitre.org/data/definitions/611.html', 'https://cheatsheetseries.owasp.org/cheatsheets/XML_External_Entity_Prevention_Cheat_Sheet.html'],
  matcher: { kind: 'node', types: ['call_expression'], where: entityOptions },
});
