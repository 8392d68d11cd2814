import type { CallView } from '../../engine/adapter.ts';
import { norm, positional, show } from '../../lang/c/analysis.ts';
import { callArgs, calledName, enclosingFunction, scopeDescendants } from '../../lang/c/syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** Path argument of a file operation. */
const PATH_ARG: Record<string, number> = {
  fopen: 0,
  open: 0,
  creat: 0,
  freopen: 0,
  chmod: 0,
  chown: 0,
  lchown: 0,
  unlink: 0,
  remove: 0,
  rename: 0,
  truncate: 0,
  execv: 0,
  execve: 0,
  execl: 0,
  openat: 1,
  _open: 0,
  _wfopen: 0,
};
/** Operations that modify the file: a stat() check before them is also a race. */
const MODIFIES = /^(?:creat|chmod|chown|lchown|unlink|remove|rename|truncate)$/;
/** Operations on the directory entry itself: they never follow a symlink in the last component. */
const NO_FOLLOW = /^(?:unlink|remove|lchown)$/;
const CHECKS: Record<string, number> = { access: 0, _access: 0, _waccess: 0, euidaccess: 0, eaccess: 0, faccessat: 1, stat: 0, lstat: 0, _stat: 0 };

function writes(call: CallView): boolean {
  if (MODIFIES.test(call.name)) return true;
  const args = positional(call);
  if (call.name === 'fopen' || call.name === 'freopen') return /[wa+]/.test(args[1]?.text ?? '');
  if (call.name === 'open' || call.name === 'openat') return /O_(?:WRONLY|RDWR|CREAT|TRUNC|APPEND)/.test(args.map((a) => a.text).join(' '));
  return false;
}

function toctou(call: CallView, _ctx: MatchContext): Verdict {
  const pos = PATH_ARG[call.name];
  if (pos === undefined) return false;
  const path = positional(call)[pos];
  if (!path) return false;
  const target = norm(path);
  if (/^"/.test(target)) return false;
  const fn = enclosingFunction(call.node);
  if (!fn) return false;
  for (const check of scopeDescendants(fn, ['call_expression'])) {
    if (check.start >= call.node.start) break;
    const name = calledName(check);
    const cpos = name ? CHECKS[name] : undefined;
    if (cpos === undefined || !name) continue;
    const arg = callArgs(check)[cpos];
    if (!arg || norm(arg) !== target) continue;
    if (name.includes('stat') && !writes(call)) continue;
    // lstat() then unlink()/remove(): neither follows a final symlink, so the entry removed is the one
    // looked at (or its replacement, which whoever can replace it could remove anyway).
    if (name === 'lstat' && NO_FOLLOW.test(call.name)) continue;
    // O_NOFOLLOW / O_EXCL open what was checked (or fail): no race to win.
    if (/O_NOFOLLOW|O_EXCL/.test(call.node.text)) return false;
    // Only the first use of the name after the check races with it.
    const earlier = scopeDescendants(fn, ['call_expression']).some((c) => {
      if (c.start <= check.end || c.start >= call.node.start) return false;
      const n = calledName(c);
      const p = n ? PATH_ARG[n] : undefined;
      const a = p !== undefined ? callArgs(c)[p] : undefined;
      return a !== undefined && norm(a) === target;
    });
    if (earlier) return false;
    return { message: `${show(path)} is checked with ${name}() on line ${check.location.startLine} and then opened by name: it can be replaced (e.g. by a symlink) in between` };
  }
  return false;
}

export default defineRule({
  class: 'toctou-race',
  confidence: 'medium',
  languages: ['c', 'cpp'],
  message: 'A file is checked by name and then used by name',
  remediation:
    'Open the file first and check the open descriptor (`fstat()`), use `O_NOFOLLOW`/`O_EXCL`, or drop privileges instead of calling access(); never rely on a name staying the same file.',
  references: ['https://cwe.mitre.org/data/definitions/367.html', 'https://wiki.sei.cmu.edu/confluence/display/c/FIO45-C.+Avoid+TOCTOU+race+conditions+while+accessing+files'],
  matcher: { kind: 'call', callee: Object.keys(PATH_ARG), where: toctou },
});
