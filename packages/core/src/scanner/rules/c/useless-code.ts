import { accessOf, classify, occurrences } from '../../lang/c/flow.ts';
import { norm, scalarType, typeRange } from '../../lang/c/analysis.ts';
import { constInt, declaratorShape, descendants, enclosingFunction, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const JUMPS = new Set(['return_statement', 'break_statement', 'continue_statement', 'goto_statement', 'throw_statement']);
const EFFECTS = new Set(['call_expression', 'assignment_expression', 'update_expression', 'new_expression', 'delete_expression', 'co_await_expression', 'throw_expression']);
const NO_EFFECT_OPERATORS = /^(?:[-+*/%&|^]|&&|\|\||<|<=|>|>=)$/;

/** `a + b;`, `x;`, `-n;`: an expression statement that computes a value and drops it, with nothing else happening. */
function noEffect(stmt: SyntaxNode): Verdict {
  const e = stmt.namedChildren[0];
  if (!e || stmt.namedChildren.length !== 1) return false;
  const v = e.type === 'parenthesized_expression' ? unwrap(e) : e;
  const pure =
    (v.type === 'binary_expression' && NO_EFFECT_OPERATORS.test(v.child('operator')?.text ?? '')) ||
    (v.type === 'unary_expression' && /^[-+~!]$/.test(v.child('operator')?.text ?? ''));
  if (!pure || descendants(v, EFFECTS, 400).length > 0) return false;
  return { node: e, cwe: ['CWE-398'], message: `The value of ${e.text.length > 40 ? 'this expression' : e.text} is computed and thrown away: the statement has no effect` };
}

/** A statement right after `return`, `break`, `continue`, `goto` or `throw` in the same block: it never runs. */
function afterJump(stmt: SyntaxNode): Verdict {
  const block = stmt.parent;
  if (block?.type !== 'compound_statement') return false;
  if (stmt.type === 'labeled_statement' || stmt.type === 'comment' || stmt.type === 'case_statement' || stmt.type.startsWith('preproc')) return false;
  const siblings = block.namedChildren.filter((c) => c.type !== 'comment');
  const prev = siblings[siblings.indexOf(stmt) - 1];
  if (!prev || !JUMPS.has(prev.type)) return false;
  // Only the first dead statement of the block.
  return { cwe: ['CWE-561'], message: `This statement comes right after a ${prev.type.replace('_statement', '')} and never runs` };
}

/**
 * A local scalar that is given a value and never read (`char c; c = 'C';` and nothing else): the
 * store is pointless, and often a sign of a forgotten step (CWE-563). Reported at its first store.
 */
function unusedValue(decl: SyntaxNode): Verdict {
  const fn = enclosingFunction(decl);
  if (!fn || decl.parent?.type !== 'compound_statement' || /\b(?:static|volatile|extern)\b/.test(decl.text.slice(0, 24))) return false;
  const type = decl.child('type');
  if (!type || (type.type !== 'primitive_type' && type.type !== 'sized_type_specifier')) return false;
  const body = fn.child('body');
  if (!body) return false;
  for (const d of decl.namedChildren) {
    if (d.field !== 'declarator') continue;
    const shape = declaratorShape(d);
    if (!shape.name || shape.name.type !== 'identifier' || shape.arrays.length > 0 || shape.pointers > 0) continue;
    const name = shape.name.text;
    if (name.startsWith('_') || /^(?:unused|dummy|ignore)/i.test(name)) continue;
    const uses = occurrences(body, name).filter((o) => o !== shape.name);
    let first: SyntaxNode | null = d.type === 'init_declarator' ? d : null;
    let read = false;
    for (const o of uses) {
      const kind = classify(o);
      const a = accessOf(o);
      if (kind === 'assign' && a.parent?.child('operator')?.text === '=') {
        first ??= a.parent;
        continue;
      }
      read = true;
      break;
    }
    if (read || !first) continue;
    return { node: first, cwe: ['CWE-563'], message: `${name} is given a value here that is never read` };
  }
  return false;
}

/** `x < INT_MIN`, `u >= 0` on an unsigned `u`, `n == n - 1`: a comparison whose result the types already decide. */
function constantComparison(node: SyntaxNode): Verdict {
  // `x == x + 1;` as a statement is c.operator-confusion's (a comparison meant as an assignment).
  if (node.parent?.type === 'expression_statement') return false;
  const op = node.child('operator')?.text ?? '';
  if (!/^(?:==|!=|<|<=|>|>=)$/.test(op)) return false;
  const left = node.child('left');
  const right = node.child('right');
  if (!left || !right) return false;
  let result: boolean | null = null;
  // `n == n - 1`, `n == n + 2`: a value never equals itself moved by a constant.
  const r = unwrap(right);
  if (
    r.type === 'binary_expression' &&
    /^[-+]$/.test(r.child('operator')?.text ?? '') &&
    norm(unwrap(r.child('left') ?? r)) === norm(unwrap(left)) &&
    unwrap(left).type === 'identifier' &&
    (constInt(r.child('right')) ?? 0) !== 0
  ) {
    if (op === '==') result = false;
    else if (op === '!=') result = true;
  } else {
    const k = constInt(right);
    const range = k !== null && unwrap(left).type === 'identifier' ? typeRange(scalarType(left, node)) : null;
    if (range && k !== null) {
      const [lo, hi] = range;
      if (op === '<') result = hi < k ? true : lo >= k ? false : null;
      else if (op === '<=') result = hi <= k ? true : lo > k ? false : null;
      else if (op === '>') result = lo > k ? true : hi <= k ? false : null;
      else if (op === '>=') result = lo >= k ? true : hi < k ? false : null;
    }
  }
  if (result === null) return false;
  return { cwe: [result ? 'CWE-571' : 'CWE-570'], message: `${node.text} is always ${result ? 'true' : 'false'}` };
}

function useless(node: SyntaxNode, _ctx: MatchContext): Verdict {
  switch (node.type) {
    case 'expression_statement':
      return noEffect(node) || afterJump(node);
    case 'declaration':
      return unusedValue(node);
    case 'binary_expression':
      return constantComparison(node);
    default:
      return afterJump(node);
  }
}

export default defineRule({
  class: 'useless-code',
  confidence: 'medium',
  languages: ['c', 'cpp'],
  matcher: { kind: 'node', types: ['expression_statement', 'declaration', 'binary_expression', 'if_statement', 'return_statement', 'compound_statement'], where: useless },
});
