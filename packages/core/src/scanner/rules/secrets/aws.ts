import type { SecretHit } from '../../rule.ts';
import {
  B64,
  DIGIT,
  EQUALS,
  LOWER,
  PLUS_SLASH,
  UPPER,
  ALNUM,
  allIn,
  charIn,
  classesOf,
  eachMatch,
  eachRun,
  entropy,
  finishHits,
  isBounded,
  looksFake,
  windowsAround,
  wordiness,
} from '../../secrets/detect.ts';
import { defineSecretRule, ROTATE_AND_MOVE } from '../../secrets/define.ts';

// Access key ids: AKIA (long-term) / ASIA (temporary, STS) + 16 base32 characters. The run is read
// greedily (one class, bounded) and its exact length checked in code.
const KEY_ID = /A[KS]IA[A-Z0-9]{16,40}/g;
// Words that put a 40-character base64 value in an AWS context.
const AWS_WORD = /aws|amazon/gi;
const SECRET_WORD = /secret/i;

/** `[0-9a-fA-F]+` */
function allHex(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i) | 32;
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return v.length > 0;
}

interface KeyId {
  start: number;
  end: number;
}

function findKeyIds(text: string): KeyId[] {
  const out: KeyId[] = [];
  eachMatch(text, KEY_ID, (m) => {
    const start = m.index;
    const end = start + m[0].length;
    if (m[0].length !== 20 || !isBounded(text, start, end, ALNUM)) return;
    const body = m[0].slice(4);
    if (!/^[A-Z2-7]{16}$/.test(body)) return; // base32: real ids never contain 0, 1, 8, 9
    if (looksFake(m[0], 6)) return; // AKIAIOSFODNN7EXAMPLE, AKIAXXXXXXXXXXXXXXXX
    out.push({ start, end });
  });
  return out;
}

/** Merges two sorted lists of positions. */
function mergeSorted(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && (a[i] as number) <= (b[j] as number))) out.push(a[i++] as number);
    else out.push(b[j++] as number);
  }
  return out;
}

/** Whether a key id ends at most `gap` characters before `start` or starts at most `gap` after `end` (ids sorted). */
function keyIdNear(ids: readonly KeyId[], start: number, end: number, gap: number): boolean {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ids[mid] as KeyId).start < end) lo = mid + 1;
    else hi = mid;
  }
  const after = ids[lo];
  const before = ids[lo - 1];
  return (after !== undefined && after.start - end <= gap) || (before !== undefined && before.end <= start && start - before.end <= gap);
}

/** A 40-character base64 value that reads like a secret access key (not a hex digest, not a word). */
function isSecretAccessKeyValue(v: string): boolean {
  const classes = classesOf(v);
  if ((classes & UPPER) === 0 || (classes & LOWER) === 0 || (classes & (DIGIT | PLUS_SLASH)) === 0) return false;
  if (!allIn(v, B64)) return false;
  if (looksFake(v, 16)) return false; // …EXAMPLEKEY
  if (wordiness(v) >= 0.5) return false; // an identifier: GoogleCloudGkemulticloudV1AwsProxyConfig
  return entropy(v) >= 4;
}

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  const ids = findKeyIds(text);
  for (const id of ids) {
    const temporary = text.startsWith('ASIA', id.start);
    hits.push({
      start: id.start,
      end: id.end,
      secretStart: id.start,
      secretEnd: id.end,
      description: temporary ? 'AWS temporary access key ID (STS)' : 'AWS access key ID',
    });
  }

  // Secret access keys: exactly 40 base64 characters near an AWS context — within 300 characters of
  // the word aws/amazon or of an access key id — and named as a secret (or right next to a key id, as
  // in `new BasicAWSCredentials("AKIA…", "…")`). Only the merged windows around contexts are searched.
  const contexts: number[] = [];
  AWS_WORD.lastIndex = 0;
  for (let m = AWS_WORD.exec(text); m !== null && contexts.length < 100_000; m = AWS_WORD.exec(text)) contexts.push(m.index);
  if (contexts.length === 0 && ids.length === 0) return finishHits(hits);
  const merged = mergeSorted(
    contexts,
    ids.map((id) => id.start),
  );
  for (const [ws, we] of windowsAround(merged, 300, 300, text.length)) {
    // Runs of base64 characters, each read once (linear).
    eachRun(text.slice(ws, we), B64, 40, (rs, re) => {
      const start = ws + rs;
      const end = ws + re;
      if (re - rs !== 40 || charIn(text, start - 1, B64) || charIn(text, end, B64 | EQUALS)) return;
      const v = text.slice(start, end);
      if (allHex(v)) return; // a SHA-1 / git commit, e.g. a pinned GitHub Action
      if (!keyIdNear(ids, start, end, 120) && !SECRET_WORD.test(text.slice(Math.max(0, start - 120), start))) return;
      if (!isSecretAccessKeyValue(v)) return;
      hits.push({ start, end, secretStart: start, secretEnd: end, description: 'AWS secret access key' });
    });
  }
  return finishHits(hits);
}

export default defineSecretRule({
  class: 'hardcoded-secret',
  name: 'aws',
  severity: 'critical',
  confidence: 'high',
  message: 'An AWS access key ID or secret access key is written in the code.',
  remediation:
    'Deactivate and delete the access key in IAM (IAM → Users → Security credentials, or `aws iam delete-access-key`) and review ' +
    'CloudTrail for its use. Prefer no long-term keys at all: IAM roles for EC2/ECS/Lambda, IAM Roles Anywhere, or OIDC federation ' +
    'from CI; otherwise the default credential chain (`AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY` from the environment, a profile ' +
    `outside the repository). ${ROTATE_AND_MOVE}`,
  references: ['https://docs.aws.amazon.com/IAM/latest/UserGuide/id_credentials_access-keys.html', 'https://docs.aws.amazon.com/IAM/latest/UserGuide/best-practices.html'],
  detect,
});
