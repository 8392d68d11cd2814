import { memoryTaint, scalarType, show, typeRange, untrusted, valueRange } from '../../lang/c/analysis.ts';
import { declaratorShape, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** Types narrower than `int`: arithmetic on them is done in `int`, and storing the result back wraps it. */
const NARROW = 32768;

/** The variable a value is stored into and its declared type: `char r = …;`, `r = …;`. */
function store(node: SyntaxNode): { value: SyntaxNode; type: string | null } | null {
  if (node.type === 'init_declarator') {
    const value = node.child('value');
    if (!value || value.type === 'initializer_list' || value.type === 'argument_list' || declaratorShape(node).pointers > 0 || declaratorShape(node).arrays.length > 0) return null;
    return { value, type: node.parent?.type === 'declaration' ? (node.parent.child('type')?.text ?? null) : null };
  }
  if (node.child('operator')?.text !== '=') return null;
  const left = node.child('left');
  const value = node.child('right');
  if (!left || !value) return null;
  return { value, type: scalarType(left, node) };
}

/**
 * A value from input stored into a `char` or `short` that cannot hold every value it can have
 * there: `char r = data * 2;` after only `if (data > 0)` (an overflow, CWE-190), `char r = data * 2;`
 * after `if (data < 0)` (an underflow, CWE-191), `char c = (char)n;` with `n` an unchecked `int`
 * (a truncation, CWE-197). A value checked into range first (`if (data < CHAR_MAX / 2)`) is fine.
 */
function narrowing(node: SyntaxNode, ctx: MatchContext): Verdict {
  const s = store(node);
  if (!s) return false;
  const target = typeRange(s.type);
  if (!target || target[1] >= NARROW * 2) return false;
  const t = memoryTaint(ctx, s.value);
  if (!untrusted(t) || t.strength === 'param') return false;
  const v = unwrap(s.value);
  const arithmetic = v.type === 'binary_expression' && /^[-+*]$/.test(v.child('operator')?.text ?? '');
  const range = valueRange(s.value, node);
  if (!range) return false;
  if (arithmetic) {
    const over = range[1] > target[1];
    const under = range[0] < target[0];
    if (!over && !under) return false;
    return {
      cwe: over ? ['CWE-190'] : ['CWE-191'],
      message: `${show(v)} can ${over ? `exceed ${target[1]}` : `go below ${target[0]}`} with ${t.label}, and ${s.type} cannot hold it: the result wraps around`,
    };
  }
  // A conversion: the source is a wider integer whose values do not all fit.
  const source = v.type === 'identifier' || v.type === 'field_expression' ? typeRange(scalarType(v, node)) : null;
  if (!source || (source[0] >= target[0] && source[1] <= target[1])) return false;
  const inner = valueRange(v, node);
  if (!inner || (inner[0] >= target[0] && inner[1] <= target[1])) return false;
  return {
    cwe: ['CWE-197'],
    message: `${show(v)} comes from ${t.label} and is converted to ${s.type} without a range check: larger values are truncated`,
  };
}

export default defineRule({
  class: 'integer-overflow',
  name: 'narrow-store',
  confidence: 'medium',
  languages: ['c', 'cpp'],
  message: 'A value from input is stored into a narrower integer that cannot hold it',
  remediation:
    'Check the value against the limits of the target type (`CHAR_MAX`, `SHRT_MIN`, …) before the arithmetic or the conversion, or keep it in a type wide enough for every value it can take.',
  references: [
    'https://cwe.mitre.org/data/definitions/190.html',
    'https://cwe.mitre.org/data/definitions/197.html',
    'https://wiki.sei.cmu.edu/confluence/display/c/INT31-C.+Ensure+that+integer+conversions+do+not+result+in+lost+or+misinterpreted+data',
  ],
  matcher: { kind: 'node', types: ['init_declarator', 'assignment_expression'], where: narrowing },
});
