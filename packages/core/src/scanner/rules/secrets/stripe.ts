import type { SecretHit } from '../../rule.ts';
import { WORD, charIn, eachMatch, finishHits, looksFake, tokenHit } from '../../secrets/detect.ts';
import { defineSecretRule, ROTATE_AND_MOVE } from '../../secrets/define.ts';
import { API_KEY_PREFIX, verifyTokenChecksum } from '../../../tokens/checksum.ts';

// Live secret keys (sk_live_) and restricted keys (rk_live_). Test-mode keys (sk_test_, rk_test_)
// only reach test data and publishable keys (pk_live_) are public by design: neither is reported.
const LIVE_KEY = /[rs]k_live_[A-Za-z0-9]{20,255}/g;

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  eachMatch(text, LIVE_KEY, (m) => {
    const start = m.index;
    const end = start + m[0].length;
    if (charIn(text, start - 1, WORD) || charIn(text, end, WORD)) return;
    const body = m[0].slice(8);
    if (body.length < 24 || looksFake(body, 10)) return;
    // secscan's own API keys share the `sk_live_` prefix; their CRC-32 tells them apart.
    if (m[0].startsWith(API_KEY_PREFIX) && verifyTokenChecksum(m[0], API_KEY_PREFIX)) return;
    hits.push(tokenHit(start, end, m[0].startsWith('rk_') ? 'Stripe live restricted key' : 'Stripe live secret key'));
  });
  return finishHits(hits);
}

export default defineSecretRule({
  class: 'hardcoded-secret',
  name: 'stripe',
  severity: 'critical',
  confidence: 'high',
  message: 'A Stripe live-mode secret or restricted key is written in the code.',
  remediation:
    'Roll the key in the Stripe Dashboard (Developers → API keys → Roll key, with an immediate expiry) and review the request logs ' +
    'for its use. Give services restricted keys with only the permissions they need, and keep test keys (`sk_test_`) in ' +
    `development. ${ROTATE_AND_MOVE}`,
  references: ['https://docs.stripe.com/keys', 'https://docs.stripe.com/keys-best-practices'],
  detect,
});
