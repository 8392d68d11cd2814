import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { enclosingFunction } from '../../lang/go/adapter.ts';
import { findAfter } from '../../lang/go/util.ts';

const NARROW: Record<string, number> = { int8: 8, int16: 16, int32: 32, uint8: 8, uint16: 16, uint32: 32, byte: 8, rune: 32 };

const PARSED_BY = /^[ \t]*,[ \t]*\w+[ \t]*:?=[ \t]*strconv\.(Atoi|ParseInt|ParseUint)\(/;
const MATH_LIMIT = /^(?:Max|Min)(?:Int|Uint)(?:8|16|32)\b/;

/** A bounds check on a name: `n < …`, `n >= …`, `… > n`, or a `math.MaxInt32`-style limit in the function. */
function bounded(body: string, name: string): boolean {
  if (findAfter(body, 'math.', MATH_LIMIT) !== null) return true;
  for (let i = body.indexOf(name); i >= 0; i = body.indexOf(name, i + 1)) {
    const before = body[i - 1];
    const after = body[i + name.length];
    if ((before !== undefined && /\w/.test(before)) || (after !== undefined && /\w/.test(after))) continue;
    let j = i + name.length;
    while (body[j] === ' ' || body[j] === '\t') j++;
    if (body[j] === '<' || body[j] === '>') return true;
    let k = i - 1;
    while (body[k] === ' ' || body[k] === '\t') k--;
    if (body[k] === '=') k--;
    if (body[k] === '<' || body[k] === '>') return true;
  }
  return false;
}

function escape(name: string): string {
  return name.replace(/[^A-Za-z0-9_]/g, '');
}

/**
 * `n, _ := strconv.Atoi(s); int32(n)`: a value parsed at 64 bits (Atoi, ParseInt/ParseUint with bit
 * size 0 or 64) converted to a narrower integer without a bounds check wraps around (CWE-190/681).
 */
function narrowing(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const fn = node.child('function');
  let target: string | null = null;
  let operand: SyntaxNode | null = null;
  if (node.type === 'call_expression' && fn?.type === 'identifier' && NARROW[fn.text] !== undefined) {
    target = fn.text;
    operand = node.child('arguments')?.namedChildren[0] ?? null;
  } else if (node.type === 'type_conversion_expression') {
    const type = node.child('type');
    if (type && NARROW[type.text] !== undefined) {
      target = type.text;
      operand = node.child('operand');
    }
  }
  if (!target || !operand || operand.type !== 'identifier') return false;
  const name = escape(operand.text);
  if (!name) return false;
  const body = enclosingFunction(node)?.text ?? '';
  // `n, err := strconv.Atoi(s)`: the name, then the rest of the binding (anchored, right after it).
  const found = findAfter(body, name, PARSED_BY, true, 256, ' \t,');
  const parsed = found?.match;
  if (!found || !parsed) return false;
  let bits = 64;
  if (parsed[1] !== 'Atoi') {
    // The bit size is the last argument on the line: strconv.ParseInt(s, 10, 32).
    const lineEnd = body.indexOf('\n', found.index);
    const line = body.slice(found.index, lineEnd < 0 ? body.length : lineEnd);
    const trimmed = line.trimEnd();
    const size = /^[ \t]*(\d+)[ \t]*\)[ \t;]*$/.exec(trimmed.slice(trimmed.lastIndexOf(',') + 1));
    if (!size) return false;
    bits = Number(size[1]);
  }
  if (bits !== 0 && bits !== 64 && bits <= (NARROW[target] as number)) return false;
  // A bounds check on the parsed value makes the conversion safe.
  if (bounded(body, name)) return false;
  return {
    message: `${operand.text} is parsed as a ${bits === 0 ? 'platform-size' : '64-bit'} integer and converted to ${target} without a range check, so large values wrap around`,
  };
}

export default defineRule({
  class: 'integer-overflow',
  severity: 'medium',
  confidence: 'medium',
  cwe: ['CWE-190', 'CWE-681'],
  languages: ['go'],
  message: 'A parsed integer is converted to a narrower type without a range check',
  remediation:
    'Parse with the bit size you need (`strconv.ParseInt(s, 10, 32)` before `int32(v)`), or check the range first: `if n < math.MinInt32 || n > math.MaxInt32 { return errRange }`.',
  references: [
    'https://cwe.mitre.org/data/definitions/190.html',
    'https://cwe.mitre.org/data/definitions/681.html',
    'https://pkg.go.dev/strconv#ParseInt',
  ],
  matcher: { kind: 'node', types: ['call_expression', 'type_conversion_expression'], where: narrowing },
});
