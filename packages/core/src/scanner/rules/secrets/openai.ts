import type { SecretHit } from '../../rule.ts';
import { ALNUM, DIGIT, LOWER, TOKEN, UPPER, allIn, charIn, classesOf, eachMatch, entropy, fakeKind, finishHits, looksFake, tokenHit, wordiness } from '../../secrets/detect.ts';
import { defineSecretRule, ROTATE_AND_MOVE } from '../../secrets/define.ts';

// `sk-` then base64url characters; the kind is decided in code. Anthropic's `sk-ant-` is another rule.
const KEY = /sk-[A-Za-z0-9_-]{20,400}/g;
// "OpenAI" in base64: embedded in the middle of every OpenAI key.
const OPENAI_MARK = 'T3BlbkFJ';
const SCOPED = ['proj-', 'svcacct-', 'admin-'];

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  eachMatch(text, KEY, (m) => {
    const start = m.index;
    const end = start + m[0].length;
    if (charIn(text, start - 1, TOKEN) || charIn(text, end, TOKEN)) return;
    const body = m[0].slice(3);
    if (body.startsWith('ant-')) return;
    const scope = SCOPED.find((p) => body.startsWith(p));
    const random = scope ? body.slice(scope.length) : body;
    const marked = random.includes(OPENAI_MARK);
    // A key carrying OpenAI's mark is one even when made by hand for a test (`…test`): low confidence.
    const fake = fakeKind(random, 16);
    if (scope !== undefined) {
      // Project, service-account and admin keys: long base64url bodies.
      if (random.length < 40 || entropy(random) < 4.2 || fake === 'placeholder' || (fake && !marked)) return;
      const kind = scope === 'proj-' ? 'project' : scope === 'svcacct-' ? 'service-account' : 'admin';
      hits.push(tokenHit(start, end, `OpenAI ${kind} API key`, fake ? 'low' : marked ? 'high' : 'medium'));
      return;
    }
    if (marked) {
      if (fake === 'placeholder') return;
      hits.push(tokenHit(start, end, 'OpenAI API key', fake ? 'low' : undefined));
      return;
    }
    // Other `sk-` keys (many AI providers copy the format): plain base62 or hex, random-looking.
    if (random.length < 32 || random.length > 200 || !allIn(random, ALNUM) || looksFake(random, 14)) return;
    const classes = classesOf(random);
    const hex = /^[0-9a-f]+$/.test(random);
    const mixed = (classes & DIGIT) !== 0 && (classes & UPPER) !== 0 && (classes & LOWER) !== 0;
    if (!(hex || mixed) || entropy(random) < (hex ? 3.4 : 4.3) || wordiness(random) >= 0.5) return;
    hits.push(tokenHit(start, end, 'OpenAI-style API key (sk-)', 'medium'));
  });
  return finishHits(hits);
}

export default defineSecretRule({
  class: 'hardcoded-secret',
  name: 'openai',
  confidence: 'high',
  message: 'An OpenAI (or OpenAI-compatible) API key is written in the code.',
  remediation:
    "Revoke the key on the provider's dashboard (OpenAI: Settings → API keys, or the project's keys) and check its usage for calls " +
    'you did not make. Use project-scoped keys with the smallest permissions, read them from `OPENAI_API_KEY`, and never ship ' +
    `them to browsers or mobile apps: call the API from your server. ${ROTATE_AND_MOVE}`,
  references: ['https://platform.openai.com/docs/api-reference/authentication', 'https://help.openai.com/en/articles/5112595-best-practices-for-api-key-safety'],
  detect,
});
