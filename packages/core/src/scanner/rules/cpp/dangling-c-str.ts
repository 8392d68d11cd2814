import { norm, show } from '../../lang/c/analysis.ts';
import { declaratorShape, enclosingFunction, findDeclaration, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const BY_VALUE =
  /(?:\.|->)(?:str|substr|string|generic_string|u8string|native|toStdString|toUtf8|toLatin1)\(|^(?:std::)?(?:to_string|to_wstring|string|wstring)\(|^std::(?:format|filesystem::path)\(/;

/** Whether an expression is a temporary std::string (destroyed at the end of the full expression). */
function temporary(node: SyntaxNode, depth = 0): boolean {
  if (depth > 12) return false;
  const v = unwrap(node);
  if (v.type === 'call_expression') {
    const fn = v.child('function');
    const text = fn ? norm(fn) : '';
    return BY_VALUE.test(`${text}(`);
  }
  if (v.type === 'binary_expression' && v.child('operator')?.text === '+') {
    const sides = [v.child('left'), v.child('right')];
    return sides.some((s) => s !== null && (unwrap(s).type === 'string_literal' || temporary(s, depth + 1) || isStdString(s)));
  }
  return false;
}

function isStdString(node: SyntaxNode): boolean {
  const v = unwrap(node);
  if (v.type !== 'identifier') return false;
  const d = findDeclaration(v.text, v);
  return d !== null && d.pointers === 0 && /^(?:const\s+)?(?:std::)?(?:w|u8)?string$/.test(d.type.trim());
}

/** `x.c_str()` / `x.data()` of a temporary x, or null. */
function danglingPointer(value: SyntaxNode | null): SyntaxNode | null {
  if (!value) return null;
  const v = unwrap(value);
  if (v.type !== 'call_expression') return null;
  const fn = v.child('function');
  if (fn?.type !== 'field_expression') return null;
  const field = fn.child('field')?.text;
  if (field !== 'c_str' && field !== 'data') return null;
  const object = fn.child('argument');
  return object && temporary(object) ? object : null;
}

function danglingCStr(node: SyntaxNode, _ctx: MatchContext): Verdict {
  if (node.type === 'return_statement') {
    const value = node.namedChildren.find((c) => c.type !== 'comment') ?? null;
    const object = danglingPointer(value);
    if (!object) return false;
    const fn = enclosingFunction(node);
    const returnsPointer = fn?.type === 'function_definition' && fn.child('declarator')?.type === 'pointer_declarator';
    if (!returnsPointer) return false;
    return { cwe: ['CWE-416', 'CWE-562'], message: `The pointer returned points into ${show(object)}, a temporary destroyed when the function returns` };
  }
  let value: SyntaxNode | null = null;
  let pointer = false;
  if (node.type === 'init_declarator') {
    value = node.child('value');
    pointer = declaratorShape(node).pointers > 0;
    const type = node.parent?.child('type')?.text ?? '';
    if (/^(?:auto|const auto)$/.test(type.trim())) pointer = true;
  } else if (node.type === 'assignment_expression' && node.child('operator')?.text === '=') {
    value = node.child('right');
    const left = node.child('left');
    const target = left ? unwrap(left) : null;
    if (target?.type === 'identifier') {
      const d = findDeclaration(target.text, target);
      pointer = d !== null && d.pointers > 0;
    } else if (target?.type === 'field_expression') pointer = true;
  }
  if (!pointer) return false;
  const object = danglingPointer(value);
  if (!object) return false;
  return { cwe: ['CWE-416'], message: `The pointer keeps the buffer of ${show(object)}, a temporary std::string destroyed at the end of this statement` };
}

export default defineRule({
  class: 'use-after-free',
  confidence: 'high',
  cwe: ['CWE-416'],
  languages: ['cpp'],
  message: 'A pointer outlives the temporary std::string it points into',
  remediation:
    'Keep the std::string alive as long as the pointer is used: store it in a named variable (`const std::string s = oss.str(); const char *p = s.c_str();`) or keep the std::string itself instead of the pointer.',
  references: [
    'https://cwe.mitre.org/data/definitions/416.html',
    'https://wiki.sei.cmu.edu/confluence/display/cplusplus/STR52-CPP.+Use+valid+references%2C+pointers%2C+and+iterators+to+reference+elements+of+a+basic_string',
  ],
  matcher: { kind: 'node', types: ['init_declarator', 'assignment_expression', 'return_statement'], where: danglingCStr },
});
