import { defineRule } from '../../rule.ts';
import { formattedAsNumbers } from '../../lang/c/analysis.ts';

export default defineRule({
  class: 'command-injection',
  confidence: 'high',
  cwe: ['CWE-78'],
  languages: ['c', 'cpp'],
  remediation:
    'Do not build shell command lines: run the program directly with `execv()`/`posix_spawn()` and an argument vector, or validate the value against an allow-list (digits only, a fixed set of names) before it is formatted into the command.',
  references: [
    'https://cwe.mitre.org/data/definitions/78.html',
    'https://wiki.sei.cmu.edu/confluence/pages/viewpage.action?pageId=87152177',
    'https://cheatsheetseries.owasp.org/cheatsheets/OS_Command_Injection_Defense_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    // Sinks: system/popen (libc, posix), the exec family (posix), CreateProcess/ShellExecute (winapi), g_spawn (glib).
    sinks: [],
    params: 'built',
    check: (_taint, ctx, at) => !formattedAsNumbers(ctx, at, at),
  },
});
