import type { SecretHit } from '../../rule.ts';
import { TOKEN, charIn, eachLiteral, entropy, finishHits, looksFake, runEnd, tokenHit } from '../../secrets/detect.ts';
import { defineSecretRule, ROTATE_AND_MOVE } from '../../secrets/define.ts';

// `sk-ant-<kind><version>-` (api03, admin01, oat01, …) + a long base64url body: the literal prefix,
// then the body read with a bounded loop.
const KEY = 'sk-ant-';
const KIND = /^([a-z]{2,8})(\d{2})-/;

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  eachLiteral(text, KEY, (start) => {
    const end = runEnd(text, start + 7, TOKEN, 401);
    // A later `sk-ant-` inside this run follows a token character and would be refused: resume after it.
    if (end - start - 7 < 40 || charIn(text, start - 1, TOKEN) || charIn(text, end, TOKEN)) return end;
    const body = text.slice(start + 7, end);
    const kind = KIND.exec(body);
    const random = kind ? body.slice(kind[0].length) : body;
    if (random.length < 32 || looksFake(random, 16) || entropy(random) < 4.2) return;
    const label = kind?.[1] === 'admin' ? 'Anthropic admin API key' : kind?.[1] === 'oat' || kind?.[1] === 'ort' ? 'Anthropic OAuth token' : 'Anthropic API key';
    hits.push(tokenHit(start, end, label, kind ? 'high' : 'medium'));
    return end;
  });
  return finishHits(hits);
}

export default defineSecretRule({
  class: 'hardcoded-secret',
  name: 'anthropic',
  confidence: 'high',
  message: 'An Anthropic API key is written in the code.',
  remediation:
    'Disable and delete the key in the Anthropic Console (Settings → API keys) and check its usage for calls you did not make. ' +
    'Read the key from `ANTHROPIC_API_KEY` on the server, use a separate key per workspace or service, and never ship it to ' +
    `browsers or mobile apps. ${ROTATE_AND_MOVE}`,
  references: ['https://docs.anthropic.com/en/api/getting-started'],
  detect,
});
