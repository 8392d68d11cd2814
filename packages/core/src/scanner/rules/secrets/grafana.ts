import type { SecretHit } from '../../rule.ts';
import { ALNUM, B64, EQUALS, TOKEN, charIn, eachLiteral, entropy, fakeKind, finishHits, isHex, looksFake, runEnd, tokenHit } from '../../secrets/detect.ts';
import { defineSecretRule, ROTATE_AND_MOVE } from '../../secrets/define.ts';

// Service account tokens: `glsa_` + 32 base62 + `_` + 8 hex (a CRC-32 of the rest).
const SERVICE_ACCOUNT = 'glsa_';
// Grafana Cloud access policy tokens: `glc_` + base64 of a JSON object (`{"o":…,"n":…,"k":…}` starts `eyJ`).
const CLOUD = 'glc_eyJ';
// API keys (deprecated, still common): base64 of `{"k":"…","n":"…","id":…}`.
const API_KEY = 'eyJrIjoi';

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  eachLiteral(text, SERVICE_ACCOUNT, (start) => {
    const random = start + SERVICE_ACCOUNT.length;
    if (charIn(text, start - 1, TOKEN)) return;
    if (runEnd(text, random, ALNUM, 33) !== random + 32 || text.charCodeAt(random + 32) !== 95) return;
    const end = runEnd(text, random + 33, ALNUM, 9);
    if (end - random - 33 !== 8 || !isHex(text.slice(random + 33, end)) || charIn(text, end, TOKEN)) return;
    // The prefix and exact shape make it a token even when typed by hand (`abcdef…`): low confidence.
    const fake = fakeKind(text.slice(random, random + 32), 12);
    if (fake === 'placeholder') return;
    hits.push(tokenHit(start, end, 'Grafana service account token', fake ? 'low' : undefined));
    return end;
  });
  eachLiteral(text, CLOUD, (start) => {
    if (charIn(text, start - 1, TOKEN)) return;
    let end = runEnd(text, start + 4, B64, 1025);
    if (end - start - 4 < 40 || end - start - 4 > 1024) return end;
    while (end - start < 1030 && text.charCodeAt(end) === 61) end++;
    if (charIn(text, end, TOKEN | EQUALS)) return;
    if (entropy(text.slice(start + 4, end)) < 4) return;
    hits.push(tokenHit(start, end, 'Grafana Cloud access policy token'));
    return end;
  });
  eachLiteral(text, API_KEY, (start) => {
    if (charIn(text, start - 1, B64)) return;
    const bodyEnd = runEnd(text, start, B64, 257);
    if (bodyEnd - start < 48 || bodyEnd - start > 256) return bodyEnd;
    let end = bodyEnd;
    while (end - start < 260 && text.charCodeAt(end) === 61) end++;
    if (charIn(text, end, TOKEN | EQUALS)) return;
    // The decoded object names the key (`"n":`) and holds a random secret (`"k":`).
    let decoded = '';
    try {
      const body = text.slice(start, bodyEnd);
      decoded = atob(body.slice(0, Math.floor(body.length / 4) * 4));
    } catch {
      return;
    }
    if (!decoded.startsWith('{"k":"') || !decoded.includes('"n":')) return;
    const k = decoded.slice(6, decoded.indexOf('"', 6));
    if (k.length < 16 || looksFake(k, 10)) return;
    hits.push(tokenHit(start, end, 'Grafana API key'));
    return end;
  });
  return finishHits(hits);
}

export default defineSecretRule({
  class: 'hardcoded-secret',
  name: 'grafana',
  confidence: 'high',
  message: 'A Grafana service account token, Grafana Cloud token or API key is written in the code.',
  remediation:
    'Delete the token in Grafana (Administration → Service accounts, or the Grafana Cloud access policies) and create a new one ' +
    `with the smallest role that works; check the audit log for its use. ${ROTATE_AND_MOVE}`,
  references: [
    'https://grafana.com/docs/grafana/latest/administration/service-accounts/',
    'https://grafana.com/docs/grafana-cloud/account-management/authentication-and-permissions/access-policies/',
  ],
  detect,
});
