import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'buffer-overflow',
  confidence: 'high',
  cwe: ['CWE-242', 'CWE-120', 'CWE-787'],
  languages: ['c', 'cpp'],
  message: 'gets() writes a whole input line into the buffer whatever its size: any longer line overflows it',
  remediation: 'Use `fgets(buf, sizeof buf, stdin)` (and strip the newline), or `getline()` for lines of any length. gets() was removed from C11.',
  references: ['https://cwe.mitre.org/data/definitions/242.html', 'https://wiki.sei.cmu.edu/confluence/display/c/MSC24-C.+Do+not+use+deprecated+or+obsolescent+functions'],
  matcher: { kind: 'call', callee: ['gets', '_getws', 'getws', 'std.gets', '_getts'] },
});
