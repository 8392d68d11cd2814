/**
 * `npm run lint:regex` — every regular expression the code ships must be safe from catastrophic
 * backtracking (ReDoS): the scanner runs them over untrusted input, often megabytes of it.
 *
 * Finds every regex literal and every `new RegExp("literal", "flags")` in the packages' sources
 * (tests excluded) by parsing them with our own TypeScript grammar, and checks each with
 * redos-detector (it proves a pattern can match an input in at most a bounded number of ways, and
 * never calls an unsafe pattern safe). A pattern it cannot prove safe fails the lint, unless the
 * line above (or above the declaration it is the value of) says `redos-ok: <reason>` — a reviewed
 * exception, e.g. a pattern only ever run on a bounded slice. Exit code 1 lists every offender with its file and line.
 */
import { relative } from 'node:path';
import { isSafePattern } from 'redos-detector';
import { findRegexes, REGEX_SOURCE_DIRS, ROOT as root, type FoundRegex } from './regex-inventory.ts';

const dirs = REGEX_SOURCE_DIRS;
type Found = FoundRegex;
// A pattern with a reviewed `redos-ok: <reason>` comment is not checked.
const found: Found[] = (await findRegexes(dirs)).filter((f) => !f.waived);

const unsafe: (Found & { why: string })[] = [];
for (const f of found) {
  try {
    const result = isSafePattern(f.pattern, {
      caseInsensitive: f.flags.includes('i'),
      dotAll: f.flags.includes('s'),
      multiLine: f.flags.includes('m'),
      unicode: f.flags.includes('u') || f.flags.includes('v'),
      // maxSteps bounds the analysis deterministically; the wall-clock limit only guards against a
      // hang (a long alternation takes seconds on a loaded machine, and CI must not flake on it).
      timeout: 120_000,
      maxSteps: 200_000,
    });
    if (!result.safe) unsafe.push({ ...f, why: result.error === 'hitMaxScore' ? 'can backtrack without bound' : `not provable (${result.error})` });
  } catch (error) {
    unsafe.push({ ...f, why: `cannot analyse: ${(error as Error).message}` });
  }
}

console.log(`${found.length} regular expressions checked in ${dirs.join(', ')}`);
if (unsafe.length > 0) {
  for (const u of unsafe) console.log(`  ${relative(root, u.file)}:${u.line}  /${u.pattern}/${u.flags}  — ${u.why}`);
  console.log(`${unsafe.length} unsafe. Rewrite them linear (no nested or adjacent overlapping quantifiers), or add a reviewed \`redos-ok: <reason>\` comment.`);
  process.exit(1);
}
console.log('all safe');
