import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'command-injection',
  confidence: 'high',
  cwe: ['CWE-78'],
  languages: ['ruby'],
  remediation:
    'Pass the program and its arguments separately so no shell is involved (`system("convert", path, "out.png")`, `Open3.capture2("git", "log", ref)`), validate the value against an allow-list, or escape it with `Shellwords.escape` when a shell is unavoidable. Never pass untrusted paths to `Kernel#open`; use `File.open`.',
  references: [
    'https://cwe.mitre.org/data/definitions/78.html',
    'https://guides.rubyonrails.org/security.html#command-line-injection',
    'https://docs.ruby-lang.org/en/master/Kernel.html#method-i-system',
    'https://cheatsheetseries.owasp.org/cheatsheets/OS_Command_Injection_Defense_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (models/ruby/*.ts); this part gives the class its Ruby policy.
    sinks: [],
    local: 'built',
    params: 'built',
  },
});
