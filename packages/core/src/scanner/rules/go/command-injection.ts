import { defineRule } from '../../rule.ts';
import { fromEnvironment } from '../../lang/go/util.ts';

export default defineRule({
  class: 'command-injection',
  confidence: 'high',
  cwe: ['CWE-78'],
  languages: ['go'],
  remediation:
    'Run a fixed program with an argument vector and no shell: `exec.CommandContext(ctx, "ping", "-c", "1", host)`, after validating the value against an allow-list or a strict pattern. Never pass request data as the program or as the script of `sh -c`; if a shell is unavoidable, pass the value as a positional parameter (`exec.Command("sh", "-c", `grep -- "$1" file`, "sh", value)`).',
  references: [
    'https://cwe.mitre.org/data/definitions/78.html',
    'https://pkg.go.dev/os/exec',
    'https://cheatsheetseries.owasp.org/cheatsheets/OS_Command_Injection_Defense_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    // The sinks are data: models/go/*.ts, with the named checks of lang/go/heuristics.ts.
    sinks: [],
    params: 'built',
    local: 'built',
    check: (taint) => !fromEnvironment(taint),
  },
});
