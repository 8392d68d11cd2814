import { bufferOf, callArgs, calledName } from '../../lang/c/syntax.ts';
import { capacity } from '../../lang/c/analysis.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** Shell path functions that assume their output buffer holds MAX_PATH characters. */
const MAX_PATH_OUT = new Set([
  'PathAppend',
  'PathAppendA',
  'PathAppendW',
  'PathCombine',
  'PathCombineA',
  'PathCombineW',
  'PathCanonicalize',
  'PathCanonicalizeA',
  'PathCanonicalizeW',
  'PathAddBackslash',
  'PathAddBackslashA',
  'PathAddBackslashW',
  'PathAddExtension',
  'PathAddExtensionA',
  'PathAddExtensionW',
  'PathRenameExtension',
  'PathRenameExtensionA',
  'PathRenameExtensionW',
  'PathCompactPath',
  'PathCompactPathA',
  'PathCompactPathW',
]);
const MAX_PATH = 260;

/** `char path[64]; PathAppendA(path, name);`: PathAppend and friends write up to MAX_PATH characters, whatever the buffer holds. */
function shortPathBuffer(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const name = calledName(node);
  if (!name || !MAX_PATH_OUT.has(name)) return false;
  const dest = callArgs(node)[0];
  if (!dest) return false;
  const room = capacity(bufferOf(dest, node));
  if (room === null || room >= MAX_PATH) return false;
  return { message: `${name}() assumes its buffer holds MAX_PATH (${MAX_PATH}) characters, but ${dest.text} holds ${room}` };
}

export default defineRule({
  class: 'buffer-overflow',
  confidence: 'high',
  cwe: ['CWE-785', 'CWE-121'],
  languages: ['c', 'cpp'],
  message: 'A path function is given a buffer smaller than MAX_PATH',
  remediation: 'Give PathAppend, PathCombine and PathCanonicalize buffers of MAX_PATH characters, or use the length-checked PathCch* functions.',
  matcher: { kind: 'node', types: ['call_expression'], where: shortPathBuffer },
});
