import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'unsafe-memory-operation',
  confidence: 'low',
  languages: ['go'],
  message: "Package unsafe steps around Go's type and memory safety: a wrong size, offset or lifetime here corrupts memory instead of panicking",
  remediation:
    'Use `unsafe` only where a measured need exists, keep each use in one small reviewed function, and follow the rules in the `unsafe.Pointer` documentation (conversions in one expression, no pointer arithmetic beyond the object).',
  references: ['https://cwe.mitre.org/data/definitions/242.html', 'https://pkg.go.dev/unsafe#Pointer'],
  matcher: { kind: 'call', callee: 'unsafe.{Pointer,Add,Slice,SliceData,String,StringData}' },
});
