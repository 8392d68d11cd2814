import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { literalPrefix } from '../../lang/python/predicates.ts';

/**
 * `getattr(obj, name)` with a name from the request reaches any attribute of the object
 * (`getattr(os, request.args["fn"])`). A fixed prefix (`getattr(self, f"handle_{action}")`)
 * confines the lookup to the handlers the class defines: a dispatch table, not reported.
 */
function freeAttribute(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (call.name !== 'getattr') return true;
  const name = call.args.find((a) => a.index === 1)?.node ?? null;
  if (!name) return false;
  const prefix = literalPrefix(name, ctx);
  return !(prefix !== null && prefix.length > 0) && !(taint.built && taint.text.length > 0);
}

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
    sinks: [
      { callee: ['importlib.import_module', '__import__', 'builtins.__import__', 'importlib.__import__', 'pydoc.locate', 'django.utils.module_loading.import_string', 'import_string', 'werkzeug.utils.import_string'], args: [0], keywords: ['name', 'dotted_path', 'import_name'] },
      { callee: ['getattr'], args: [1], where: freeAttribute },
    ],
    local: 'never',
    params: 'never',
  },
});
