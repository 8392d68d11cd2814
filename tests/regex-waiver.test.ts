/**
 * Which regexes a `redos-ok: <reason>` comment waives (scripts/regex-inventory.ts): the one on its
 * line or the line below, and the value of the declaration below it even when a formatter has moved
 * a long value to the line after `const NAME =` — but not the elements of an array under it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findRegexes } from '../scripts/regex-inventory.ts';
import { ROOT } from './support/servers.ts';

/** Scratch sources inside the repository (.tmp/, ignored by git): findRegexes takes directories relative to the root. */
mkdirSync(join(ROOT, '.tmp'), { recursive: true });
const scratch = mkdtempSync(join(ROOT, '.tmp', 'regex-waiver-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SOURCE = `// redos-ok: formatted onto the next line
export const MOVED =
  /(a+)+moved/;
// redos-ok: the line above
export const ABOVE = /(a+)+above/;
export const PLAIN = /(a+)+plain/;
export const SAME_LINE = /(a+)+same/; // redos-ok: on its line
// redos-ok: says nothing about the elements below
export const LIST = [
  /(a+)+listed/,
];
export const OPTIONS = {
  // redos-ok: a property's value on the next line
  pattern:
    new RegExp('(a+)+property'),
};
`;

describe('redos-ok waivers', () => {
  it('cover the regex below, on the same line, or the value of the declaration below; not array elements', async () => {
    writeFileSync(join(scratch, 'patterns.ts'), SOURCE);
    const found = await findRegexes([relative(ROOT, scratch)]);
    const waived = Object.fromEntries(found.map((f) => [/\+\)\+(\w+)/.exec(f.pattern)?.[1] ?? f.pattern, f.waived]));
    expect(waived).toEqual({ moved: true, above: true, same: true, plain: false, listed: false, property: true });
  });
});
