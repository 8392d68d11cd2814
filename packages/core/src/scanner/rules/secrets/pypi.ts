import type { SecretHit } from '../../rule.ts';
import { TOKEN, charIn, eachLiteral, finishHits, runEnd, tokenHit } from '../../secrets/detect.ts';
import { defineSecretRule, ROTATE_AND_MOVE } from '../../secrets/define.ts';

// API tokens are macaroons: `pypi-` + base64url of a binary macaroon whose location is the index.
// `AgEIcHlwaS5vcmc` encodes the location `pypi.org`, `AgENdGVzdC5weXBpLm9yZw` `test.pypi.org`.
const TOKEN_PREFIX = 'pypi-Ag';
const PYPI = 'pypi-AgEIcHlwaS5vcmc';
const TEST_PYPI = 'pypi-AgENdGVzdC5weXBpLm9yZw';

function detect(text: string): SecretHit[] {
  const hits: SecretHit[] = [];
  eachLiteral(text, TOKEN_PREFIX, (start) => {
    const end = runEnd(text, start + 7, TOKEN, 1201);
    // A later prefix inside this run follows a token character and would be refused: resume after it.
    if (end - start - 7 < 60 || charIn(text, start - 1, TOKEN) || charIn(text, end, TOKEN)) return end;
    const prod = text.startsWith(PYPI, start);
    if (!prod && !text.startsWith(TEST_PYPI, start)) return;
    hits.push(tokenHit(start, end, prod ? 'PyPI API token' : 'TestPyPI API token'));
    return end;
  });
  return finishHits(hits);
}

export default defineSecretRule({
  class: 'hardcoded-secret',
  name: 'pypi',
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
