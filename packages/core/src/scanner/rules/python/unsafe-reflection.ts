import { defineRule } from '../../rule.ts';

/** Sinks of this class are in the models (models/python/*.ts); this part carries its policy and Python remediation. */
export default defineRule({
  class: 'unsafe-reflection',
  confidence: 'medium',
  cwe: ['CWE-470'],
  languages: ['python'],
  remediation:
    'Map the allowed names to modules or functions explicitly (`PLUGINS = {"csv": csv_export, "pdf": pdf_export}; PLUGINS[name]`) or check the name against an allow-list before `importlib.import_module()` / `getattr()`.',
  references: [
    'https://cwe.mitre.org/data/definitions/470.html',
    'https://docs.python.org/3/library/importlib.html#importlib.import_module',
    'https://cheatsheetseries.owasp.org/cheatsheets/Injection_Prevention_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [],
    local: 'never',
    params: 'never',
  },
});
