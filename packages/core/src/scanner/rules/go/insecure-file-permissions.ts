import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';

/** Position of the permission argument of each call. */
const MODE_ARG: Record<string, number> = {
  'os.WriteFile': 2,
  'ioutil.WriteFile': 2,
  'os.OpenFile': 2,
  'os.Chmod': 1,
  'os.Mkdir': 1,
  'os.MkdirAll': 1,
};

/** The numeric value of a permission literal (`0o777`, `0777`, `0666`, `os.ModePerm`), or null. */
function modeValue(text: string): number | null {
  const t = text.trim();
  if (/^(?:os\.|fs\.)ModePerm$/.test(t)) return 0o777;
  const m = /^0[oO]?([0-7]{3,4})$/.exec(t);
  return m ? parseInt(m[1] as string, 8) : null;
}

function worldWritable(call: CallView, ctx: MatchContext) {
  const path = (ctx.path(call.callee ?? call.node) ?? []).join('.');
  const index = MODE_ARG[path];
  if (index === undefined) return false;
  const arg = ctx.arg(call, index);
  if (!arg) return false;
  // `os.ModePerm` on a new directory is the idiom that defers to the umask; an explicit literal or a chmod is not.
  if (/ModePerm$/.test(arg.text.trim()) && path !== 'os.Chmod') return false;
  const mode = modeValue(arg.text);
  if (mode === null || (mode & 0o002) === 0) return false;
  return { message: `${path} uses mode ${arg.text.trim()}, which lets every local user modify the ${/Mkdir/.test(path) ? 'directory' : 'file'}` };
}

export default defineRule({
  class: 'insecure-file-permissions',
  confidence: 'high',
  languages: ['go'],
  message: 'A file or directory is created world-writable',
  remediation: 'Use the narrowest mode that works: `0o600` for secrets and private files, `0o644` for readable files, `0o750`/`0o755` for directories.',
  references: ['https://cwe.mitre.org/data/definitions/732.html', 'https://pkg.go.dev/io/fs#FileMode'],
  matcher: { kind: 'call', callee: ['os.{WriteFile,OpenFile,Chmod,Mkdir,MkdirAll}', 'ioutil.WriteFile'], where: worldWritable },
});
