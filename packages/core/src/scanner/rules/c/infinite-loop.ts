import { callNeverReturns, calledName, constInt, descendants, functionName, unwrap } from '../../lang/c/syntax.ts';
import { conditionValue } from '../../lang/c/conditions.ts';
import { leaves } from '../../lang/c/flow.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const LOOPS = new Set(['for_statement', 'while_statement', 'do_statement', 'switch_statement']);
/** Calls a loop that only computes and prints may make: anything else (I/O, waiting, signals, threads) can end it from outside. */
const QUIET = /^(?:printf|fprintf|puts|fputs|putchar|print\w*|Print\w*|abs|labs|sqrt|pow|rand|strlen|strcmp|memset|memcpy)$/;

/** Whether a loop body can leave the loop: a break of this loop, return, goto, throw, a call that never returns. */
function exits(body: SyntaxNode, loop: SyntaxNode): boolean {
  for (const n of descendants(body, new Set(['break_statement', 'return_statement', 'goto_statement', 'throw_statement', 'call_expression']), 4000)) {
    if (n.type === 'break_statement') {
      let owner = n.parent;
      while (owner && !LOOPS.has(owner.type)) owner = owner.parent;
      if (owner === loop) return true;
      continue;
    }
    if (n.type === 'call_expression') {
      if (callNeverReturns(n)) return true;
      continue;
    }
    return true;
  }
  return false;
}

/** `i >= 0` / `i > -1` / `0 <= i` on a variable the loop only ever sets to `… % k` or `… & k`: never false. */
function neverNegative(condition: SyntaxNode, body: SyntaxNode): boolean {
  const c = unwrap(condition);
  if (c.type !== 'binary_expression') return false;
  const op = c.child('operator')?.text;
  const l = c.child('left');
  const r = c.child('right');
  if (!l || !r) return false;
  const v = (op === '>=' && constInt(r) === 0) || (op === '>' && constInt(r) === -1) ? unwrap(l) : op === '<=' && constInt(l) === 0 ? unwrap(r) : null;
  if (!v || v.type !== 'identifier') return false;
  const writes = descendants(body, new Set(['assignment_expression', 'update_expression']), 2000).filter(
    (w) => unwrap(w.child('left') ?? w.child('argument') ?? w).text === v.text,
  );
  return (
    writes.length > 0 &&
    writes.every((w) => {
      if (w.type !== 'assignment_expression' || w.child('operator')?.text !== '=') return false;
      const value = unwrap(w.child('right') ?? w);
      return value.type === 'binary_expression' && /^[%&]$/.test(value.child('operator')?.text ?? '') && (constInt(value.child('right')) ?? -1) > 0;
    })
  );
}

/**
 * A loop that can never end: no exit in its body and a condition that is missing, constant, or a
 * `>= 0` test of a counter kept in range with `%`/`&`. Loops that call anything beyond arithmetic
 * and printing (an event loop waiting on I/O or signals) are left alone. And a function that calls
 * itself before anything can return (CWE-674).
 */
function forever(node: SyntaxNode, _ctx: MatchContext): Verdict {
  if (node.type === 'function_definition') {
    const name = functionName(node);
    const body = node.child('body');
    if (!name || !body) return false;
    for (const stmt of body.namedChildren) {
      if (stmt.type === 'comment') continue;
      const call = stmt.type === 'expression_statement' ? stmt.namedChildren[0] : undefined;
      if (call?.type === 'call_expression' && call.child('function')?.type === 'identifier' && call.child('function')?.text === name) {
        return { node: stmt, cwe: ['CWE-674'], message: `${name}() calls itself before anything can return: the recursion never ends` };
      }
      if (leaves(stmt) || descendants(stmt, new Set(['return_statement', 'if_statement', 'switch_statement', 'goto_statement', 'throw_statement']), 400).length > 0) return false;
    }
    return false;
  }
  const body = node.child('body');
  if (!body || exits(body, node)) return false;
  if (descendants(body, new Set(['call_expression']), 2000).some((c) => !QUIET.test(calledName(c) ?? ''))) return false;
  const condition = node.child('condition');
  const always = condition === null ? node.type === 'for_statement' : conditionValue(condition) === true || neverNegative(condition, body);
  if (!always) return false;
  return { cwe: ['CWE-835'], message: 'This loop has no exit: its condition can never become false and nothing in it breaks out' };
}

export default defineRule({
  class: 'infinite-loop',
  confidence: 'medium',
  languages: ['c', 'cpp'],
  matcher: { kind: 'node', types: ['for_statement', 'while_statement', 'do_statement', 'function_definition'], where: forever },
});
