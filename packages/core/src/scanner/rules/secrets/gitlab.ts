import type { SecretHit } from '../../rule.ts';
import { ALNUM, DOT, LOWER, TOKEN, allIn, charIn, eachLiteral, eachMatch, finishHits, isBounded, looksFake, runEnd, tokenHit } from '../../secrets/detect.ts';
import { defineSecretRule, ROTATE_AND_MOVE } from '../../secrets/define.ts';

// `gl<kind>-` then the token: base64url characters, and in the newer routable format a few
// dot-separated parts (`glpat-<payload>.<version>.<crc>`). Found by the literal `gl`, then read with
// bounded character loops; structure checked in code.
// Runner registration tokens (deprecated) start with a fixed marker.
const RUNNER_REGISTRATION = /GR1348941[A-Za-z0-9_-]{20,80}/g;

const KINDS: Readonly<Record<string, string>> = {
  glpat: 'GitLab personal, project or group access token',
  gldt: 'GitLab deploy token',
  glrt: 'GitLab runner authentication token',
  glrtr: 'GitLab runner authentication token',
  glcbt: 'GitLab CI/CD job token',
  glptt: 'GitLab pipeline trigger token',
  glft: 'GitLab feed token',
  glimt: 'GitLab incoming mail token',
  glagent: 'GitLab agent for Kubernetes token',
  gloas: 'GitLab OAuth application secret',
  glsoat: 'GitLab SCIM OAuth token',
  glffct: 'GitLab feature flags client token',
  glwt: 'GitLab workspace token',
};

/** Whether a token body has the GitLab shape: 20+ base64url characters, then optional short dot-separated parts. */
function validBody(body: string): boolean {
  const parts = body.split('.');
  const main = parts[0] as string;
  if (main.length < 20 || !allIn(main, TOKEN)) return false;
  if (parts.length > 3) return false;
  for (const p of parts.slice(1)) if (p.length === 0 || p.length > 32 || !allIn(p, ALNUM)) return false;
  return !looksFake(main, 10);
}

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  eachLiteral(text, 'gl', (start) => {
    const kindEnd = runEnd(text, start + 2, LOWER, 8);
    if (kindEnd - start - 2 < 2 || kindEnd - start - 2 > 7 || text.charCodeAt(kindEnd) !== 45) return;
    const description = KINDS[text.slice(start, kindEnd)];
    if (!description) return;
    const dash = kindEnd - start;
    const rawEnd = runEnd(text, kindEnd + 1, TOKEN | DOT, 301);
    // Every later `gl` inside this run follows a token character and would be refused: resume after it.
    if (rawEnd - kindEnd - 1 < 20 || rawEnd - kindEnd - 1 > 300) return rawEnd;
    if (charIn(text, start - 1, TOKEN) || charIn(text, rawEnd, TOKEN | DOT)) return rawEnd; // inside a longer word, or too long
    let end = rawEnd;
    while (end > start && text.charCodeAt(end - 1) === 46) end--; // a sentence's full stop is not part of the token
    if (!validBody(text.slice(start + dash + 1, end))) return rawEnd;
    hits.push(tokenHit(start, end, description));
    return rawEnd;
  });
  eachMatch(text, RUNNER_REGISTRATION, (m) => {
    const start = m.index;
    const end = start + m[0].length;
    if (!isBounded(text, start, end, TOKEN) || looksFake(m[0].slice(9), 10)) return;
    hits.push(tokenHit(start, end, 'GitLab runner registration token'));
  });
  return finishHits(hits);
}

export default defineSecretRule({
  class: 'hardcoded-secret',
  name: 'gitlab',
  severity: 'critical',
  confidence: 'high',
  message: 'A GitLab access token is written in the code.',
  remediation:
    'Revoke the token in GitLab (User settings → Access tokens, the project/group access tokens, deploy tokens or runner settings; ' +
    'an administrator can use the token revocation API) and check the audit events for its use. In GitLab CI use `CI_JOB_TOKEN` ' +
    `or masked, protected CI/CD variables. ${ROTATE_AND_MOVE}`,
  references: ['https://docs.gitlab.com/ee/security/tokens/', 'https://docs.gitlab.com/ee/user/profile/personal_access_tokens.html'],
  detect,
});
