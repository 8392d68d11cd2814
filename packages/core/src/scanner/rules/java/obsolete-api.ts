import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { classRef, invocationParts, typeOf, unwrap } from '../../lang/java/tree.ts';

/** Methods deprecated because they do not work correctly, by the type they are called on. */
const BROKEN: Readonly<Record<string, ReadonlySet<string>>> = {
  DataInputStream: new Set(['readLine']),
  Thread: new Set(['stop', 'suspend', 'resume', 'destroy', 'countStackFrames']),
  Runtime: new Set(['runFinalizersOnExit']),
  System: new Set(['runFinalizersOnExit']),
};
const WHY: Readonly<Record<string, string>> = {
  readLine: 'DataInputStream.readLine() does not convert bytes to characters correctly; use BufferedReader.readLine()',
  stop: 'Thread.stop() releases locks mid-update and leaves objects damaged; interrupt the thread instead',
  suspend: 'Thread.suspend() deadlocks easily; use wait/notify or interruption',
  resume: 'Thread.resume() only makes sense with the deadlock-prone suspend()',
  destroy: 'Thread.destroy() was never implemented',
  countStackFrames: 'Thread.countStackFrames() depends on suspend()',
  runFinalizersOnExit: 'runFinalizersOnExit can run finalizers on live objects',
};

/** The type a call's receiver is: declared, made with `new`, or named (`Thread.currentThread()`, `Runtime.getRuntime()`). */
function receiverType(object: SyntaxNode | null): string | null {
  if (!object) return null;
  const u = unwrap(object);
  const ref = classRef(u);
  if (ref && BROKEN[ref]) return ref;
  if (u.type === 'method_invocation') {
    const p = invocationParts(u);
    if (p.name === 'currentThread' && classRef(p.object) === 'Thread') return 'Thread';
    if (p.name === 'getRuntime' && classRef(p.object) === 'Runtime') return 'Runtime';
  }
  return typeOf(u);
}

function check(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const { name, object, args } = invocationParts(node);
  // The method name first: it rules out almost every call without working out the receiver's type.
  if (args.length > 1 || !Object.hasOwn(WHY, name)) return false;
  const type = receiverType(object);
  if (!type || !BROKEN[type]?.has(name)) return false;
  return { message: `${WHY[name] ?? `${type}.${name}() is deprecated`}` };
}

export default defineRule({
  class: 'obsolete-api',
  confidence: 'high',
  languages: ['java'],
  remediation: 'Replace DataInputStream.readLine() with BufferedReader.readLine() (with an explicit charset), and Thread.stop/suspend/resume with cooperative interruption.',
  references: [
    'https://cwe.mitre.org/data/definitions/477.html',
    'https://docs.oracle.com/en/java/javase/21/docs/api/java.base/java/lang/doc-files/threadPrimitiveDeprecation.html',
  ],
  matcher: { kind: 'node', types: ['method_invocation'], where: check },
});
