import { defineRule } from '../../rule.ts';
import { confined } from '../../lang/go/sinks/path.ts';

export default defineRule({
  class: 'path-traversal',
  confidence: 'high',
  cwe: ['CWE-22'],
  languages: ['go'],
  remediation:
    'Reduce the name to its last element with `filepath.Base`, or resolve it and check containment: `p := filepath.Join(base, name); if rel, err := filepath.Rel(base, p); err != nil || strings.HasPrefix(rel, "..") { reject }` (Go 1.20+: `filepath.IsLocal(name)`; Go 1.24+: `os.Root`). For archives, reject entry names that are absolute or contain `..` before joining them to the destination (Zip Slip).',
  references: [
    'https://cwe.mitre.org/data/definitions/22.html',
    'https://go.dev/blog/osroot',
    'https://security.snyk.io/research/zip-slip-vulnerability',
    'https://owasp.org/www-community/attacks/Path_Traversal',
  ],
  matcher: {
    kind: 'taint',
    // The sinks are data: models/go/*.ts, with the named checks of lang/go/heuristics.ts.
    sinks: [],
    params: 'built',
    local: 'never',
    // A parameter only counts when it is appended to a directory (`"/srv/files/" + name`), not when a suffix is added to it.
    // A path that went through a confining function of the file is checked.
    check: (taint, _ctx, at) => (taint.strength !== 'param' || /[\\/]/.test(taint.text)) && !confined(at),
  },
});
