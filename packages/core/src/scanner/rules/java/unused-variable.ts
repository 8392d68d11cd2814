import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { annotationTexts, descendants, enclosingMethod } from '../../lang/java/tree.ts';

const IDENTIFIERS = new Set(['identifier']);
/** Names that say a value is kept on purpose without being read. */
const DELIBERATE = /^(?:_+|ignore\w*|unused\w*|dummy\w*|discard\w*)$/i;

const identifierIndex = new WeakMap<SyntaxNode, Map<string, SyntaxNode[]>>();

/** The identifiers of a method body by name, collected once per method (a method has many locals). */
function identifiersByName(body: SyntaxNode): Map<string, SyntaxNode[]> {
  let index = identifierIndex.get(body);
  if (index) return index;
  index = new Map();
  for (const i of descendants(body, IDENTIFIERS)) {
    const list = index.get(i.text);
    if (list) list.push(i);
    else index.set(i.text, [i]);
  }
  identifierIndex.set(body, index);
  return index;
}

/** Whether an identifier is only written here (`x = …`), not read. */
function writeOnly(id: SyntaxNode): boolean {
  const p = id.parent;
  return p?.type === 'assignment_expression' && p.child('left') === id && p.child('operator')?.text === '=';
}

/**
 * A local variable of a method that is written and never read: reported at the value stored in it
 * (its initialiser or its first assignment), or at the declaration when nothing is stored.
 */
function check(d: SyntaxNode, _ctx: MatchContext): Verdict {
  const decl = d.parent;
  if (decl?.type !== 'local_variable_declaration') return false;
  const name = d.child('name');
  if (!name || DELIBERATE.test(name.text)) return false;
  const method = enclosingMethod(d);
  const body = method?.child('body');
  if (!method || !body) return false;
  if (annotationTexts(method).some((a) => a.includes('unused')) || annotationTexts(decl).some((a) => a.includes('unused'))) return false;
  const uses = (identifiersByName(body).get(name.text) ?? []).filter((i) => i !== name && i.start > name.start);
  if (uses.some((u) => !writeOnly(u))) return false;
  const stored = d.child('value') ?? uses[0]?.parent ?? null;
  return { node: stored ?? d, message: `${name.text} is assigned but never read` };
}

export default defineRule({
  class: 'useless-code',
  // Code quality rather than a vulnerability: low, so a team that filters on confidence does not see it.
  confidence: 'low',
  severity: 'info',
  cwe: ['CWE-563'],
  languages: ['java'],
  message: 'A value is stored in a local variable that is never read',
  remediation: 'Delete the variable, or use the value where it was meant to be used.',
  references: ['https://cwe.mitre.org/data/definitions/563.html'],
  matcher: { kind: 'node', types: ['variable_declarator'], where: check },
});
