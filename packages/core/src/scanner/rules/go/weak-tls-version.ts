import { defineRule, type MatchContext } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';

const OLD = new Set(['VersionSSL30', 'VersionTLS10', 'VersionTLS11']);

function oldVersion(value: SyntaxNode | null | undefined, ctx: MatchContext): string | null {
  if (!value) return null;
  const inner = value.type === 'literal_element' || value.type === 'expression_list' ? value.namedChildren[0] : value;
  if (!inner) return null;
  const p = ctx.path(inner);
  if (p && p.length === 2 && p[0] === 'tls' && OLD.has(p[1] as string)) return p[1] as string;
  if (inner.type === 'int_literal' && /^0x030[012]$/i.test(inner.text)) return inner.text;
  return null;
}

/** `tls.Config{MinVersion: tls.VersionTLS10}` / `cfg.MaxVersion = tls.VersionTLS11`. */
function weakVersion(node: SyntaxNode, ctx: MatchContext) {
  let field: string | null = null;
  let version: string | null = null;
  if (node.type === 'keyed_element') {
    field = node.child('key')?.text ?? null;
    version = oldVersion(node.child('value'), ctx);
  } else if (node.type === 'assignment_statement') {
    const left = node.child('left')?.namedChildren[0];
    field = left?.type === 'selector_expression' ? (left.child('field')?.text ?? null) : null;
    version = oldVersion(node.child('right'), ctx);
  }
  if ((field !== 'MinVersion' && field !== 'MaxVersion') || !version) return false;
  return { message: `${field} ${version} allows TLS versions with known weaknesses (SSL 3.0, TLS 1.0, TLS 1.1 are deprecated by RFC 8996)` };
}

export default defineRule({
  class: 'weak-tls-version',
  confidence: 'high',
  cwe: ['CWE-327'],
  languages: ['go'],
  message: 'The TLS configuration allows a deprecated protocol version',
  remediation: 'Set `MinVersion: tls.VersionTLS12` (or `tls.VersionTLS13`) and do not cap `MaxVersion` below TLS 1.2.',
  references: ['https://cwe.mitre.org/data/definitions/327.html', 'https://datatracker.ietf.org/doc/html/rfc8996', 'https://pkg.go.dev/crypto/tls#Config'],
  matcher: { kind: 'node', types: ['keyed_element', 'assignment_statement'], where: weakVersion },
});
