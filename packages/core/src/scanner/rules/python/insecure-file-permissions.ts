import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** The numeric value of a mode argument: `0o777`, `0777`, `0x1ff`, `511`, `stat.S_IRWXO | …` (the write bits named). */
function modeBits(node: { text: string; type: string } | null): number | null {
  if (!node) return null;
  const raw = node.text.trim();
  const t = /^\d/.test(raw) ? raw.replace(/_/g, '') : raw;
  if (/^0[oO][0-7]+$/.test(t)) return parseInt(t.slice(2), 8);
  if (/^0[xX][0-9a-fA-F]+$/.test(t)) return parseInt(t.slice(2), 16);
  if (/^0[0-7]+$/.test(t)) return parseInt(t.slice(1), 8);
  if (/^\d+$/.test(t)) return parseInt(t, 10);
  let bits = 0;
  if (/\bS_IWOTH\b|\bS_IRWXO\b/.test(t)) bits |= 0o002;
  if (/\bS_IWGRP\b|\bS_IRWXG\b/.test(t)) bits |= 0o020;
  return bits === 0 ? null : bits;
}

/** `os.chmod(path, 0o777)`: any user on the machine may write (or, for keys, read) the file. */
function worldWritable(call: CallView, ctx: MatchContext): Verdict {
  // os.chmod(path, mode) / Path(p).chmod(mode)
  const at = /^os\./.test(ctx.pathText(call.callee ?? call.node) ?? '') ? 1 : 0;
  const mode = call.args.find((a) => a.index === at || a.name === 'mode')?.node ?? null;
  const bits = modeBits(mode);
  if (bits === null) return false;
  if (bits & 0o002) return { message: `Mode ${mode?.text} makes the file writable by every user on the system` };
  // Group-writable: every account in the file's group may change it (a shared group like `users` or `www-data`
  // is common), a smaller exposure than world-writable, so a lower confidence.
  if (bits & 0o020) return { message: `Mode ${mode?.text} makes the file writable by every member of its group`, confidence: 'medium' };
  return false;
}

export default defineRule({
  class: 'insecure-file-permissions',
  confidence: 'high',
  cwe: ['CWE-732'],
  languages: ['python'],
  message: 'A file or directory is made writable by every user on the system',
  remediation:
    'Grant the least access needed: `os.chmod(path, 0o600)` for secrets, `0o644` / `0o755` for shared files and directories; set a restrictive `umask` before creating files.',
  references: ['https://cwe.mitre.org/data/definitions/732.html', 'https://docs.python.org/3/library/os.html#os.chmod'],
  matcher: { kind: 'call', callee: ['os.chmod', 'os.fchmod', 'os.lchmod', '*.chmod'], where: worldWritable },
});
