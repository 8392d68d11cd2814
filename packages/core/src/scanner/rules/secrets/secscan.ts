import type { SecretHit } from '../../rule.ts';
import { WORD, charIn, eachMatch, finishHits, tokenHit } from '../../secrets/detect.ts';
import { defineSecretRule, ROTATE_AND_MOVE } from '../../secrets/define.ts';
import { API_KEY_PREFIX, SESSION_TOKEN_PREFIX, TOKEN_CHECKSUM_LENGTH, TOKEN_MAX_BODY_LENGTH, TOKEN_MIN_BODY_LENGTH, verifyTokenChecksum } from '../../../tokens/checksum.ts';

// secscan API keys (`sk_live_…`) and session tokens (`ss_…`): base62 body + base62 CRC-32 (see tokens/checksum.ts).
const MIN = TOKEN_MIN_BODY_LENGTH + TOKEN_CHECKSUM_LENGTH;
const MAX = TOKEN_MAX_BODY_LENGTH + TOKEN_CHECKSUM_LENGTH;
const TOKEN_RE = new RegExp(`(?:sk_live_|ss_)[A-Za-z0-9]{${MIN},${MAX + 1}}`, 'g');

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  eachMatch(text, TOKEN_RE, (m) => {
    const start = m.index;
    const end = start + m[0].length;
    if (charIn(text, start - 1, WORD) || charIn(text, end, WORD)) return;
    const prefix = m[0].startsWith(API_KEY_PREFIX) ? API_KEY_PREFIX : SESSION_TOKEN_PREFIX;
    // Only tokens whose checksum verifies: Stripe's `sk_live_` keys and random look-alikes are not ours.
    if (!verifyTokenChecksum(m[0], prefix)) return;
    hits.push(tokenHit(start, end, prefix === API_KEY_PREFIX ? 'secscan API key' : 'secscan session token'));
  });
  return finishHits(hits);
}

export default defineSecretRule({
  class: 'hardcoded-secret',
  name: 'secscan',
  severity: 'critical',
  confidence: 'high',
  message: 'A secscan API key or session token is written in the code.',
  remediation:
    'Revoke the key (or end the session) on the secscan server that issued it and create a new key; its `lastUsedAt` shows whether ' +
    `it was used. Pass keys to the CLI and CI through \`SECSCAN_API_KEY\` or the CI secret store. ${ROTATE_AND_MOVE}`,
  references: ['https://cwe.mitre.org/data/definitions/798.html'],
  detect,
});
