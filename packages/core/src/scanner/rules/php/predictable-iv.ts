import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { unwrap } from '../../lang/php/helpers.ts';
import { soleAssignment } from '../../lang/php/summaries.ts';

/** `openssl_encrypt($data, $method, $key, $options, $iv)`: an IV written in the code, at the call or in the one variable assignment that feeds it. */
function check(call: CallView, ctx: MatchContext): Verdict {
  const iv = call.args.find((a) => a.index === 4 || a.name === 'iv')?.node;
  if (!iv) return false;
  let n = unwrap(iv);
  if (n.type === 'variable_name') n = soleAssignment(n) ?? n;
  if (ctx.literalKind(n) !== 'string') return false;
  const value = ctx.stringValue(n);
  if (value === null || value.length === 0) return false;
  return { message: `${call.name}() uses an IV written into the code: every message is encrypted with the same IV` };
}

export default defineRule({
  class: 'predictable-iv',
  confidence: 'medium',
  cwe: ['CWE-329', 'CWE-1204'],
  languages: ['php'],
  remediation:
    'Make a fresh IV for every message (`$iv = random_bytes(openssl_cipher_iv_length($method));`) and store it with the ciphertext (`base64_encode($iv . $ciphertext)`); read it back from there to decrypt.',
  references: ['https://www.php.net/manual/en/function.openssl-encrypt.php'],
  matcher: { kind: 'call', callee: ['openssl_encrypt', 'openssl_decrypt'], where: check },
});
