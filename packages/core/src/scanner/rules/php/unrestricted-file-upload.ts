import { defineRule } from '../../rule.ts';
import { checksUploadType, isUploadName } from '../../lang/php/helpers.ts';

export default defineRule({
  class: 'unrestricted-file-upload',
  confidence: 'medium',
  languages: ['php'],
  remediation:
    "Check the extension against an allow-list (`in_array(strtolower(pathinfo($name, PATHINFO_EXTENSION)), ['jpg', 'png'], true)`) and the content type (`finfo_file`), store the file under a generated name (`bin2hex(random_bytes(16)) . '.' . $ext`) outside the web root, and serve it without executing it. In Laravel use `$request->validate(['file' => 'mimes:jpg,png'])` and `->store()`.",
  references: ['https://cwe.mitre.org/data/definitions/434.html', 'https://cheatsheetseries.owasp.org/cheatsheets/File_Upload_Cheat_Sheet.html'],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (stdlib move_uploaded_file, laravel). Not the path class: basename() keeps the client's extension.
    sinks: [],
    params: 'never',
    local: 'never',
    check: (taint, ctx, at) => isUploadName(taint) && !checksUploadType(ctx, at),
  },
});
