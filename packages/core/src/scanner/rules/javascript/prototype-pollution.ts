import { defineRule } from '../../rule.ts';

/** Sinks: models/javascript (lodash, deep-merge libraries, jquery `extend(true, …)`, builtins `Object.assign` and nested computed keys). */
export default defineRule({
  class: 'prototype-pollution',
  confidence: 'high',
  cwe: ['CWE-1321'],
  languages: ['javascript', 'typescript'],
  remediation:
    'Do not deep-merge or set paths from request objects: validate the body with a schema and copy known fields, reject `__proto__`, `constructor` and `prototype` keys, merge into `Object.create(null)` objects or `Map`s, and keep lodash up to date (≥ 4.17.21).',
  references: [
    'https://cwe.mitre.org/data/definitions/1321.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Prototype_Pollution_Prevention_Cheat_Sheet.html',
    'https://github.com/HoLyVieR/prototype-pollution-nsec18',
  ],
  matcher: { kind: 'taint', sinks: [], params: 'never', local: 'never' },
});
