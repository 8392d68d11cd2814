import { defineRule, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';

/**
 * Whether the path is an uploaded file's server-side temporary file (`params[:file].path`,
 * `upload.tempfile.path`, `params[:doc][:tempfile]`): Rack names it, not the client.
 */
function uploadTempfile(taint: Taint, at: SyntaxNode): boolean {
  const label = taint.label;
  const text = at.text;
  const tail = (s: string, end: string): boolean => s.endsWith(end);
  if (label.startsWith('params') && (tail(label, '.path') || tail(label, '.tempfile') || tail(label, '.to_path'))) return true;
  return tail(text, '.tempfile.path') || tail(text, '.tempfile') || tail(text, '[:tempfile].path') || tail(text, '[:tempfile]') || tail(text, '["tempfile"]');
}

export default defineRule({
  class: 'path-traversal',
  confidence: 'high',
  cwe: ['CWE-22'],
  languages: ['ruby'],
  remediation:
    'Reduce the input to a file name with `File.basename` (or `ActiveStorage::Filename#sanitized`), resolve it with `File.expand_path(name, BASE_DIR)` and check the result `start_with?(BASE_DIR + "/")`, or look the file up by id in a table of allowed files.',
  references: [
    'https://cwe.mitre.org/data/definitions/22.html',
    'https://guides.rubyonrails.org/security.html#file-uploads',
    'https://owasp.org/www-community/attacks/Path_Traversal',
  ],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (stdlib, rails, rack, rubyzip, roo).
    sinks: [],
    local: 'never',
    params: 'never',
    check: (taint, _ctx, at) => !uploadTempfile(taint, at),
  },
});
