import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { contextNames, isSecretContext, keyword } from '../../lang/ruby/predicates.ts';

/** `rand` / `Random` / `Array#sample` where the value becomes a token, password, code or key. */
function forSecret(call: CallView, ctx: MatchContext): Verdict {
  if ((call.name === 'sample' || call.name === 'shuffle') && keyword(call, 'random') !== null) return false;
  if ((call.name === 'sample' || call.name === 'shuffle') && /SecureRandom/.test(call.node.text)) return false;
  const names = [...contextNames(call.node), ctx.fn?.name ?? ''].filter((n) => n.length > 0);
  const hit = names.find((n) => isSecretContext(n));
  if (!hit) return false;
  return { message: `\`${call.node.text.slice(0, 40)}\` is a predictable pseudo-random generator used for \`${hit.slice(0, 40)}\`; use SecureRandom` };
}

export default defineRule({
  id: 'ruby.insecure-randomness',
  title: 'Insecure randomness for a secret value',
  severity: 'medium',
  confidence: 'medium',
  cwe: ['CWE-330', 'CWE-338'],
  owasp: ['A02:2021'],
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
    callee: ['rand', 'Kernel.rand', 'Random.{rand,bytes,random_number}', 'Random.new().{rand,bytes}', 'Random.DEFAULT.rand', '*.sample', '*.shuffle'],
    where: forSecret,
  },
});
