import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { integerValue, keyword, positional } from '../../lang/ruby/predicates.ts';

/** `OpenSSL::PKey::RSA.new(1024)`, `RSA.generate(512)`, `PKey.generate_key('RSA', rsa_keygen_bits: 1024)`: a key under 2048 bits. */
function weakKey(call: CallView, ctx: MatchContext): Verdict {
  const size = call.name === 'generate_key' ? keyword(call, 'rsa_keygen_bits') : (positional(call)[0] ?? null);
  const bits = integerValue(size, ctx);
  if (!size || bits === null || bits >= 2048) return false;
  return { message: `A ${bits}-bit key is too short to resist factoring or discrete-log attacks; use at least 2048 bits (3072 for long-lived keys)` };
}

export default defineRule({
  class: 'weak-key-size',
  confidence: 'high',
  languages: ['ruby'],
  message: 'An RSA, DSA or DH key shorter than 2048 bits is generated',
  remediation: 'Generate RSA keys of 3072 bits (at least 2048): `OpenSSL::PKey::RSA.new(3072)`, or prefer Ed25519 (`OpenSSL::PKey.generate_key("ED25519")`).',
  references: ['https://cwe.mitre.org/data/definitions/326.html', 'https://docs.ruby-lang.org/en/master/OpenSSL/PKey/RSA.html'],
  matcher: {
    kind: 'call',
    callee: ['OpenSSL.PKey.{RSA,DSA,DH}.{new,generate}', 'OpenSSL.PKey.generate_key', 'OpenSSL.PKey.generate_parameters'],
    where: weakKey,
  },
});
