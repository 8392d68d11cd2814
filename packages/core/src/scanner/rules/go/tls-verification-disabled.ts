import { defineRule } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';

function isTrue(node: SyntaxNode | null | undefined): boolean {
  if (!node) return false;
  const inner = node.type === 'literal_element' || node.type === 'expression_list' ? node.namedChildren[0] : node;
  return inner?.type === 'true';
}

/** `tls.Config{InsecureSkipVerify: true}` and `cfg.InsecureSkipVerify = true`. */
function skipVerify(node: SyntaxNode): boolean | { node: SyntaxNode } {
  if (node.type === 'keyed_element') {
    return node.child('key')?.text === 'InsecureSkipVerify' && isTrue(node.child('value'));
  }
  if (node.type === 'assignment_statement') {
    const left = node.child('left')?.namedChildren ?? [];
    const right = node.child('right')?.namedChildren ?? [];
    return left.some((l, i) => l.type === 'selector_expression' && l.child('field')?.text === 'InsecureSkipVerify' && isTrue(right[i] ?? right[0]));
  }
  return false;
}

export default defineRule({
  class: 'tls-verification-disabled',
  confidence: 'high',
  cwe: ['CWE-295'],
  languages: ['go'],
  message: 'InsecureSkipVerify: true accepts any certificate, so the connection can be intercepted (man-in-the-middle)',
  remediation:
    'Keep certificate verification on. For a private CA, add it to `tls.Config.RootCAs` (`x509.NewCertPool()` + `AppendCertsFromPEM`); for pinning, use `VerifyPeerCertificate`/`VerifyConnection` on top of normal verification.',
  references: [
    'https://cwe.mitre.org/data/definitions/295.html',
    'https://pkg.go.dev/crypto/tls#Config',
  ],
  matcher: { kind: 'node', types: ['keyed_element', 'assignment_statement'], where: skipVerify },
});
