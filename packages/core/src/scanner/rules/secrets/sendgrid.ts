import type { SecretHit } from '../../rule.ts';
import { DOT, TOKEN, charIn, eachMatch, finishHits, looksFake, tokenHit } from '../../secrets/detect.ts';
import { defineSecretRule, ROTATE_AND_MOVE } from '../../secrets/define.ts';

// `SG.` + 22-character key id + `.` + 43-character secret, both base64url.
const API_KEY = /SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43,80}/g;

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  eachMatch(text, API_KEY, (m) => {
    const start = m.index;
    const end = start + m[0].length;
    if (m[0].length !== 69 || charIn(text, start - 1, TOKEN | DOT) || charIn(text, end, TOKEN)) return;
    if (looksFake(m[0].slice(3, 25), 10) || looksFake(m[0].slice(26), 14)) return;
    hits.push(tokenHit(start, end, 'SendGrid API key'));
  });
  return finishHits(hits);
}

export default defineSecretRule({
  class: 'hardcoded-secret',
  name: 'sendgrid',
  confidence: 'high',
  message: 'A SendGrid (Twilio SendGrid) API key is written in the code.',
  remediation:
    'Delete the key in SendGrid (Settings → API Keys) and create a new one with only the permissions the service needs (usually ' +
    `"Mail Send"); check the activity feed for mail you did not send. ${ROTATE_AND_MOVE}`,
  references: ['https://www.twilio.com/docs/sendgrid/ui/account-and-settings/api-keys'],
  detect,
});
