import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'command-injection',
  confidence: 'high',
  cwe: ['CWE-78'],
  languages: ['java'],
  remediation:
    'Run a fixed program with an argument vector and no shell (`new ProcessBuilder("ping", "-c", "1", host)`), validate the value against an allow-list or a strict pattern first, and never pass untrusted text to `sh -c`/`cmd /c` or as a single `Runtime.exec(String)` command line.',
  references: [
    'https://cwe.mitre.org/data/definitions/78.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/OS_Command_Injection_Defense_Cheat_Sheet.html',
    'https://docs.oracle.com/en/java/javase/21/docs/api/java.base/java/lang/ProcessBuilder.html',
  ],
  matcher: {
    kind: 'taint',
    // Sinks: the jdk, commons-exec models (models/java).
    sinks: [],
    params: 'built',
  },
});
