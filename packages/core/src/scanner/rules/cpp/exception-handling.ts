import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** Exception types too general to tell a caller what went wrong. */
const GENERIC = /^(?:std::)?exception$/;

/**
 * `catch (…) { }` with nothing in the handler (CWE-390: the error is dropped); `catch (...)`
 * that handles everything alike (CWE-396); `throw std::exception()` and `void f() throw (...)`
 * (CWE-397: callers cannot tell errors apart).
 */
function handling(node: SyntaxNode, _ctx: MatchContext): Verdict {
  if (node.type === 'catch_clause') {
    const params = node.child('parameters');
    const body = node.child('body');
    if (!body) return false;
    const statements = body.namedChildren.filter((c) => c.type !== 'comment');
    if (statements.length === 0) return { node: body, cwe: ['CWE-390'], message: 'This catch block is empty: the error is silently dropped' };
    if (params?.text.replace(/\s+/g, '') === '(...)') {
      // A handler that rethrows or logs and ends the program is a last line of defence, not a swallow.
      if (statements.some((s) => s.type === 'throw_statement' || s.text.replace(/\s+/g, '').includes('throw;'))) return false;
      return { node: statements[0] as SyntaxNode, cwe: ['CWE-396'], message: 'catch (...) handles every exception the same way, including ones this code cannot handle' };
    }
    return false;
  }
  if (node.type === 'throw_statement') {
    const value = node.namedChildren.find((c) => c.type !== 'comment');
    const callee = value?.type === 'call_expression' ? value.child('function')?.text.replace(/\s+/g, '') : value?.text.replace(/\s+/g, '');
    if (!callee || !GENERIC.test(callee)) return false;
    return { cwe: ['CWE-397'], message: 'Throwing std::exception itself tells callers nothing about what failed: throw a specific type' };
  }
  // function_definition with a dynamic exception specification `throw (...)`.
  let declarator = node.child('declarator');
  for (let i = 0; i < 4 && declarator && declarator.type !== 'function_declarator'; i++) declarator = declarator.child('declarator');
  const spec = declarator?.childOfType('throw_specifier');
  if (!spec || spec.text.replace(/\s+/g, '') !== 'throw(...)') return false;
  const body = node.child('body');
  const first = body?.namedChildren.find((c) => c.type !== 'comment');
  return { node: first ?? node, cwe: ['CWE-397'], message: 'throw (...) declares that this function may throw anything: callers cannot tell errors apart' };
}

export default defineRule({
  class: 'exception-handling',
  confidence: 'medium',
  languages: ['cpp'],
  matcher: { kind: 'node', types: ['catch_clause', 'throw_statement', 'function_definition'], where: handling },
});
