import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { ARCHIVE_READER, urlLike } from '../../lang/ruby/predicates.ts';

/** Whether a taint starts at the block parameter of an archive reader (`Zip::File.open(f) do |zip|`). */
function fromArchive(taint: Taint): boolean {
  let n: SyntaxNode | null = taint.source;
  for (let i = 0; i < 6 && n; i++, n = n.parent) {
    if (n.type === 'call') return ARCHIVE_READER.test(n.child('receiver')?.text ?? '');
  }
  return false;
}

const MKDIRS = new Set(['mkdir', 'mkdir_p', 'makedirs', 'mkpath']);

/** Directories made while extracting an archive are reported on the file written (Zip Slip), not on every `mkdir_p`. */
function notArchiveDirectory(call: CallView, _ctx: MatchContext, taint: Taint): boolean {
  return !(MKDIRS.has(call.name) && fromArchive(taint));
}

/** `render x` / `render file: x`: a dynamic template or file path (`render @user` renders a partial for a record). */
function renderPath(call: CallView, ctx: MatchContext, _taint: Taint): boolean {
  const first = call.args.find((a) => a.index === 0)?.node;
  if (first && ctx.taint(first)) return first.type !== 'hash' && (urlLike(first, ctx) || first.type === 'element_reference' || first.type === 'string');
  return true;
}

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
    sinks: [
      {
        callee: [
          'File.{read,open,new,readlines,binread,write,binwrite,foreach,delete,unlink,readlink,truncate,chmod,chown,lchmod,lchown,utime,mkfifo,lines,each_line,copy_stream,realpath}',
          'IO.{read,readlines,binread,write,binwrite,foreach,sysopen,copy_stream}',
          'Dir.{glob,[],entries,children,each_child,foreach,mkdir,rmdir,delete,unlink,open,new,chdir,empty?}',
          'YAML.{load_file,safe_load_file,unsafe_load_file}', 'Psych.{load_file,safe_load_file}', 'JSON.load_file', 'CSV.{read,open,foreach,readlines,table}',
          'Zip.File.{open,new}', 'Roo.Spreadsheet.open', 'Kernel.load', 'Tempfile.open', 'ERB.new().result_file',
          'send_file', '*.send_file', 'Rack.File.new', 'Rack.Files.new',
          'Pathname.new().{read,binread,write,binwrite,open,readlines,delete,unlink,rmtree,each_line,children,entries,opendir,mkpath,rename}',
          'Rails.root().join().{read,binread,write,binwrite,open,readlines,delete,unlink,rmtree,each_line,children}',
          'Rails.root.join().{read,binread,write,binwrite,open,readlines,delete,unlink,rmtree,each_line,children}',
        ],
      },
      { callee: ['File.{rename,symlink,link}', 'FileUtils.{rm,rm_r,rm_rf,rm_f,rmtree,remove,remove_file,remove_dir,remove_entry,remove_entry_secure,cp,cp_r,copy,copy_file,copy_entry,mv,move,ln,ln_s,ln_sf,link,symlink,mkdir,mkdir_p,makedirs,mkpath,rmdir,touch,chmod,chmod_R,chown,chown_R,install,compare_file,identical?,uptodate?}'], args: [0, 1], where: notArchiveDirectory },
      { callee: ['*.send_file', 'send_file'], args: [0], label: 'send_file' },
      { callee: ['render', 'render_to_string'], args: [0], keywords: ['file', 'template', 'partial'], where: renderPath, label: 'render (dynamic template path)' },
      { callee: ['*.extract'], args: [0], where: (call, ctx) => /entry|zip|tar/i.test(ctx.pathText(call.receiver ?? call.node) ?? ''), label: 'an archive entry extraction' },
    ],
    local: 'never',
    params: 'never',
    check: (taint, _ctx, at) => !uploadTempfile(taint, at),
  },
});
