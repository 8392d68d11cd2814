import type { SecretHit } from '../../rule.ts';
import {
  ALNUM,
  DIGIT,
  LOWER,
  WORD,
  classesOf,
  eachMatch,
  eachRun,
  endsNear,
  isHex,
  lineStartOf,
  entropy,
  finishHits,
  isBounded,
  looksFake,
  tokenHit,
  windowsAround,
  wordiness,
} from '../../secrets/detect.ts';
import { defineSecretRule, ROTATE_AND_MOVE } from '../../secrets/define.ts';

// Account SIDs (AC…) and API key SIDs (SK…): identifiers, not secrets, but they mark the context.
const SID = /(?:AC|SK)[0-9a-f]{32}/g;
const TWILIO_WORD = /twilio/gi;
// Auth tokens are 32 hex characters; API key secrets 32 base62 characters.
const SECRET_WORD = /token|secret|auth|passw|api_?key/i;

interface Sid {
  start: number;
  end: number;
}

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  const sids: Sid[] = [];
  eachMatch(text, SID, (m) => {
    const end = m.index + m[0].length;
    if (isBounded(text, m.index, end, WORD) && sids.length < 100_000) sids.push({ start: m.index, end });
  });
  const contexts: number[] = sids.map((s) => s.start);
  TWILIO_WORD.lastIndex = 0;
  for (let m = TWILIO_WORD.exec(text); m !== null && contexts.length < 200_000; m = TWILIO_WORD.exec(text)) contexts.push(m.index);
  if (contexts.length === 0) return [];
  contexts.sort((a, b) => a - b);

  for (const [ws, we] of windowsAround(contexts, 400, 400, text.length)) {
    // Runs of alphanumerics, each read once (linear).
    eachRun(text.slice(ws, we), ALNUM, 32, (rs, re) => {
      const start = ws + rs;
      const end = ws + re;
      if (re - rs !== 32 || !isBounded(text, start, end, WORD)) return;
      // Named as a secret (`authToken = "…"`, `TWILIO_AUTH_TOKEN=…`), or passed right after a SID
      // (`Client("AC…", "…")`): the cheap context test first.
      if (!endsNear(sids, start, 12) && !SECRET_WORD.test(text.slice(lineStartOf(text, start, 60), start))) return;
      const v = text.slice(start, end);
      const classes = classesOf(v);
      if ((classes & DIGIT) === 0 || (classes & ~DIGIT & ALNUM) === 0) return;
      const hex = isHex(v, true);
      if (!hex && (classes & LOWER) === 0) return;
      if (looksFake(v, hex ? 9 : 12) || entropy(v) < (hex ? 3.2 : 4) || (!hex && wordiness(v) >= 0.5)) return;
      hits.push(tokenHit(start, end, hex ? 'Twilio auth token' : 'Twilio API key secret'));
    });
  }
  return finishHits(hits);
}

export default defineSecretRule({
  class: 'hardcoded-secret',
  name: 'twilio',
  confidence: 'medium',
  message: 'A Twilio auth token or API key secret is written in the code.',
  remediation:
    'Rotate it in the Twilio Console: promote a secondary auth token (Account → API keys & tokens → Auth tokens) or delete the API ' +
    'key, and review the usage logs. Authenticate services with a restricted API key (SK…) and its secret rather than the ' +
    `account's auth token, loaded from \`TWILIO_API_KEY\`/\`TWILIO_API_SECRET\`. ${ROTATE_AND_MOVE}`,
  references: ['https://www.twilio.com/docs/iam/api-keys', 'https://www.twilio.com/docs/iam/access-tokens'],
  detect,
});
