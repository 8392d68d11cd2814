import { norm } from '../../lang/c/analysis.ts';
import { callArgs, calledName, declaratorShape, enclosingFunction, scopeDescendants, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const COMPARES = new Set(['strcmp', 'strcasecmp', 'strncmp', 'strncasecmp', '_stricmp', 'stricmp', 'strstr', 'strcasestr', 'wcscmp', '_wcsicmp']);

const namesCache = new WeakMap<SyntaxNode, Set<string>>();

/**
 * Expressions of a function that hold a host name found by reverse lookup: `h->h_name` (and aliases)
 * of `h = gethostbyaddr(…)`, and the host buffer `getnameinfo()` fills (unless it asks for the
 * numeric address with NI_NUMERICHOST).
 */
function reverseNames(fn: SyntaxNode): Set<string> {
  let out = namesCache.get(fn);
  if (out) return out;
  out = new Set();
  for (const call of scopeDescendants(fn, ['call_expression'])) {
    const name = calledName(call);
    if (name === 'gethostbyaddr' || name === 'gethostbyaddr_r') {
      let n = call;
      while (n.parent && (n.parent.type === 'cast_expression' || n.parent.type === 'parenthesized_expression')) n = n.parent;
      const p = n.parent;
      const target = p?.type === 'assignment_expression' ? unwrap(p.child('left') ?? p).text : p?.type === 'init_declarator' ? (declaratorShape(p).name?.text ?? null) : null;
      if (target) for (const field of ['h_name', 'h_aliases']) for (const op of ['->', '.']) out.add(`${target}${op}${field}`);
    } else if (name === 'getnameinfo') {
      const args = callArgs(call);
      if (args[6] && norm(args[6]).includes('NI_NUMERICHOST')) continue;
      const host = args[2];
      if (host && (unwrap(host).type === 'identifier' || unwrap(host).type === 'field_expression')) out.add(norm(unwrap(host)));
    }
  }
  namesCache.set(fn, out);
  return out;
}

/** Whether a call is (part of) the condition of an `if`, `while` or `?:`. */
function decides(call: SyntaxNode): boolean {
  let n = call;
  for (let i = 0; i < 8 && n.parent; i++) {
    const p: SyntaxNode = n.parent;
    if ((p.type === 'if_statement' || p.type === 'while_statement' || p.type === 'conditional_expression') && n.field === 'condition') return true;
    if (p.type === 'parenthesized_expression' || p.type === 'condition_clause' || p.type === 'binary_expression' || p.type === 'unary_expression') {
      n = p;
      continue;
    }
    return false;
  }
  return false;
}

/** `if (strcmp(h->h_name, "admin.example.com") == 0)` after `h = gethostbyaddr(…)`: the client's DNS decides. */
function reverseDnsTrust(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const name = calledName(node);
  if (!name || !COMPARES.has(name) || !decides(node)) return false;
  const fn = enclosingFunction(node);
  if (!fn) return false;
  const names = reverseNames(fn);
  if (names.size === 0) return false;
  const arg = callArgs(node)
    .slice(0, 2)
    .find((a) => names.has(norm(unwrap(a))));
  if (!arg) return false;
  return { message: `${norm(unwrap(arg))} comes from a reverse DNS lookup of the client's address, which whoever controls that address's DNS can set to any name` };
}

export default defineRule({
  class: 'reverse-dns-trust',
  confidence: 'medium',
  languages: ['c', 'cpp'],
  matcher: { kind: 'node', types: ['call_expression'], where: reverseDnsTrust },
});
