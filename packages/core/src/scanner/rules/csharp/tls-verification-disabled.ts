import { defineRule, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { simpleName } from '../../lang/csharp/adapter.ts';
import { alwaysTrue, descendants, methodAlwaysTrue, rootOf } from '../../lang/csharp/helpers.ts';

const CALLBACKS =
  /^(?:ServerCertificateValidationCallback|ServerCertificateCustomValidationCallback|RemoteCertificateValidationCallback|CertificateValidationCallback|UserCertificateValidationCallback)$/;

/** A callback that accepts every certificate: `(…) => true`, `delegate { return true; }`, a method that returns true, or the named "dangerous" validator. */
function acceptsAll(value: SyntaxNode | null, depth = 0): boolean {
  if (!value || depth > 3) return false;
  if (alwaysTrue(value)) return true;
  if (/DangerousAcceptAnyServerCertificateValidator$/.test(value.text)) return true;
  if (value.type === 'identifier' || value.type === 'member_access_expression') {
    const name = value.type === 'identifier' ? value.text : simpleName(value.child('name'));
    return methodAlwaysTrue(rootOf(value), name);
  }
  if (value.type === 'object_creation_expression' && /ValidationCallback$/.test(simpleName(value.child('type')))) {
    const arg = value.child('arguments')?.namedChildren[0]?.namedChildren.slice(-1)[0] ?? null;
    return acceptsAll(arg, depth + 1);
  }
  return false;
}

/** `ServicePointManager.CertificatePolicy = new TrustAll()` where the policy's CheckValidationResult returns true. */
function trustAllPolicy(value: SyntaxNode | null): boolean {
  if (!value || value.type !== 'object_creation_expression') return false;
  const type = simpleName(value.child('type'));
  for (const n of descendants(rootOf(value))) {
    if (n.type === 'class_declaration' && n.child('name')?.text === type) {
      return methodAlwaysTrue(n, 'CheckValidationResult');
    }
  }
  return false;
}

const MESSAGE = 'This certificate validation callback accepts every certificate: TLS connections can be intercepted (man in the middle)';

function check(node: SyntaxNode): Verdict {
  if (node.type === 'assignment_expression') {
    const left = node.child('left');
    const name = left?.type === 'member_access_expression' ? simpleName(left.child('name')) : (left?.text ?? '');
    const right = node.child('right');
    if (CALLBACKS.test(name) && acceptsAll(right)) return { message: MESSAGE };
    if (name === 'CertificatePolicy' && trustAllPolicy(right)) return { message: MESSAGE };
    return false;
  }
  if (node.type === 'object_creation_expression' && simpleName(node.child('type')) === 'SslStream') {
    const args = (node.child('arguments')?.namedChildren ?? []).map((a) => a.namedChildren[a.namedChildren.length - 1] ?? null);
    if (acceptsAll(args[2] ?? null)) return { message: MESSAGE };
  }
  return false;
}

export default defineRule({
  class: 'tls-verification-disabled',
  confidence: 'high',
  cwe: ['CWE-295'],
  languages: ['csharp'],
  message: 'TLS certificate validation is disabled',
  remediation:
    'Remove the callback so the default validation applies; to trust a private CA or pin a certificate, check `sslPolicyErrors == SslPolicyErrors.None` or compare the certificate thumbprint/chain against the expected one instead of returning true.',
  references: ['https://cwe.mitre.org/data/definitions/295.html', 'https://learn.microsoft.com/en-us/dotnet/fundamentals/code-analysis/quality-rules/ca5359'],
  matcher: { kind: 'node', types: ['assignment_expression', 'object_creation_expression'], where: check },
});
