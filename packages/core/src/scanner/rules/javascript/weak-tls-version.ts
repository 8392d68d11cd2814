import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { pairKey, unwrap } from '../../lang/javascript/helpers.ts';

/** `secureProtocol` values that pin a deprecated version (not `TLS_method` / `SSLv23_method`, which negotiate the best). */
const OLD_METHOD = /^(?:SSLv2|SSLv3|TLSv1|TLSv1_1)_(?:client_|server_)?method$/;
/** `minVersion` / `maxVersion` / `tls.DEFAULT_MIN_VERSION` values below TLS 1.2. */
const OLD_VERSION = /^(?:SSLv3|TLSv1|TLSv1\.1)$/;

function oldSetting(key: string, value: SyntaxNode | null, ctx: MatchContext): string | null {
  if (!value) return null;
  const v = ctx.stringValue(unwrap(value));
  if (v === null) return null;
  if (key === 'secureProtocol' && OLD_METHOD.test(v)) return v;
  if ((key === 'minVersion' || key === 'maxVersion' || key === 'DEFAULT_MIN_VERSION' || key === 'DEFAULT_MAX_VERSION') && OLD_VERSION.test(v)) return v;
  return null;
}

/** TLS options (Node `tls`/`https`, database drivers' `ssl` options) that allow TLS 1.0/1.1 or SSL 3. */
function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  let key: string | null = null;
  let value: SyntaxNode | null = null;
  if (node.type === 'pair') {
    key = pairKey(node);
    value = node.child('value');
  } else {
    const left = node.child('left');
    if (left?.type !== 'member_expression') return false;
    key = left.child('property')?.text ?? null;
    value = node.child('right');
  }
  if (!key) return false;
  const old = oldSetting(key, value, ctx);
  if (!old) return false;
  return { message: `${key}: '${old}' allows a deprecated protocol version (TLS 1.0/1.1 or SSL 3), open to downgrade and known attacks: require TLS 1.2 or later` };
}

export default defineRule({
  class: 'weak-tls-version',
  confidence: 'high',
  languages: ['javascript', 'typescript'],
  remediation: "Leave Node's default (TLS 1.2 minimum) or set `minVersion: 'TLSv1.2'` (better 'TLSv1.3'); do not pin `secureProtocol` to an old method such as `TLSv1_method`.",
  references: ['https://nodejs.org/api/tls.html#tlscreatesecurecontextoptions', 'https://cheatsheetseries.owasp.org/cheatsheets/Transport_Layer_Security_Cheat_Sheet.html'],
  matcher: { kind: 'node', types: ['pair', 'assignment_expression'], where: check },
});
