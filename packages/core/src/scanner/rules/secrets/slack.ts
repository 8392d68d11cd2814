import type { SecretHit } from '../../rule.ts';
import { ALNUM, DIGIT, TOKEN, allIn, charIn, classesOf, eachLiteral, eachMatch, finishHits, looksFake, tokenHit, valueHit } from '../../secrets/detect.ts';
import { defineSecretRule, ROTATE_AND_MOVE } from '../../secrets/define.ts';

// Bot, user, app-level, refresh, legacy workspace and configuration tokens: `xox?-` then dash-separated parts.
const TOKEN_RE = /xox[abpors]-[A-Za-z0-9-]{10,300}/g;
// App-level tokens: `xapp-<n>-<id>-<n>-<hex>`.
const APP_TOKEN_RE = /xapp-[A-Za-z0-9-]{20,300}/g;
// Incoming webhooks (and workflow triggers): the path after the host is the secret. Found by the
// literal host, then read with a bounded loop over `[A-Za-z0-9_/-]`.
const WEBHOOK_HOST = 'hooks.slack.com/';
const WEBHOOK_KINDS = ['services/', 'workflows/', 'triggers/'];

/** End of the run of `[A-Za-z0-9_/-]` from `from`, reading at most `max` characters. */
function pathEnd(text: string, from: number, max: number): number {
  const limit = Math.min(text.length, from + max);
  let i = from;
  while (i < limit && (charIn(text, i, TOKEN) || text.charCodeAt(i) === 47)) i++;
  return i;
}

const KINDS: Readonly<Record<string, string>> = {
  b: 'Slack bot token',
  p: 'Slack user token',
  a: 'Slack app token',
  o: 'Slack legacy token',
  r: 'Slack refresh token',
  s: 'Slack session token',
};

/** Whether dash-separated token parts look real: an id-like numeric part and a long random tail. */
function validParts(body: string): boolean {
  const parts = body.split('-').filter((p) => p.length > 0);
  if (parts.length < 2) return false;
  const last = parts[parts.length - 1] as string;
  if (last.length < 10 || !allIn(last, ALNUM)) return false;
  if (!parts.some((p) => allIn(p, DIGIT) && p.length >= 1)) return false;
  if (!allIn(parts.join(''), ALNUM) || (classesOf(body) & DIGIT) === 0) return false;
  return !looksFake(parts.join(''), 10);
}

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  eachMatch(text, TOKEN_RE, (m) => {
    const start = m.index;
    const end = start + m[0].length;
    if (charIn(text, start - 1, ALNUM) || charIn(text, end, TOKEN)) return;
    if (!validParts(m[0].slice(5)) || looksFake(m[0])) return;
    // Issued tokens end in a random base62 part; all-digit ones (`xoxp-2398…-2348…`) are the shape of
    // Slack's documentation samples, or truncated: reported, at low confidence.
    const digitsOnly = allIn(m[0].slice(m[0].lastIndexOf('-') + 1), DIGIT);
    hits.push(tokenHit(start, end, KINDS[m[0].charAt(3)] ?? 'Slack token', digitsOnly ? 'low' : undefined));
  });
  eachMatch(text, APP_TOKEN_RE, (m) => {
    const start = m.index;
    const end = start + m[0].length;
    if (charIn(text, start - 1, ALNUM) || charIn(text, end, TOKEN)) return;
    if (!validParts(m[0].slice(5))) return;
    hits.push(tokenHit(start, end, 'Slack app-level token'));
  });
  eachLiteral(text, WEBHOOK_HOST, (start) => {
    const kind = WEBHOOK_KINDS.find((k) => text.startsWith(k, start + WEBHOOK_HOST.length));
    if (!kind) return;
    const kindEnd = WEBHOOK_HOST.length + kind.length;
    const end = pathEnd(text, start + kindEnd, 301);
    if (end - start - kindEnd < 20 || end - start - kindEnd > 300 || charIn(text, end, TOKEN)) return end;
    const path = text.slice(start + kindEnd, end);
    const segments = path.split('/').filter((s) => s.length > 0);
    // services/T<team>/B<hook>/<24-character secret>
    if (segments.length < 2) return;
    const secret = segments[segments.length - 1] as string;
    if (secret.length < 16 || !allIn(secret, ALNUM) || looksFake(path.replace(/\//g, ''), 10)) return;
    // Report from the URL's scheme if it is there.
    const from = text.startsWith('https://', start - 8) ? start - 8 : text.startsWith('http://', start - 7) ? start - 7 : start;
    hits.push(valueHit(from, end, start + kindEnd, end, 'Slack webhook URL'));
  });
  return finishHits(hits);
}

export default defineSecretRule({
  class: 'hardcoded-secret',
  name: 'slack',
  confidence: 'high',
  message: 'A Slack token or incoming-webhook URL is written in the code.',
  remediation:
    'Revoke it: regenerate or revoke the token on the app\'s "OAuth & Permissions" page (or call `auth.revoke`), and delete and ' +
    're-create a leaked incoming webhook (anyone with the URL can post to the channel). Check the workspace access logs. ' +
    ROTATE_AND_MOVE,
  references: ['https://api.slack.com/authentication/token-types', 'https://api.slack.com/authentication/best-practices'],
  detect,
});
