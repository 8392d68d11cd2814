import { callArgs, calledName, descendants, enclosingFunction, findDeclaration, lastAssignment, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** libxml2 parse functions and the position of their `options` argument. */
const OPTIONS_ARG: Record<string, number> = {
  xmlReadMemory: 4,
  xmlReadFile: 2,
  xmlReadDoc: 3,
  xmlReadFd: 3,
  xmlReadIO: 5,
  xmlCtxtReadMemory: 5,
  xmlCtxtReadFile: 3,
  xmlCtxtReadDoc: 4,
  xmlCtxtReadFd: 4,
  xmlCtxtReadIO: 6,
  xmlCtxtUseOptions: 1,
  xmlCtxtSetOptions: 1,
  xmlCreatePushParserCtxt: -1,
  xmlReaderForMemory: 4,
  xmlReaderForFile: 2,
  xmlReaderForDoc: 3,
  xmlReaderForFd: 3,
  xmlTextReaderSetup: 4,
};
/** Options that expand entities or fetch external DTDs. */
const DANGEROUS = ['XML_PARSE_NOENT', 'XML_PARSE_DTDLOAD'];

/** The option names an options expression holds, following one variable to its value (`int opts = XML_PARSE_NOENT | …;`). */
function optionNames(expr: SyntaxNode, at: SyntaxNode): string[] {
  let node = unwrap(expr);
  if (node.type === 'identifier' && !node.text.startsWith('XML_')) {
    const value = lastAssignment(node.text, at, enclosingFunction(at))?.value ?? findDeclaration(node.text, node)?.init ?? null;
    if (value) node = value;
  }
  return descendants(node, new Set(['identifier']), 200).map((id) => id.text);
}

function xxe(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const name = calledName(node);
  if (!name || (OPTIONS_ARG[name] === undefined && name !== 'xmlSubstituteEntitiesDefault' && name !== 'set_substitute_entities')) return false;
  const args = callArgs(node);
  // xmlSubstituteEntitiesDefault(1): every later parse expands entities.
  if (name === 'xmlSubstituteEntitiesDefault' || name === 'set_substitute_entities') {
    const v = args[0]?.text.trim();
    if (v === '1' || v === 'true') return { message: `${name}(${v}) makes the XML parser substitute entities, including external ones that read local files or fetch URLs (XXE)` };
    return false;
  }
  const pos = OPTIONS_ARG[name];
  if (pos === undefined || pos < 0) return false;
  const options = args[pos];
  if (!options) return false;
  const set = optionNames(options, node).filter((o) => DANGEROUS.includes(o));
  if (set.length === 0) return false;
  return {
    message: `${name}() parses with ${set.join(' | ')}: entities in the document are expanded and external DTDs loaded, so a document can read local files or make requests (XXE)`,
  };
}

export default defineRule({
  class: 'xxe',
  confidence: 'high',
  cwe: ['CWE-611'],
  languages: ['c', 'cpp'],
  message: 'The XML parser expands external entities',
  remediation: 'Parse untrusted XML without XML_PARSE_NOENT and XML_PARSE_DTDLOAD (add XML_PARSE_NONET), and do not call xmlSubstituteEntitiesDefault(1).',
  references: ['https://cwe.mitre.org/data/definitions/611.html', 'https://cheatsheetseries.owasp.org/cheatsheets/XML_External_Entity_Prevention_Cheat_Sheet.html#libxml2'],
  matcher: { kind: 'node', types: ['call_expression'], where: xxe },
});
