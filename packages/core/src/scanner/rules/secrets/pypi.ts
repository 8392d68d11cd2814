import type { SecretHit } from '../../rule.ts';
import { TOKEN, charIn, eachMatch, finishHits, tokenHit } from '../../secrets/detect.ts';
import { defineSecretRule, ROTATE_AND_MOVE } from '../../secrets/define.ts';

// API tokens are macaroons: `pypi-` + base64url of a binary macaroon whose location is the index.
// `AgEIcHlwaS5vcmc` encodes the location `pypi.org`, `AgENdGVzdC5weXBpLm9yZw` `test.pypi.org`.
const TOKEN_RE = /pypi-Ag[A-Za-z0-9_-]{60,1200}/g;
const PYPI = 'pypi-AgEIcHlwaS5vcmc';
const TEST_PYPI = 'pypi-AgENdGVzdC5weXBpLm9yZw';

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  eachMatch(text, TOKEN_RE, (m) => {
    const start = m.index;
    const end = start + m[0].length;
    if (charIn(text, start - 1, TOKEN) || charIn(text, end, TOKEN)) return;
    const prod = m[0].startsWith(PYPI);
    if (!prod && !m[0].startsWith(TEST_PYPI)) return;
    hits.push(tokenHit(start, end, prod ? 'PyPI API token' : 'TestPyPI API token'));
  });
  return finishHits(hits);
}

export default defineSecretRule({
  id: 'secrets.pypi',
  title: 'PyPI API token in the code',
  severity: 'critical',
  confidence: 'high',
  message: 'A PyPI upload token is written in the code.',
  remediation:
    'Remove the token on PyPI (Account settings → API tokens) and check the release history of the projects it could upload to. ' +
    'Publish from CI with trusted publishing (OIDC) instead of long-lived tokens; otherwise scope the token to one project and ' +
    `pass it as \`TWINE_PASSWORD\` / \`UV_PUBLISH_TOKEN\` from the CI secret store. ${ROTATE_AND_MOVE}`,
  references: ['https://pypi.org/help/#apitoken', 'https://docs.pypi.org/trusted-publishers/'],
  detect,
});
