import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { checkedBefore, originCall, resolve, validatingHelper } from '../../lang/python/predicates.ts';
import { isCeleryTaskDecorator } from '../../lang/python/text.ts';

/** Containment checks written on a resolved path (`os.path.realpath(p).startswith(BASE)`, `p.resolve().is_relative_to(root)`). */
const CONTAINMENT = /\b(?:startswith|is_relative_to|relative_to|commonpath|commonprefix|is_safe_path|safe_join|is_within\w*|within_directory|is_subpath|is_inside|is_under)\b/;

/** Tainted names inside a path expression (`os.path.join(BASE, name)` → `name`). */
function taintedNames(node: SyntaxNode, ctx: MatchContext, out: SyntaxNode[] = [], depth = 0): SyntaxNode[] {
  if (depth > 12 || out.length > 8) return out;
  if (node.type === 'identifier') {
    if (ctx.taint(node)) out.push(node);
    return out;
  }
  if (node.type === 'string' && !node.children.some((c) => c.type === 'interpolation')) return out;
  for (const c of node.children) if (c.named && c.type !== 'keyword_argument') taintedNames(c, ctx, out, depth + 1);
  return out;
}

/**
 * A file's extension or stem cannot climb out of a directory: `Path(upload.filename).suffix`,
 * `os.path.splitext(name)[1]`, `Path(name).stem` keep only part of the last component (no separator).
 */
function onlyExtension(taint: Taint): boolean {
  for (const step of taint.steps) {
    const node = step.node.type === 'assignment' ? step.node : step.node.parent?.type === 'assignment' ? step.node.parent : null;
    const right = node?.child('right');
    if (!right) continue;
    if (extensionOf(right)) return true;
  }
  return false;
}

function extensionOf(node: SyntaxNode, depth = 0): boolean {
  if (depth > 6) return false;
  switch (node.type) {
    case 'attribute': {
      const attr = node.child('attribute')?.text ?? '';
      if ((attr === 'suffix' || attr === 'stem' || attr === 'suffixes') && /\b(?:Path|PurePath|PurePosixPath|PureWindowsPath)\s{0,4}\(/.test(node.child('object')?.text ?? '')) return true;
      return false;
    }
    case 'subscript': {
      // os.path.splitext(name)[1] / name.rsplit(".", 1)[-1]
      const value = node.child('value');
      const index = node.child('subscript')?.text ?? '';
      if (value?.type === 'call' && /(?:^|\.)splitext$/.test(value.child('function')?.text ?? '') && /^(?:1|-1)$/.test(index)) return true;
      return value ? extensionOf(value, depth + 1) : false;
    }
    case 'call': {
      // .lower() / .strip(".") / [:10] on the extension
      const fn = node.child('function');
      if (fn?.type === 'attribute' && /^(?:lower|upper|strip|lstrip|rstrip|casefold)$/.test(fn.child('attribute')?.text ?? '')) return extensionOf(fn.child('object') as SyntaxNode, depth + 1);
      return false;
    }
    case 'parenthesized_expression':
      return node.namedChildren[0] ? extensionOf(node.namedChildren[0], depth + 1) : false;
    default:
      return false;
  }
}

/** Not reported when the path, or the names it is built from, passed a containment check before. */
function unchecked(call: CallView, ctx: MatchContext): boolean {
  const args = call.receiver && !call.args.some((a) => a.index === 0) ? [call.receiver] : call.args.filter((a) => a.index >= 0).map((a) => a.node);
  const derive = /\b(?:realpath|abspath|resolve|normpath|join|joinpath|Path|safe_join)\b|\//;
  for (const arg of args) {
    // `path = _resolve_inside(root, name)`: a same-file helper that checks containment before returning.
    if (validatingHelper(arg, ctx, CONTAINMENT, derive)) return false;
    for (const name of taintedNames(arg, ctx)) if (checkedBefore(call, name, ctx, CONTAINMENT, /\b(?:realpath|abspath|resolve|normpath|join|joinpath|Path|safe_join)\b|\//)) return false;
  }
  return true;
}

/** `p.open()` on a pathlib path (not `webbrowser.open`, `Image.open`, `zipfile.open`). */
function pathReceiver(call: CallView, ctx: MatchContext): boolean {
  const r = resolve(call.receiver);
  if (!r) return false;
  if (r.type === 'binary_operator' && r.child('operator')?.text === '/') return unchecked(call, ctx);
  const origin = originCall(r, ctx);
  const path = origin ? (ctx.pathText(origin.callee ?? origin.node) ?? '') : '';
  if (/(?:^|\.)(?:Path|PurePath|PosixPath|WindowsPath|joinpath|resolve|with_name|with_suffix|absolute)$/.test(path)) return unchecked(call, ctx);
  return false;
}

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
    sinks: [
      {
        callee: [
          'open', 'builtins.open', 'io.open', 'codecs.open', 'aiofiles.open', 'os.open', 'os.remove', 'os.unlink', 'os.rmdir', 'os.removedirs',
          'os.listdir', 'os.scandir', 'os.truncate', 'os.chmod', 'os.chown', 'shutil.rmtree', 'flask.send_file', 'quart.send_file', 'send_file',
          'starlette.responses.FileResponse', 'fastapi.responses.FileResponse', 'aiohttp.web.FileResponse', 'sanic.response.file',
          'sanic.response.file_stream', 'werkzeug.utils.send_file', 'fileinput.input',
        ],
        args: [0],
        keywords: ['file', 'path', 'filename', 'path_or_file', 'filename_or_fp', 'location'],
        where: unchecked,
      },
      { callee: ['os.rename', 'os.renames', 'os.replace', 'os.link', 'os.symlink', 'shutil.copy', 'shutil.copy2', 'shutil.copyfile', 'shutil.copytree', 'shutil.move'], args: [0, 1], keywords: ['src', 'dst'], where: unchecked },
      {
        callee: ['*.read_text', '*.read_bytes', '*.write_text', '*.write_bytes', '*.unlink', '*.rmdir', '*.touch', '*.iterdir', '*.open', '*.rename', '*.replace', '*.rglob', '*.glob'],
        args: [],
        receiver: true,
        where: pathReceiver,
        label: 'a pathlib.Path method',
      },
    ],
    // Entries of an uploaded or downloaded archive name files too (zip slip when extracted by hand).
    sources: ['*.namelist()', '*.getnames()', '*.infolist()', '*.getmembers()'],
    local: 'never',
    params: 'never',
    // A Celery task's path argument is nearly always one the application wrote itself (a report, an upload it stored).
    check: (taint) => !onlyExtension(taint) && !(taint.param && taint.param.fn.decorators.some(isCeleryTaskDecorator)),
  },
});
