import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'insecure-temp-file',
  confidence: 'high',
  cwe: ['CWE-377'],
  languages: ['c', 'cpp'],
  message: 'This creates a temporary file name that another process can guess and create first (a symlink race)',
  remediation: 'Create and open the file in one step: `mkstemp()` (or `tmpfile()`), and use the returned descriptor; never open a name produced by tmpnam/tempnam/mktemp.',
  references: ['https://cwe.mitre.org/data/definitions/377.html', 'https://wiki.sei.cmu.edu/confluence/display/c/FIO21-C.+Do+not+create+temporary+files+in+shared+directories'],
  matcher: { kind: 'call', callee: ['tmpnam', 'tmpnam_r', 'tempnam', '_tempnam', '_wtempnam', '_wtmpnam', 'mktemp', '_mktemp', '_wmktemp', 'std.tmpnam'] },
});
