import { norm, show } from '../../lang/c/analysis.ts';
import { bufferOf, constInt, findDeclaration, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const INPUT = /^(?:std::)?w?cin$/;

/** The stream at the start of a `>>` chain, and whether it is an input stream. */
function inputStream(node: SyntaxNode): boolean {
  let n = node;
  for (let i = 0; i < 64 && n.type === 'binary_expression' && n.child('operator')?.text === '>>'; i++) n = n.child('left') ?? n;
  const text = norm(n);
  if (INPUT.test(text)) return true;
  if (n.type !== 'identifier') return false;
  const d = findDeclaration(n.text, n);
  return d !== null && /istream|ifstream|stringstream|fstream/.test(d.type);
}

/** `std::cin >> buf` into a char array or pointer: before C++20 nothing limits the word read. */
function streamRead(node: SyntaxNode, _ctx: MatchContext): Verdict {
  if (node.child('operator')?.text !== '>>') return false;
  const left = node.child('left');
  const right = node.child('right');
  if (!left || !right || !inputStream(left)) return false;
  const target = unwrap(right);
  if (target.type !== 'identifier' && target.type !== 'field_expression') return false;
  const buf = bufferOf(target, node);
  if (!buf || !buf.decl) return false;
  if (!/^(?:(?:const|unsigned|signed)\s+)*(?:char|wchar_t|char8_t)$/.test(buf.decl.type.trim())) return false;
  // `std::cin >> std::setw(n) >> buf`: setw(n) stores at most n - 1 characters and the NUL.
  const previous = left.type === 'binary_expression' && left.child('operator')?.text === '>>' ? left.child('right') : null;
  if (previous && /(?:^|::)setw\(/.test(norm(previous))) {
    const n = constInt(previous.child('arguments')?.namedChildren[0] ?? null);
    const cap = buf.kind === 'pointer' ? null : buf.elements;
    if (n === null || cap === null || n <= cap) return false;
    return { message: `std::setw(${n}) lets ${show(target)} receive ${n} bytes, but it holds ${cap}` };
  }
  const cap = buf.kind === 'pointer' ? null : buf.elements;
  return { message: `Reading a word into ${show(target)}${cap !== null ? ` (${cap} bytes)` : ''} with >> has no length limit: any longer input overflows it` };
}

export default defineRule({
  class: 'buffer-overflow',
  confidence: 'high',
  cwe: ['CWE-120', 'CWE-787'],
  languages: ['cpp'],
  message: 'operator>> reads an unbounded word into a character buffer',
  remediation:
    'Read into a std::string (`std::string name; std::cin >> name;`), or bound the read with `std::cin >> std::setw(sizeof buf) >> buf` / `std::cin.getline(buf, sizeof buf)`.',
  references: [
    'https://cwe.mitre.org/data/definitions/120.html',
    'https://wiki.sei.cmu.edu/confluence/display/cplusplus/STR50-CPP.+Guarantee+that+storage+for+strings+has+sufficient+space+for+character+data+and+the+null+terminator',
  ],
  matcher: { kind: 'node', types: ['binary_expression'], where: streamRead },
});
