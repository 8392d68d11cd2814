import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { isUploadName, urlLike } from '../../lang/php/helpers.ts';

const FILE_FUNCTIONS = [
  'file_get_contents',
  'file_put_contents',
  'fopen',
  'file',
  'readfile',
  'unlink',
  'rmdir',
  'mkdir',
  'opendir',
  'scandir',
  'dir',
  'glob',
  'touch',
  'chmod',
  'chown',
  'chgrp',
  'parse_ini_file',
  'highlight_file',
  'show_source',
  'readgzfile',
  'gzopen',
  'gzfile',
  'bzopen',
  'lchown',
  'SplFileObject',
  'DirectoryIterator',
  'RecursiveDirectoryIterator',
  'FilesystemIterator',
  'BinaryFileResponse',
];

/**
 * `file_get_contents($url)` / `fopen($url)` on a URL is SSRF (its own rule), not path traversal; and
 * an upload's client file name cannot traverse (PHP strips its directories) — unrestricted upload
 * is its own rule.
 */
function pathLike(taint: Taint, arg: SyntaxNode, ctx: MatchContext): boolean {
  return !isUploadName(taint) && !urlLike(taint, arg, ctx);
}

export default defineRule({
  class: 'path-traversal',
  confidence: 'high',
  cwe: ['CWE-22'],
  languages: ['php'],
  remediation:
    'Do not build file paths from request data. Keep only the file name (`basename($name)`), resolve it with `realpath()` and check that the result starts with the intended base directory (`str_starts_with($real, $base . DIRECTORY_SEPARATOR)`), or map ids to files through an allow-list.',
  references: ['https://cwe.mitre.org/data/definitions/22.html', 'https://owasp.org/www-community/attacks/Path_Traversal', 'https://www.php.net/manual/en/function.realpath.php'],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: FILE_FUNCTIONS, args: [0] },
      { callee: ['copy', 'rename', 'symlink', 'link'], args: [0, 1] },
      { callee: ['move_uploaded_file'], args: [1] },
      // Laravel / Symfony file helpers.
      {
        callee: [
          'Storage.{get,put,download,delete,readStream,writeStream,path,copy,move,prepend,append,response}',
          'Storage.disk().{get,put,download,delete,readStream,writeStream,path,copy,move,prepend,append,response}',
          'File.{get,put,delete,copy,move,append,prepend,lines}',
        ],
        args: [0],
      },
      { callee: ['response().{download,file}', 'Response.download', '$this.file'], args: [0] },
    ],
    params: 'never',
    local: 'never',
    check: (taint, ctx, at) => pathLike(taint, at, ctx),
  },
});
