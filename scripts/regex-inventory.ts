/**
 * Every regular expression the packages ship: regex literals and `new RegExp("literal", "flags")`
 * in their TypeScript sources (tests excluded), found by parsing the sources with the scanner's own
 * TypeScript grammar. The ReDoS lint (scripts/lint-regex.ts) checks each statically; the hostile
 * input suite (tests/hostile-regex.test.ts) attacks each at run time.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Language, Parser, type Node } from 'web-tree-sitter';
import { grammarLoader } from '@secscan/grammars';

/** The repository root, with a trailing slash. */
export const ROOT = new URL('..', import.meta.url).pathname;

/** Where shipped code lives. */
export const REGEX_SOURCE_DIRS = ['packages/core/src', 'packages/http/src', 'packages/cli/src', 'packages/grammars/src', 'servers'];

/** One regular expression in the sources. */
export interface FoundRegex {
  /** Absolute path of the file. */
  file: string;
  /** 1-based line. */
  line: number;
  pattern: string;
  flags: string;
  /** Whether `redos-ok: <reason>` (a reviewed exception) is on its line, the line above, or above the declaration it is the value of. */
  waived: boolean;
}

/** Nodes whose value a regex can be, so that a `redos-ok` comment above them covers it. */
const HOLDERS = new Set(['variable_declarator', 'pair', 'assignment_expression', 'public_field_definition']);

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

function stringLiteral(node: Node | null): string | null {
  if (node?.type !== 'string') return null;
  try {
    return JSON.parse(node.text.startsWith("'") ? `"${node.text.slice(1, -1).replace(/"/g, '\\"')}"` : node.text) as string;
  } catch {
    return null;
  }
}

/** Every regular expression in `dirs` (relative to the repository root), in file order. */
export async function findRegexes(dirs: readonly string[] = REGEX_SOURCE_DIRS): Promise<FoundRegex[]> {
  await Parser.init({ wasmBinary: await grammarLoader.runtime() });
  const parser = new Parser();
  parser.setLanguage(await Language.load(await grammarLoader.grammar('typescript')));
  const found: FoundRegex[] = [];
  try {
    for (const dir of dirs) {
      for (const file of sources(join(ROOT, dir))) {
        const code = readFileSync(file, 'utf8');
        const tree = parser.parse(code);
        if (!tree) continue;
        const lines = code.split('\n');
        const says = (row: number): boolean => /redos-ok:\s*\S/.test(lines[row] ?? '');
        // The comment sits on the line above the regex or on its line, or above the declaration,
        // property or assignment whose value the regex is: a formatter moves a long value to the
        // line after `const NAME =`, and the comment above `const` still means it.
        const waived = (n: Node): boolean => {
          const row = n.startPosition.row;
          if (says(row - 1) || says(row)) return true;
          const holder = n.parent;
          return holder !== null && HOLDERS.has(holder.type) && holder.startPosition.row < row && says(holder.startPosition.row - 1);
        };
        const stack: Node[] = [tree.rootNode];
        while (stack.length > 0) {
          const n = stack.pop() as Node;
          if (n.type === 'regex') {
            const pattern = n.childForFieldName('pattern')?.text ?? '';
            const flags = n.childForFieldName('flags')?.text ?? '';
            found.push({ file, line: n.startPosition.row + 1, pattern, flags, waived: waived(n) });
          } else if (n.type === 'new_expression' && n.childForFieldName('constructor')?.text === 'RegExp') {
            const args = n.childForFieldName('arguments')?.namedChildren ?? [];
            const pattern = stringLiteral(args[0] ?? null);
            const flags = stringLiteral(args[1] ?? null) ?? '';
            if (pattern !== null) found.push({ file, line: n.startPosition.row + 1, pattern, flags, waived: waived(n) });
          }
          for (const c of n.namedChildren) if (c) stack.push(c);
        }
        tree.delete();
      }
    }
  } finally {
    parser.delete();
  }
  return found;
}
