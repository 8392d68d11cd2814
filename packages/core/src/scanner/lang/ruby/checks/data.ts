/** Named checks for files, archives and serialised data. */
import type { CallView } from '../../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../../rule.ts';
import type { SyntaxNode } from '../../../syntax.ts';
import { ARCHIVE_READER, keyword } from '../predicates.ts';

/** Whether a taint starts at the block parameter of an archive reader (`Zip::File.open(f) do |zip|`). */
function fromArchive(taint: Taint): boolean {
  let n: SyntaxNode | null = taint.source;
  for (let i = 0; i < 6 && n; i++, n = n.parent) {
    if (n.type === 'call') return ARCHIVE_READER.test(n.child('receiver')?.text ?? '');
  }
  return false;
}

const MKDIRS = new Set(['mkdir', 'mkdir_p', 'makedirs', 'mkpath']);

/** `not-archive-directory`: directories made while extracting an archive are reported on the file written (Zip Slip), not on every `mkdir_p`. */
export function notArchiveDirectory(call: CallView, _ctx: MatchContext, taint: Taint): boolean {
  return !(MKDIRS.has(call.name) && fromArchive(taint));
}

/** `archive-entry`: `entry.extract(dest)`: the receiver is an archive entry (rubyzip, minitar). */
export function archiveEntry(call: CallView, ctx: MatchContext): boolean {
  return /entry|zip|tar/i.test(ctx.pathText(call.receiver ?? call.node) ?? '');
}

/** `yaml-unsafe-load`: Psych 4 `YAML.load(x, permitted_classes: …)` is a safe load; without options it is unsafe on Psych < 4. */
export function yamlUnsafeLoad(call: CallView): boolean {
  return keyword(call, 'permitted_classes') === null && keyword(call, 'safe') === null;
}

/** `oj-object-mode`: `Oj.load` defaults to :object mode, which instantiates arbitrary classes. */
export function ojObjectMode(call: CallView, ctx: MatchContext): boolean {
  const mode = keyword(call, 'mode');
  // Options passed some other way (`Oj.load(json, opts)`, a literal hash): the mode is theirs, not the default.
  if (mode === null) return call.args.every((a) => a.index < 1);
  return ctx.stringValue(mode) === 'object';
}
