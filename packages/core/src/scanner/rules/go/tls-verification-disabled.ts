import { defineRule, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { lastValue, unparen } from '../../lang/go/util.ts';

/** Whether a value folds to `true`: the literal, `!false`, or a constant or local bound to one. */
function isTrue(node: SyntaxNode | null | undefined, depth = 0): boolean {
  if (!node || depth > 4) return false;
  let inner = node.type === 'literal_element' || node.type === 'expression_list' ? node.namedChildren[0] : node;
  if (!inner) return false;
  inner = unparen(inner);
  if (inner.type === 'true') return true;
  if (inner.type === 'unary_expression' && inner.child('operator')?.text === '!') return isFalse(inner.child('operand'), depth + 1);
  if (inner.type === 'identifier') return isTrue(boundValue(inner), depth + 1);
  return false;
}

function isFalse(node: SyntaxNode | null | undefined, depth: number): boolean {
  if (!node || depth > 4) return false;
  const inner = unparen(node);
  if (inner.type === 'false') return true;
  if (inner.type === 'unary_expression' && inner.child('operator')?.text === '!') return isTrue(inner.child('operand'), depth + 1);
  return false;
}

/** The value a name is bound to: a local's last value, or a package-level constant's. */
function boundValue(ident: SyntaxNode): SyntaxNode | null {
  const local = lastValue(ident);
  if (local) return local;
  let root = ident;
  while (root.parent) root = root.parent;
  for (const decl of root.namedChildren) {
    if (decl.type !== 'const_declaration') continue;
    for (const spec of decl.namedChildren) {
      const names = spec.fieldChildren('name');
      const i = names.findIndex((n) => n.text === ident.text);
      if (i >= 0) return spec.child('value')?.namedChildren[i] ?? null;
    }
  }
  return null;
}

const TLS: Verdict = { cwe: ['CWE-295'] };

/**
 * `tls.Config{InsecureSkipVerify: true}` and `cfg.InsecureSkipVerify = true` (CWE-295); an SSH client that
 * accepts any host key, `HostKeyCallback: ssh.InsecureIgnoreHostKey()` (CWE-322).
 */
function skipVerify(node: SyntaxNode): Verdict {
  if (node.type === 'keyed_element') {
    return node.child('key')?.text === 'InsecureSkipVerify' && isTrue(node.child('value')) && TLS;
  }
  if (node.type === 'assignment_statement') {
    const left = node.child('left')?.namedChildren ?? [];
    const right = node.child('right')?.namedChildren ?? [];
    return left.some((l, i) => l.type === 'selector_expression' && l.child('field')?.text === 'InsecureSkipVerify' && isTrue(right[i] ?? right[0])) && TLS;
  }
  if (node.type === 'call_expression' && node.child('function')?.text === 'ssh.InsecureIgnoreHostKey') {
    return { cwe: ['CWE-322'], message: 'ssh.InsecureIgnoreHostKey() accepts any server key, so the SSH connection can be intercepted (man-in-the-middle)' };
  }
  return false;
}

export default defineRule({
  class: 'tls-verification-disabled',
  confidence: 'high',
  cwe: ['CWE-295', 'CWE-322'],
  languages: ['go'],
  message: 'InsecureSkipVerify: true accepts any certificate, so the connection can be intercepted (man-in-the-middle)',
  remediation:
    'Keep certificate verification on. For a private CA, add it to `tls.Config.RootCAs` (`x509.NewCertPool()` + `AppendCertsFromPEM`); for pinning, use `VerifyPeerCertificate`/`VerifyConnection` on top of normal verification. For SSH, check the server key: `ssh.FixedHostKey(key)` or `knownhosts.New(path)` from golang.org/x/crypto/ssh/knownhosts.',
  references: [
    'https://cwe.mitre.org/data/definitions/295.html',
    'https://pkg.go.dev/crypto/tls#Config',
    'https://cwe.mitre.org/data/definitions/322.html',
    'https://pkg.go.dev/golang.org/x/crypto/ssh/knownhosts',
  ],
  matcher: { kind: 'node', types: ['keyed_element', 'assignment_statement', 'call_expression'], where: skipVerify },
});
