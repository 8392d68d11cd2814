import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';

/** Protocol constants of `ssl` and pyOpenSSL that select SSL 2/3 or TLS 1.0/1.1. */
const WEAK_NAMES = new Set([
  'PROTOCOL_SSLv2',
  'PROTOCOL_SSLv3',
  'PROTOCOL_TLSv1',
  'PROTOCOL_TLSv1_1',
  'SSLv2_METHOD',
  'SSLv23_METHOD',
  'SSLv3_METHOD',
  'TLSv1_METHOD',
  'TLSv1_1_METHOD',
  'SSLv3',
  'TLSv1',
  'TLSv1_1',
]);
const WEAK_PATH = /^(?:ssl\.PROTOCOL_(?:SSLv2|SSLv3|TLSv1|TLSv1_1)|(?:[\w.]+\.)?SSL\.(?:SSLv2|SSLv23|SSLv3|TLSv1|TLSv1_1)_METHOD|ssl\.TLSVersion\.(?:SSLv3|TLSv1|TLSv1_1))$/;

/**
 * `ssl.PROTOCOL_TLSv1`, `SSL.SSLv3_METHOD`, `ssl.TLSVersion.TLSv1` used as a value (an argument, a
 * default, an assignment such as `ctx.minimum_version = …`): the connection may use a protocol
 * version with known attacks. Comparisons (`if ctx.protocol == ssl.PROTOCOL_TLSv1`) are not uses.
 */
function weakVersion(node: SyntaxNode, ctx: MatchContext): Verdict {
  const last = node.child('attribute')?.text;
  if (!last || !WEAK_NAMES.has(last)) return false;
  const path = ctx.pathText(node) ?? '';
  if (!WEAK_PATH.test(path)) return false;
  if (node.parent?.type === 'comparison_operator') return false;
  // pyOpenSSL's SSLv23_METHOD negotiates whatever the library still allows, SSLv3 included, unless the
  // file turns the old versions off (`ctx.set_options(SSL.OP_NO_SSLv3)`).
  if (last === 'SSLv23_METHOD') {
    if (ctx.code.includes('OP_NO_SSLv3')) return false;
    return {
      message: `\`${path}\` negotiates any protocol version the library allows, SSLv3 included, unless \`OP_NO_SSLv2\`/\`OP_NO_SSLv3\` are set; use \`SSL.TLS_METHOD\` with a TLS 1.2 minimum`,
    };
  }
  return { message: `\`${path}\` allows ${last.replace(/^PROTOCOL_|_METHOD$/g, '').replace('_', '.')}, a protocol version with known attacks; require TLS 1.2 or later` };
}

export default defineRule({
  class: 'weak-tls-version',
  confidence: 'high',
  languages: ['python'],
  remediation:
    'Create contexts with `ssl.create_default_context()` (or `ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)`) and set `context.minimum_version = ssl.TLSVersion.TLSv1_2`; with pyOpenSSL use `SSL.TLS_METHOD` and `set_min_proto_version(SSL.TLS1_2_VERSION)`.',
  references: ['https://cwe.mitre.org/data/definitions/327.html', 'https://docs.python.org/3/library/ssl.html#ssl.SSLContext.minimum_version'],
  matcher: { kind: 'node', types: ['attribute'], where: weakVersion },
});
