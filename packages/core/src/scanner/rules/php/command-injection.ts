import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'command-injection',
  confidence: 'high',
  cwe: ['CWE-78'],
  languages: ['php'],
  remediation:
    "Avoid the shell: use a PHP API for the task, or run a fixed program with an argument vector (`proc_open(['ping', '-c', '1', $host], …)`, Symfony `new Process(['ping', $host])`). If a shell is unavoidable, quote every untrusted value with `escapeshellarg()` and validate it against an allow-list.",
  references: [
    'https://cwe.mitre.org/data/definitions/78.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/OS_Command_Injection_Defense_Cheat_Sheet.html',
    'https://www.php.net/manual/en/function.escapeshellarg.php',
  ],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (stdlib, symfony, phpseclib).
    sinks: [],
    params: 'built',
  },
});
