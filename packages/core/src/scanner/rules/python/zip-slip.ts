import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { keyword, originCall, receiverName } from '../../lang/python/predicates.ts';

/** Where a tar archive object comes from: `tarfile.open(...)`, `tarfile.TarFile(...)`, `with tarfile.open(...) as tar`. */
function isTarArchive(call: CallView, ctx: MatchContext): boolean {
  const origin = originCall(call.receiver, ctx);
  if (origin) return /^tarfile\.(?:open|TarFile|TarFile\.open|TarFile\.\w+open)$/.test(ctx.pathText(origin.callee ?? origin.node) ?? '');
  const name = receiverName(call, ctx) ?? '';
  return /^(?:tar|tarball|tf|tar_file|tarfile_obj|archive)$/i.test(name) && /\bimport tarfile\b|\bfrom tarfile import\b/.test(ctx.code);
}

/**
 * `tar.extractall(dest)` writes members wherever their names point (`../../etc/cron.d/x`, absolute
 * paths, symlinks) before Python 3.14 unless a filter is given. `filter="data"` / `"tar"` or a
 * callable, or a `members=` selection the code checked, make it safe. zipfile strips `..` and
 * absolute prefixes itself, so `ZipFile.extractall` is not reported.
 */
function unfilteredExtract(call: CallView, ctx: MatchContext): Verdict {
  if (!isTarArchive(call, ctx)) return false;
  // An archive the program ships with (`tarfile.open("assets/fonts.tar.gz")`) is trusted.
  const origin = originCall(call.receiver, ctx);
  const source = origin ? (origin.args.find((a) => a.index === 0 || a.name === 'name')?.node ?? null) : null;
  if (source && ctx.isConstant(source)) return false;
  const filter = keyword(call, 'filter');
  if (filter && !/^(?:None|["']fully_trusted["']|tarfile\.fully_trusted_filter|fully_trusted_filter)$/.test(filter.text)) return false;
  if (call.name === 'extractall' && (keyword(call, 'members') || call.args.some((a) => a.index === 1))) return false;
  // tar.extraction_filter = tarfile.data_filter set on the archive or the class.
  if (/\.extraction_filter\s{0,8}=|tarfile\.TarFile\.extraction_filter/.test(ctx.code)) return false;
  // The members were checked by name first (`if m.name.startswith('/') or '..' in m.name: raise`).
  const member = call.args.find((a) => a.index === 0)?.node;
  const ref = call.name === 'extract' && member ? `${member.text.replace(/[^\w.]/g, '')}.name` : '.name';
  const body = ctx.fn?.node.text ?? '';
  if (body.split('\n').some((line) => line.includes(ref) && /startswith|['"]\.\.['"]|isabs|realpath|abspath|commonpath|is_relative_to|issym|islnk/.test(line))) return false;
  return {
    message: `\`${call.node.text.slice(0, 60)}\` extracts a tar archive without a member filter: entries named \`../…\`, absolute paths or links can write outside the target directory`,
  };
}

export default defineRule({
  class: 'zip-slip',
  confidence: 'medium',
  languages: ['python'],
  message: 'A tar archive is extracted without checking where its members are written',
  remediation:
    'Pass an extraction filter: `tar.extractall(dest, filter="data")` (Python 3.12+, backported to 3.8.17+), or check every member (`os.path.realpath(os.path.join(dest, m.name)).startswith(os.path.realpath(dest) + os.sep)` and no links) and pass the checked list as `members=`.',
  references: ['https://cwe.mitre.org/data/definitions/22.html', 'https://docs.python.org/3/library/tarfile.html#extraction-filters', 'https://peps.python.org/pep-0706/'],
  matcher: { kind: 'call', callee: ['*.extractall', '*.extract'], where: unfilteredExtract },
});
