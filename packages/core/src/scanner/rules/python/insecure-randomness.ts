import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { contextNames, isSecretContext } from '../../lang/python/predicates.ts';

/** Names that say the value is not a secret even though a secret word appears (`session_timeout`, `token_count`). */
const NOT_SECRET =
  /(?:^|_)(?:timeout|ttl|delay|jitter|backoff|retry|retries|count|length|len|size|index|idx|sample|shuffle|color|colour|port|sleep|interval|expiry|expires|offset|weight|limit|max|min|page|position|order|chance|probability|rate)(?:_|$)/i;

/** Variable names that say nothing about the value's purpose. */
const GENERIC = /^(?:code|value|val|result|res|ret|out|output|s|n|x|num|number|rand|rnd|r|tmp|temp|chars|string|digits|data|part|parts|buf|new|generated|raw)$/;

/** `random.choice(…)` / `random.randint(…)` where the value becomes a token, password, code or key. */
function forSecret(call: CallView, ctx: MatchContext): Verdict {
  // The variable it is assigned to, the keys / keywords / calls it goes to, the function it is returned from.
  const names = contextNames(call.node).filter((n) => n.length > 0);
  // `code = random.randint(…)` inside `generate_otp()`: a generic variable name defers to the function's.
  if (names.length > 0 && GENERIC.test(names[0] as string) && ctx.fn?.name) names.push(ctx.fn.name);
  const hit = names.find((n) => isSecretContext(n) && !NOT_SECRET.test(n));
  if (!hit) return false;
  const what = call.node.text.replace(/\s+/g, ' ').slice(0, 40);
  return { message: `\`${what}\` comes from the predictable \`random\` module and is used for \`${hit.slice(0, 40)}\`; use the \`secrets\` module` };
}

export default defineRule({
  class: 'insecure-random',
  confidence: 'medium',
  languages: ['python'],
  message: 'The `random` module (a predictable Mersenne Twister) produces a token, password, code or key',
  remediation:
    'Use the `secrets` module for anything secret: `secrets.token_urlsafe(32)`, `secrets.token_hex(16)`, `secrets.choice(alphabet)`, `secrets.randbelow(10**6)` for numeric codes (or `random.SystemRandom()`).',
  references: ['https://cwe.mitre.org/data/definitions/338.html', 'https://docs.python.org/3/library/random.html', 'https://docs.python.org/3/library/secrets.html'],
  matcher: {
    kind: 'call',
    callee: [
      'random.{random,randint,randrange,choice,choices,sample,getrandbits,uniform,shuffle,randbytes}',
      'random.Random().{random,randint,randrange,choice,choices,sample,getrandbits,randbytes}',
      'numpy.random.{randint,rand,choice,bytes,random}',
      'np.random.{randint,rand,choice,bytes,random}',
    ],
    where: forSecret,
  },
});
