import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { functionCalls, receiverIs } from '../../lang/java/predicates.ts';
import { descendants, enclosingClass, enclosingFunction, enclosingMethod, findDeclaration, invocationParts, span, unwrap } from '../../lang/java/tree.ts';

const OIS = new Set(['ObjectInputStream', 'XMLDecoder', 'HessianInput', 'Hessian2Input', 'BurlapInput']);
const OIS_SEGMENTS = new Set(['ObjectInputStream', 'XMLDecoder']);
const INVOCATIONS = new Set(['method_invocation']);

/** The receiver variable's name, when it is a plain variable. */
function receiverVar(call: CallView): string | null {
  const r = call.receiver ? unwrap(call.receiver) : null;
  return r?.type === 'identifier' ? r.text : null;
}

/** `ois.readObject()` on a plain ObjectInputStream/XMLDecoder with no look-ahead filter installed. */
function objectStream(call: CallView, ctx: MatchContext): boolean {
  // Custom serialization hooks read their own fields back.
  if (/^(?:readObject|readExternal|readObjectNoData|readResolve)$/.test(enclosingMethod(call.node)?.child('name')?.text ?? '')) return false;
  if (
    !receiverIs(call, ctx, { types: OIS, segments: OIS_SEGMENTS, names: /^(?:ois|in|input|objectIn|objectInput|objIn|objectInputStream|decoder|xmlDecoder|objectStream|oin|is)$/ })
  )
    return false;
  const name = receiverVar(call);
  const filtered = functionCalls(
    call.node,
    (n, object) => (n === 'setObjectInputFilter' || n === 'setSerialFilter') && (name === null || object?.text === name || /Config/.test(object?.text ?? '')),
  );
  return !filtered;
}

/** XStream without an allow-list of types (`allowTypes`, `addPermission`, `setupDefaultSecurity`). */
function xstream(call: CallView, ctx: MatchContext): boolean {
  if (!receiverIs(call, ctx, { types: new Set(['XStream']), names: /xstream|xs$/i })) return false;
  const cls = enclosingClass(call.node);
  if (!cls) return true;
  for (const inv of descendants(cls, INVOCATIONS, 20000)) {
    const n = invocationParts(inv).name;
    if (/^(?:allowTypes|allowTypesByWildcard|allowTypesByRegExp|addPermission|setupDefaultSecurity|allowTypeHierarchy)$/.test(n)) return false;
  }
  return true;
}

/** SnakeYAML `new Yaml()` (no SafeConstructor) loading untrusted text. */
function yaml(call: CallView, ctx: MatchContext): boolean {
  if (!receiverIs(call, ctx, { types: new Set(['Yaml']), names: /yaml$/i })) return false;
  const r = call.receiver ? unwrap(call.receiver) : null;
  let made: SyntaxNode | null = r?.type === 'object_creation_expression' ? r : null;
  if (r?.type === 'identifier' || r?.type === 'field_access') {
    const name = r.type === 'identifier' ? r.text : (r.child('field')?.text ?? '');
    const d = findDeclaration(name, r);
    made = d?.init ?? null;
  }
  if (made && /SafeConstructor|LoaderOptions|SafeLoader/.test(made.text)) return false;
  return true;
}

/** Where the stream a `readObject()` reads was made in this function (`ObjectInputStream in = new …`). */
function streamDeclaration(call: CallView): SyntaxNode | null {
  const r = call.receiver ? unwrap(call.receiver) : null;
  if (r?.type !== 'identifier') return null;
  const d = findDeclaration(r.text, r);
  if (!d || (d.kind !== 'local' && d.kind !== 'resource') || !d.init) return null;
  if (enclosingFunction(d.node) !== enclosingFunction(call.node)) return null;
  return d.kind === 'resource' ? d.node : (d.node.parent ?? d.node);
}

/**
 * Untrusted data (from the request, a socket, a file named on the command line, or a parameter of
 * unknown origin) deserialized by a reader that instantiates what the data names. Reported from
 * where the stream is made to where it is read.
 */
function deserializes(call: CallView, ctx: MatchContext): Verdict {
  let data: SyntaxNode | null = null;
  if (call.name === 'readObject' || call.name === 'readUnshared') {
    if (call.args.some((a) => a.index >= 0) || !objectStream(call, ctx)) return false;
    data = call.receiver;
  } else {
    data = ctx.arg(call, 0);
    if (!data) return false;
    if (call.name === 'fromXML' && !xstream(call, ctx)) return false;
    if (/^load/.test(call.name) && !yaml(call, ctx)) return false;
  }
  const t: Taint | null = data ? ctx.taint(data) : null;
  // The application's own files (`new FileInputStream("/etc/app/defaults.ser")`) are not input here.
  if (!t || t.kind === 'file') return false;
  const from = call.name === 'readObject' || call.name === 'readUnshared' ? streamDeclaration(call) : null;
  const where = t.label ? ` from ${t.label}` : '';
  return {
    node: from ? span(from, call.node) : call.node,
    message: `Data${where} is deserialized by ${call.name}(), which can instantiate arbitrary classes (remote code execution through gadget chains)`,
    confidence: t.strength === 'remote' ? 'high' : 'medium',
  };
}

export default defineRule({
  class: 'unsafe-deserialization',
  confidence: 'high',
  languages: ['java'],
  message: 'Untrusted data is deserialized here, which can instantiate arbitrary classes (remote code execution through gadget chains)',
  remediation:
    'Do not deserialize Java objects from untrusted sources: exchange JSON/XML mapped to fixed DTO classes instead. If `ObjectInputStream` is unavoidable, install an allow-list filter (`ois.setObjectInputFilter(ObjectInputFilter.Config.createFilter("com.example.dto.*;!*"))`) or use Apache Commons IO `ValidatingObjectInputStream`; configure XStream with `allowTypes`, and SnakeYAML with `new Yaml(new SafeConstructor(new LoaderOptions()))`.',
  references: [
    'https://cwe.mitre.org/data/definitions/502.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Deserialization_Cheat_Sheet.html#java',
    'https://docs.oracle.com/en/java/javase/21/core/serialization-filtering1.html',
  ],
  matcher: {
    kind: 'call',
    callee: ['*.readObject', '*.readUnshared', '*.fromXML', '*.load', '*.loadAll', '*.loadAs', 'SerializationUtils.deserialize', 'SerializationHelper.deserialize'],
    where: deserializes,
  },
});
