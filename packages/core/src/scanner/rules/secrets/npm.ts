import type { SecretHit } from '../../rule.ts';
import { WORD, eachMatch, lineStartOf, finishHits, isBounded, looksFake, tokenHit, valueHit } from '../../secrets/detect.ts';
import { defineSecretRule, ROTATE_AND_MOVE } from '../../secrets/define.ts';
import { isPlaceholder } from '../../secrets/credentials.ts';
import { verifyGithubStyleChecksum } from '../../../tokens/checksum.ts';

// Access tokens: `npm_` + 30 random base62 + 6-character base62 CRC-32 of the random part.
const TOKEN_RE = /npm_[A-Za-z0-9]{30,80}/g;
// Registry credentials in .npmrc: `//registry.npmjs.org/:_authToken=…`, `_auth=…` (base64 user:password), `_password=…`.
const NPMRC_KEY = /(?:_authToken|_auth|_password)[ \t]{0,4}=[ \t]{0,4}/g;
// Tokens of other providers used as registry credentials are reported by their own rule.
const OTHER_PROVIDER = /^(?:gh[pousr]_|github_pat_|gl[a-z]{2,7}-|npm_)/;

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  eachMatch(text, TOKEN_RE, (m) => {
    const start = m.index;
    const end = start + m[0].length;
    if (m[0].length !== 40 || !isBounded(text, start, end, WORD)) return;
    if (!verifyGithubStyleChecksum(m[0])) return; // random look-alikes and hand-made samples are refused
    hits.push(tokenHit(start, end, 'npm access token'));
  });
  eachMatch(text, NPMRC_KEY, (m) => {
    // `//registry/:_authToken=…`, or a key at the start of a line of .npmrc — not `self._password = …`.
    const prev = m.index > 0 ? text.charCodeAt(m.index - 1) : 10;
    if (prev !== 58 && prev !== 10 && !(prev === 32 || prev === 9)) return;
    if ((prev === 32 || prev === 9) && text.slice(lineStartOf(text, m.index, 64), m.index).trim() !== '') return;
    const valueStart = m.index + m[0].length;
    let valueEnd = valueStart;
    while (valueEnd < text.length && valueEnd - valueStart < 512) {
      const c = text.charCodeAt(valueEnd);
      if (c <= 32 || c === 34 || c === 39 || c === 35 || c === 59) break; // whitespace, quotes, comments
      valueEnd++;
    }
    const value = text.slice(valueStart, valueEnd);
    if (value.length < 8 || value.startsWith('$') || isPlaceholder(value) || OTHER_PROVIDER.test(value)) return;
    if (looksFake(value, 8)) return;
    const kind = m[0].startsWith('_authToken') ? 'npm registry auth token (.npmrc)' : 'npm registry password (.npmrc)';
    hits.push(valueHit(m.index, valueEnd, valueStart, valueEnd, kind));
  });
  return finishHits(hits);
}

export default defineSecretRule({
  class: 'hardcoded-secret',
  name: 'npm',
  severity: 'critical',
  confidence: 'high',
  message: 'An npm access token or registry credential is written in the code.',
  remediation:
    'Revoke the token (`npm token revoke <id>` or npmjs.com → Access Tokens) and check the packages it could publish for versions ' +
    'you did not release. In .npmrc reference an environment variable instead (`//registry.npmjs.org/:_authToken=${NPM_TOKEN}`), ' +
    `prefer granular tokens scoped to the packages and IPs that need them, and trusted publishing from CI. ${ROTATE_AND_MOVE}`,
  references: ['https://docs.npmjs.com/about-access-tokens', 'https://docs.npmjs.com/using-private-packages-in-a-ci-cd-workflow'],
  detect,
});
