import { defineRule } from '../../rule.ts';
import { operatorChosen } from '../../lang/java/checks/origin.ts';

export default defineRule({
  class: 'path-traversal',
  confidence: 'high',
  cwe: ['CWE-22'],
  languages: ['java'],
  remediation:
    'Keep only the file name (`FilenameUtils.getName(x)`, `Paths.get(x).getFileName()`), or resolve against a base directory and verify the result stays inside it: `Path p = base.resolve(x).normalize(); if (!p.startsWith(base)) throw …`. Prefer looking files up by an id instead of by a client-supplied name.',
  references: [
    'https://cwe.mitre.org/data/definitions/22.html',
    'https://owasp.org/www-community/attacks/Path_Traversal',
    'https://cheatsheetseries.owasp.org/cheatsheets/File_Upload_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    // Sinks: the jdk, servlet, commons-io, spring-core models (models/java).
    sinks: [],
    params: 'never',
    local: 'low',
    // A directory the operator configured, or a path given on the command line, is where the program is meant to work.
    check: (taint) => !operatorChosen(taint),
  },
});
