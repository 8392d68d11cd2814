import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { classRef, enclosingFunction, invocationParts, localAssignments, simpleTypeName, unwrap } from '../../lang/java/tree.ts';

/** What a stream was opened on, through the locals of the method: an http:// URL or a plain (non-TLS) socket. */
function plainChannel(node: SyntaxNode | null, depth = 0): 'an http:// connection' | 'a plain socket' | null {
  if (!node || depth > 6) return null;
  const u = unwrap(node);
  if (u.type === 'identifier') {
    const fn = enclosingFunction(u);
    for (const v of fn ? (localAssignments(fn).get(u.text) ?? []) : []) {
      const found = plainChannel(v, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (u.type === 'object_creation_expression') {
    const type = simpleTypeName(u.child('type')?.text ?? '');
    if (type === 'URL') {
      const first = u.child('arguments')?.namedChildren[0];
      return first && /^"http:\/\//i.test(first.text) ? 'an http:// connection' : null;
    }
    return type === 'Socket' ? 'a plain socket' : null;
  }
  if (u.type === 'method_invocation') {
    const { name, object } = invocationParts(u);
    if (name === 'openConnection' || name === 'getInputStream' || name === 'openStream') return plainChannel(object, depth + 1);
    // `listener.accept()` on a `new ServerSocket(port)`.
    if (name === 'accept' && object) {
      const server = unwrap(object);
      if (server.type === 'identifier') {
        const fn = enclosingFunction(server);
        return (fn ? (localAssignments(fn).get(server.text) ?? []) : []).some((v) => simpleTypeName(unwrap(v).child('type')?.text ?? '') === 'ServerSocket')
          ? 'a plain socket'
          : null;
      }
    }
  }
  return null;
}

/** The password argument of a call that logs in with it. */
function passwordArgument(node: SyntaxNode): SyntaxNode | null {
  if (node.type === 'method_invocation') {
    const { name, object, args } = invocationParts(node);
    return name === 'getConnection' && classRef(object) === 'DriverManager' && args.length === 3 ? (args[2] ?? null) : null;
  }
  const type = simpleTypeName(node.child('type')?.text ?? '');
  const args = node.child('arguments')?.namedChildren ?? [];
  return type === 'PasswordAuthentication' || type === 'KerberosKey' ? (args[1] ?? null) : null;
}

/** A password used to log in that was read from an http:// connection or a plain socket: it crossed the network in clear. */
function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  const arg = passwordArgument(node);
  if (!arg) return false;
  const t = ctx.taint(arg);
  if (!t || t.source.type !== 'method_invocation') return false;
  const channel = plainChannel(t.source);
  if (!channel) return false;
  return { message: `This password was received over ${channel}, unencrypted` };
}

export default defineRule({
  class: 'cleartext-transport',
  confidence: 'medium',
  cwe: ['CWE-319'],
  languages: ['java'],
  remediation: 'Receive credentials only over TLS (https:// URLs, SSLSocket/SSLServerSocket), or encrypt them end to end before they travel.',
  references: ['https://cwe.mitre.org/data/definitions/319.html'],
  matcher: { kind: 'node', types: ['method_invocation', 'object_creation_expression'], where: check },
});
