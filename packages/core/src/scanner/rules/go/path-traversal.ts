import { defineRule } from '../../rule.ts';
import { confined } from '../../lang/go/sinks/path.ts';
import { directFromEnvironment } from '../../lang/go/util.ts';

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
    // A path from the environment is usually the operator's choice, but environments are also filled by whoever starts
    // the process for someone else (CGI request headers, CI job data): low confidence. The command line and standard
    // input are the invoking user's own choice, which a CLI reading the files it is told to read is for.
    local: 'low',
    // A parameter only counts when it is appended to a directory (`"/srv/files/" + name`), not when a suffix is added to it.
    // A path that went through a confining function of the file is checked.
    check: (taint, _ctx, at) => (taint.strength !== 'param' || /[\\/]/.test(taint.text)) && (taint.strength !== 'local' || directFromEnvironment(taint)) && !confined(at),
  },
});
