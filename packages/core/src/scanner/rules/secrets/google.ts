import type { SecretHit } from '../../rule.ts';
import { TOKEN, charIn, eachLiteral, eachMatch, finishHits, looksFake, runEnd, tokenHit, valueHit } from '../../secrets/detect.ts';
import { defineSecretRule, ROTATE_AND_MOVE } from '../../secrets/define.ts';
import { isServiceAccountFile, parsePrivateKeyBlock, pemBeginAt } from '../../secrets/pem.ts';

// API keys: `AIza` + 35 base64url characters (found by the literal prefix, read with a bounded loop).
const API_KEY = 'AIza';
// OAuth client secrets: `GOCSPX-` + 28 base64url characters.
const CLIENT_SECRET = /GOCSPX-[A-Za-z0-9_-]{28,80}/g;
// The private key of a service-account JSON key file.
const SA_PRIVATE_KEY = /"private_key"[ \t]{0,8}:[ \t]{0,8}"/g;

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  eachLiteral(text, API_KEY, (start) => {
    const end = runEnd(text, start + 4, TOKEN, 36);
    if (end - start !== 39 || charIn(text, start - 1, TOKEN) || charIn(text, end, TOKEN)) return end;
    const key = text.slice(start, end);
    if (looksFake(key.slice(4), 12) || looksFake(key)) return;
    hits.push(tokenHit(start, end, 'Google API key'));
    return end;
  });
  eachMatch(text, CLIENT_SECRET, (m) => {
    const start = m.index;
    const end = start + m[0].length;
    if (m[0].length !== 35 || charIn(text, start - 1, TOKEN) || charIn(text, end, TOKEN)) return;
    if (looksFake(m[0].slice(7), 12)) return;
    hits.push(tokenHit(start, end, 'Google OAuth client secret'));
  });
  if (text.includes('"private_key"') && isServiceAccountFile(text)) {
    eachMatch(text, SA_PRIVATE_KEY, (m) => {
      const begin = m.index + m[0].length;
      const pem = pemBeginAt(text, begin);
      if (!pem) return;
      const block = parsePrivateKeyBlock(text, begin, pem.end, pem.label);
      if (!block) return;
      hits.push(valueHit(m.index, block.end, block.bodyStart, block.bodyEnd, 'Google service-account private key'));
      return block.end;
    });
  }
  return finishHits(hits);
}

export default defineSecretRule({
  class: 'hardcoded-secret',
  name: 'google',
  severity: 'critical',
  confidence: 'high',
  cwe: ['CWE-798', 'CWE-321'],
  message: 'A Google API key, OAuth client secret or service-account private key is written in the code.',
  remediation:
    'Delete the service-account key (IAM → Service accounts → Keys, or `gcloud iam service-accounts keys delete`), regenerate or ' +
    'delete the API key or OAuth client secret in the Cloud console, and check the audit logs. Prefer no exported keys: attached ' +
    'service accounts, Workload Identity Federation from CI and other clouds, Application Default Credentials; restrict API keys ' +
    `to the APIs and apps that use them. ${ROTATE_AND_MOVE}`,
  references: ['https://cloud.google.com/docs/authentication/api-keys', 'https://cloud.google.com/iam/docs/best-practices-for-managing-service-account-keys'],
  detect,
});
