import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type Taint } from '../../rule.ts';
import { receiverFramework } from '../../lang/go/util.ts';

/** Entries of an archive being extracted (Zip Slip): reported on the file written, not on every directory made. */
function fromArchive(taint: Taint): boolean {
  return /^(?:zip|tar)\.(?:OpenReader|NewReader)\(/.test(taint.label) || taint.steps.some((s) => /\b(?:zip|tar)\.(?:OpenReader|NewReader)\(/.test(s.node.text));
}

function notArchiveDirectory(_call: CallView, _ctx: unknown, taint: Taint): boolean {
  return !fromArchive(taint);
}

function onFramework(...frameworks: string[]) {
  return (call: CallView): boolean => {
    const f = receiverFramework(call);
    return f !== null && frameworks.includes(f);
  };
}

export default defineRule({
  id: 'go.path-traversal',
  title: 'Path traversal',
  severity: 'high',
  confidence: 'high',
  cwe: ['CWE-22'],
  owasp: ['A01:2021'],
  languages: ['go'],
  message: 'Untrusted data from {source} is used as a file path by {sink}, so it can reach files outside the intended directory',
  remediation:
    'Reduce the name to its last element with `filepath.Base`, or resolve it and check containment: `p := filepath.Join(base, name); if rel, err := filepath.Rel(base, p); err != nil || strings.HasPrefix(rel, "..") { reject }` (Go 1.20+: `filepath.IsLocal(name)`; Go 1.24+: `os.Root`). For archives, reject entry names that are absolute or contain `..` before joining them to the destination (Zip Slip).',
  references: [
    'https://cwe.mitre.org/data/definitions/22.html',
    'https://go.dev/blog/osroot',
    'https://security.snyk.io/research/zip-slip-vulnerability',
    'https://owasp.org/www-community/attacks/Path_Traversal',
  ],
  matcher: {
    kind: 'taint',
    class: 'path',
    sinks: [
      { callee: 'os.{Open,OpenFile,ReadFile,WriteFile,Create,Remove,RemoveAll,ReadDir,Truncate,Chown,Lchown,DirFS}', args: [0] },
      { callee: 'os.{Mkdir,MkdirAll,Chmod,Chtimes}', args: [0], where: notArchiveDirectory },
      { callee: 'os.{Rename,Symlink,Link}', args: [0, 1] },
      { callee: 'ioutil.{ReadFile,WriteFile,ReadDir}', args: [0] },
      { callee: 'http.ServeFile', args: [2] },
      { callee: 'http.Dir', args: [0] },
      { callee: '*.{ParseFiles,ParseGlob}', args: 'all' },
      { callee: '*.{File,FileAttachment}', args: [0], where: onFramework('gin', 'echo') },
      { callee: '*.{Attachment,Inline}', args: [0], where: onFramework('echo') },
      { callee: '*.{SendFile,Download}', args: [0], where: onFramework('fiber') },
      { callee: '*.SaveUploadedFile', args: [1], where: onFramework('gin') },
      { callee: '*.SaveFile', args: [1], where: onFramework('fiber') },
    ],
    params: 'built',
    local: 'never',
    // A parameter only counts when it is appended to a directory (`"/srv/files/" + name`), not when a suffix is added to it.
    check: (taint) => taint.strength !== 'param' || /[\\/]/.test(taint.text),
  },
});
