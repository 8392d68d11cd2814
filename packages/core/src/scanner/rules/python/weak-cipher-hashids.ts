import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { argument } from '../../lang/python/predicates.ts';

/** The application's signing secret: Django `settings.SECRET_KEY`, Flask `app.config["SECRET_KEY"]` / `app.secret_key`. */
const SIGNING_SECRET = /(?:^|\.)(?:SECRET_KEY|secret_key)$/;

/**
 * `Hashids(salt=settings.SECRET_KEY)`: Hashids is reversible obfuscation, not encryption, and its salt
 * can be worked out from enough ids, which hands out the key that signs sessions and tokens.
 */
function secretAsSalt(call: CallView, ctx: MatchContext): Verdict {
  const salt = argument(call, 0, 'salt');
  if (!salt) return false;
  const path = ctx.pathText(salt) ?? '';
  if (!SIGNING_SECRET.test(path)) return false;
  return {
    node: salt.parent?.type === 'keyword_argument' ? salt.parent : salt,
    message: `\`${path}\` is used as a Hashids salt: the salt can be recovered from the ids, and with it the application's signing key`,
  };
}

export default defineRule({
  class: 'weak-cipher',
  name: 'hashids',
  confidence: 'high',
  languages: ['python'],
  message: 'A secret key is used as the salt of Hashids, a reversible obfuscation',
  remediation:
    'Give Hashids its own, non-secret salt (`Hashids(salt=settings.HASHIDS_SALT)`), and never rely on it to hide anything; use signed tokens (`django.core.signing`, `itsdangerous`) where ids must not be guessable.',
  references: ['https://cwe.mitre.org/data/definitions/327.html', 'https://hashids.org/python/'],
  matcher: { kind: 'call', callee: ['hashids.Hashids', 'Hashids'], where: secretAsSalt },
});
