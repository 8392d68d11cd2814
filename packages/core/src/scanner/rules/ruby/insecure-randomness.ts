import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { clockDerived, contextNames, isSecretContext, keyword } from '../../lang/ruby/predicates.ts';

/** `rand` / `Random` / `Array#sample` where the value becomes a token, password, code or key. */
function forSecret(call: CallView, ctx: MatchContext): Verdict {
  if ((call.name === 'sample' || call.name === 'shuffle') && keyword(call, 'random') !== null) return false;
  if ((call.name === 'sample' || call.name === 'shuffle') && /SecureRandom/.test(call.node.text)) return false;
  const names = [...contextNames(call.node), ctx.fn?.name ?? ''].filter((n) => n.length > 0);
  const hit = names.find((n) => isSecretContext(n));
  if (!hit) return false;
  return { message: `\`${call.node.text.slice(0, 40)}\` is a predictable pseudo-random generator used for \`${hit.slice(0, 40)}\`; use SecureRandom` };
}

/** `Digest::SHA1.hexdigest("#{user.id}-#{Time.now.to_i}")` assigned to a token: a clock-derived value, predictable whatever the hash. */
function clockToken(call: CallView, ctx: MatchContext): Verdict {
  const input = call.args.find((a) => a.index === 0)?.node;
  if (!input || !clockDerived(input)) return false;
  const names = [...contextNames(call.node), ctx.fn?.name ?? ''].filter((n) => n.length > 0);
  const hit = names.find((n) => isSecretContext(n));
  if (!hit) return false;
  return { message: `\`${hit.slice(0, 40)}\` is a digest of the current time (and ids): it can be recomputed by anyone who knows when it was made; use SecureRandom` };
}

const DIGESTS = [
  'Digest.{MD5,SHA1,SHA2,SHA256,SHA384,SHA512,RMD160}.{hexdigest,digest,base64digest}',
  'OpenSSL.Digest.{MD5,SHA1,SHA256,SHA384,SHA512}.{hexdigest,digest,base64digest}',
  'Base64.{encode64,strict_encode64,urlsafe_encode64}',
];

export default defineRule({
  class: 'insecure-random',
  confidence: 'medium',
  languages: ['ruby'],
  message: 'A predictable random generator (Kernel#rand, Random, Array#sample) produces a secret value',
  remediation:
    'Generate tokens, passwords and codes with `SecureRandom` (`SecureRandom.urlsafe_base64(32)`, `SecureRandom.random_number(10**6)`, `SecureRandom.alphanumeric(12)`) or `chars.sample(random: SecureRandom)`.',
  references: [
    'https://cwe.mitre.org/data/definitions/338.html',
    'https://docs.ruby-lang.org/en/master/SecureRandom.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cryptographic_Storage_Cheat_Sheet.html#secure-random-number-generation',
  ],
  matcher: {
    kind: 'call',
    callee: ['rand', 'Kernel.rand', 'Random.{rand,bytes,random_number}', 'Random.new().{rand,bytes}', 'Random.DEFAULT.rand', '*.sample', '*.shuffle', ...DIGESTS],
    where: (call, ctx) =>
      call.name === 'rand' || call.name === 'bytes' || call.name === 'random_number' || call.name === 'sample' || call.name === 'shuffle'
        ? forSecret(call, ctx)
        : clockToken(call, ctx),
  },
});
