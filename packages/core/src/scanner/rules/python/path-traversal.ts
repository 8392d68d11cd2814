import { defineRule } from '../../rule.ts';
import { onlyExtension } from '../../lang/python/checks.ts';
import { isCeleryTaskDecorator } from '../../lang/python/text.ts';

/** Sinks of this class are in the models (models/python/*.ts); this part carries its policy and Python remediation. */
export default defineRule({
  class: 'path-traversal',
  confidence: 'high',
  cwe: ['CWE-22'],
  languages: ['python'],
  remediation:
    'Serve files with `send_from_directory(directory, name)` / `werkzeug.utils.safe_join()`, reduce names with `secure_filename()` or `os.path.basename()`, or resolve the path and check it stays inside the base directory (`p = (BASE / name).resolve(); if not p.is_relative_to(BASE): abort(404)`).',
  references: [
    'https://cwe.mitre.org/data/definitions/22.html',
    'https://owasp.org/www-community/attacks/Path_Traversal',
    'https://flask.palletsprojects.com/en/stable/api/#flask.send_from_directory',
    'https://werkzeug.palletsprojects.com/en/stable/utils/#werkzeug.utils.secure_filename',
  ],
  matcher: {
    kind: 'taint',
    sinks: [],
    local: 'never',
    params: 'never',
    // A Celery task's path argument is nearly always one the application wrote itself (a report, an upload it stored).
    check: (taint) => !onlyExtension(taint) && !(taint.param && taint.param.fn.decorators.some(isCeleryTaskDecorator)),
  },
});
