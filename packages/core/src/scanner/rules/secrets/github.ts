import type { SecretHit } from '../../rule.ts';
import { ALNUM, WORD, eachLiteral, eachMatch, finishHits, isBounded, looksFake, runEnd, tokenHit } from '../../secrets/detect.ts';
import { defineSecretRule, ROTATE_AND_MOVE } from '../../secrets/define.ts';
import { verifyGithubStyleChecksum } from '../../../tokens/checksum.ts';

// Classic tokens: gh + kind + `_` + 30 random base62 + 6-character base62 CRC-32 of the random part.
const CLASSIC = /gh[pousr]_[A-Za-z0-9]{30,80}/g;
// Fine-grained personal access tokens: `github_pat_` + 22 base62 + `_` + 59 base62 (found by the
// literal prefix, then read with bounded character loops).
const FINE_GRAINED = 'github_pat_';

const KINDS: Readonly<Record<string, string>> = {
  p: 'GitHub personal access token',
  o: 'GitHub OAuth access token',
  u: 'GitHub App user-to-server token',
  s: 'GitHub App installation (server-to-server) token',
  r: 'GitHub refresh token',
};

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  eachMatch(text, CLASSIC, (m) => {
    const start = m.index;
    const end = start + m[0].length;
    // Exactly 40 characters, a whole word, and a checksum that verifies: random look-alikes
    // (documentation samples, hashes that happen to follow `ghp_`) are refused.
    if (m[0].length !== 40 || !isBounded(text, start, end, WORD)) return;
    if (!verifyGithubStyleChecksum(m[0])) return;
    hits.push(tokenHit(start, end, KINDS[m[0].charAt(2)] ?? 'GitHub token'));
  });
  eachLiteral(text, FINE_GRAINED, (start) => {
    const id = start + FINE_GRAINED.length;
    if (runEnd(text, id, ALNUM, 22) !== id + 22 || text.charCodeAt(id + 22) !== 95) return;
    const end = runEnd(text, id + 23, ALNUM, 60);
    if (end - (id + 23) !== 59 || !isBounded(text, start, end, WORD)) return;
    if (looksFake(text.slice(id, end), 12)) return;
    hits.push(tokenHit(start, end, 'GitHub fine-grained personal access token'));
    return end;
  });
  return finishHits(hits);
}

export default defineSecretRule({
  class: 'hardcoded-secret',
  name: 'github',
  severity: 'critical',
  confidence: 'high',
  message: 'A GitHub access token is written in the code.',
  remediation:
    'Revoke the token (Settings → Developer settings → Personal access tokens, the OAuth/GitHub App settings, or the credential ' +
    'revocation API) and check the security log for its use. In GitHub Actions use the built-in `GITHUB_TOKEN` or a repository/' +
    `organisation secret (\`\${{ secrets.NAME }}\`); elsewhere read it from the environment (\`GH_TOKEN\`). ${ROTATE_AND_MOVE}`,
  references: [
    'https://github.blog/2021-04-05-behind-githubs-new-authentication-token-formats/',
    'https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/managing-your-personal-access-tokens',
  ],
  detect,
});
