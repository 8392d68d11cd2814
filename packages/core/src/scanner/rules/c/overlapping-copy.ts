import { norm } from '../../lang/c/analysis.ts';
import { callArgs, calledName, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** Copies whose source and destination must not overlap: destination and source positions. */
const COPIES: Readonly<Record<string, readonly [number, number]>> = {
  memcpy: [0, 1],
  wmemcpy: [0, 1],
  strcpy: [0, 1],
  strncpy: [0, 1],
  strcat: [0, 1],
  strncat: [0, 1],
  wcscpy: [0, 1],
  stpcpy: [0, 1],
  sprintf: [0, 2],
  snprintf: [0, 3],
};

/** The buffer a pointer expression is based on: `data` in `data`, `data + 6`, `&data[2]`. */
function base(node: SyntaxNode): string | null {
  let v = unwrap(node);
  for (let i = 0; i < 4; i++) {
    if (v.type === 'identifier' || v.type === 'field_expression') return norm(v);
    if (v.type === 'binary_expression' && /^[-+]$/.test(v.child('operator')?.text ?? '')) v = unwrap(v.child('left') ?? v);
    else if (v.type === 'pointer_expression' && v.child('operator')?.text === '&') {
      const inner = unwrap(v.child('argument') ?? v);
      if (inner.type !== 'subscript_expression') return null;
      v = unwrap(inner.child('argument') ?? inner);
    } else return null;
  }
  return null;
}

/** `memcpy(buf + 6, buf + 4, n)`, `strcpy(s, s + 1)`, `sprintf(buf, "%s…", buf)`: source and destination are in the same buffer. */
function overlap(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const name = calledName(node);
  const pos = name ? COPIES[name] : undefined;
  if (!pos || !name) return false;
  const args = callArgs(node);
  const dst = args[pos[0]];
  const sources = name === 'sprintf' || name === 'snprintf' ? args.slice(pos[1]) : [args[pos[1]]];
  if (!dst) return false;
  const d = base(dst);
  if (!d) return false;
  const src = sources.find((s) => s !== undefined && base(s) === d);
  if (!src) return false;
  return {
    message: `${name}() copies from ${src.text} into ${dst.text}, which are in the same buffer ${d}: overlapping copies are undefined${name.startsWith('mem') ? ' (use memmove)' : ''}`,
  };
}

export default defineRule({
  class: 'overlapping-copy',
  confidence: 'high',
  languages: ['c', 'cpp'],
  matcher: { kind: 'node', types: ['call_expression'], where: overlap },
});
