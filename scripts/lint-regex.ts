/**
 * `npm run lint:regex` — every regular expression the code ships must be safe from catastrophic
 * backtracking (ReDoS): the scanner runs them over untrusted input, often megabytes of it.
 *
 * Finds every regex literal and every `new RegExp("literal", "flags")` in the packages' sources
 * (tests excluded) by parsing them with our own TypeScript grammar, and checks each with
 * redos-detector (it proves a pattern can match an input in at most a bounded number of ways, and
 * never calls an unsafe pattern safe). A pattern it cannot prove safe fails the lint, unless the
 * line above says `redos-ok: <reason>` — a reviewed exception, e.g. a pattern only ever run on a
 * bounded slice. Exit code 1 lists every offender with its file and line.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isSafePattern } from 'redos-detector';
import { Language, Parser, type Node } from 'web-tree-sitter';
import { grammarLoader } from '@secscan/grammars';

const root = new URL('..', import.meta.url).pathname;
const dirs = ['packages/core/src', 'packages/http/src', 'packages/cli/src', 'packages/grammars/src', 'servers'];

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sources(full));
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

await Parser.init({ wasmBinary: await grammarLoader.runtime() });
const parser = new Parser();
parser.setLanguage(await Language.load(await grammarLoader.grammar('typescript')));

interface Found {
  file: string;
  line: number;
  pattern: string;
  flags: string;
}

function stringLiteral(node: Node | null): string | null {
  if (!node || node.type !== 'string') return null;
  try {
    return JSON.parse(node.text.startsWith("'") ? `"${node.text.slice(1, -1).replace(/"/g, '\\"')}"` : node.text) as string;
  } catch {
    return null;
  }
}

const found: Found[] = [];
for (const dir of dirs) {
  for (const file of sources(join(root, dir))) {
    const code = readFileSync(file, 'utf8');
    const tree = parser.parse(code);
    if (!tree) continue;
    const lines = code.split('\n');
    const waived = (row: number): boolean => /redos-ok:\s*\S/.test(lines[row - 1] ?? '') || /redos-ok:\s*\S/.test(lines[row] ?? '');
    const stack: Node[] = [tree.rootNode];
    while (stack.length > 0) {
      const n = stack.pop() as Node;
      if (n.type === 'regex') {
        const pattern = n.childForFieldName('pattern')?.text ?? '';
        const flags = n.childForFieldName('flags')?.text ?? '';
        if (!waived(n.startPosition.row)) found.push({ file, line: n.startPosition.row + 1, pattern, flags });
      } else if (n.type === 'new_expression' && n.childForFieldName('constructor')?.text === 'RegExp') {
        const args = n.childForFieldName('arguments')?.namedChildren ?? [];
        const pattern = stringLiteral(args[0] ?? null);
        const flags = stringLiteral(args[1] ?? null) ?? '';
        if (pattern !== null && !waived(n.startPosition.row)) found.push({ file, line: n.startPosition.row + 1, pattern, flags });
      }
      for (const c of n.namedChildren) if (c) stack.push(c);
    }
    tree.delete();
  }
}

const unsafe: (Found & { why: string })[] = [];
for (const f of found) {
  try {
    const result = isSafePattern(f.pattern, {
      caseInsensitive: f.flags.includes('i'),
      dotAll: f.flags.includes('s'),
      multiLine: f.flags.includes('m'),
      unicode: f.flags.includes('u') || f.flags.includes('v'),
      timeout: 5000,
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
