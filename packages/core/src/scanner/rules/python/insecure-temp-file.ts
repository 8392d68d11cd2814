import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'insecure-temp-file',
  confidence: 'high',
  cwe: ['CWE-377'],
  languages: ['python'],
  message: '`tempfile.mktemp()` returns a name that another process can create first (a race to a symlink or a planted file)',
  remediation: 'Create the file atomically: `tempfile.NamedTemporaryFile(delete=False)`, `tempfile.mkstemp()` (returns an open descriptor) or `tempfile.TemporaryDirectory()`.',
  references: ['https://cwe.mitre.org/data/definitions/377.html', 'https://docs.python.org/3/library/tempfile.html#tempfile.mktemp'],
  matcher: { kind: 'call', callee: ['tempfile.mktemp', 'os.tempnam', 'os.tmpnam'], where: () => true },
});
