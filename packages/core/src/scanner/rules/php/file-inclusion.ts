import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'file-inclusion',
  confidence: 'high',
  languages: ['php'],
  remediation:
    "Never build `include`/`require` paths from request data. Map the request value to a fixed file through an allow-list (`$pages = ['home' => 'home.php']; include __DIR__ . '/pages/' . ($pages[$p] ?? '404.php');`), or at least strip directories with `basename()` and check the result with `in_array($page, $allowed, true)`.",
  references: [
    'https://cwe.mitre.org/data/definitions/98.html',
    'https://owasp.org/www-project-web-security-testing-guide/v42/4-Web_Application_Security_Testing/07-Input_Validation_Testing/11.1-Testing_for_Local_File_Inclusion',
    'https://www.php.net/manual/en/function.include.php',
  ],
  matcher: {
    kind: 'taint',
    // Sinks are in the stdlib model (include, require and their _once forms).
    sinks: [],
    params: 'never',
    local: 'never',
  },
});
