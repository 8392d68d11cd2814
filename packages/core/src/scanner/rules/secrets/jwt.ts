import type { SecretHit } from '../../rule.ts';
import { DOT, TOKEN, charIn, eachMatch, finishHits, runEnd, tokenHit } from '../../secrets/detect.ts';
import { defineSecretRule, ROTATE_AND_MOVE } from '../../secrets/define.ts';

// A JWS in compact form starts with a base64url JSON header: `{"` encodes as `eyJ`. The header run is
// matched by one unbounded class (linear); the payload and signature are read in code.
const HEADER = /eyJ[A-Za-z0-9_-]+/g;
const MAX_PART = 16 * 1024;

function decodeJson(part: string): unknown {
  if (part.length > MAX_PART) return null;
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    return JSON.parse(bin) as unknown;
  } catch {
    return null;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The sample token of jwt.io and countless tutorials (`"sub": "1234567890", "name": "John Doe"`). */
function isTutorialToken(payload: Record<string, unknown>): boolean {
  return payload['sub'] === '1234567890' && typeof payload['name'] === 'string' && /^John Doe$/i.test(payload['name']);
}

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  eachMatch(text, HEADER, (m) => {
    const start = m.index;
    const headerEnd = start + m[0].length;
    if (charIn(text, start - 1, TOKEN | DOT) || text.charCodeAt(headerEnd) !== 46) return;
    const payloadEnd = runEnd(text, headerEnd + 1, TOKEN, MAX_PART + 1);
    if (payloadEnd - headerEnd - 1 < 8 || text.charCodeAt(payloadEnd) !== 46) return payloadEnd;
    const sigEnd = runEnd(text, payloadEnd + 1, TOKEN, 1024);
    const sigLength = sigEnd - payloadEnd - 1;
    if (sigLength < 16 || charIn(text, sigEnd, TOKEN | DOT)) return sigEnd; // unsigned (alg none), truncated, or a JWE
    const header = decodeJson(m[0]);
    if (!isObject(header) || typeof header['alg'] !== 'string' || header['alg'].toLowerCase() === 'none') return sigEnd;
    const payload = decodeJson(text.slice(headerEnd + 1, payloadEnd));
    if (!isObject(payload) || isTutorialToken(payload)) return sigEnd;
    hits.push(tokenHit(start, sigEnd, 'JSON Web Token'));
    return sigEnd;
  });
  return finishHits(hits);
}

export default defineSecretRule({
  class: 'hardcoded-secret',
  name: 'jwt',
  confidence: 'medium',
  message: 'A signed JSON Web Token (a bearer credential) is written in the code.',
  remediation:
    'A JWT is a bearer credential until it expires: revoke the session or refresh token it belongs to (or rotate the signing key ' +
    'if it never expires), and obtain tokens at run time from the identity provider instead of pasting them into code, tests ' +
    `or configuration. Use short expiries. ${ROTATE_AND_MOVE}`,
  references: ['https://datatracker.ietf.org/doc/html/rfc7519', 'https://cheatsheetseries.owasp.org/cheatsheets/JSON_Web_Token_for_Java_Cheat_Sheet.html'],
  detect,
});
