/**
 * The README and docs/ state what is true: the configuration table matches the code, every npm
 * script, `secscan` command and relative link they mention exists, the README stays short with the
 * set-up and scan commands on its first screen, and nothing cites documents outside the repository.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { COMMANDS } from '@secscan/cli';
import { CONFIG_VARIABLES } from '@secscan/http/server';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/servers.ts';

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const readme = read('README.md');
const DOCS = [
  'README.md',
  'packages/cli/README.md',
  'packages/postgres/README.md',
  'examples/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a markdown file's headings. */
function anchorsOf(markdown: string): Set<string> {
  return new Set(markdown.split('\n').flatMap((line) => (/^#{1,6} /.test(line) ? [anchorOf(line.replace(/^#+ /, ''))] : [])));
}

describe('README', () => {
  it('stays short: at most 15 KB', () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(15 * 1024);
  });

  it('has both set-up commands and the scan command on its first screen', () => {
    const firstScreen = readme.split('\n').slice(0, 40).join('\n');
    for (const command of ['npm install', 'npm start', 'npx secscan scan']) expect(firstScreen).toContain(command);
  });

  it('names only secscan commands that exist', () => {
    const names = new Set(COMMANDS.map((c) => c.name));
    const mentioned = [...readme.matchAll(/(?:npx secscan|`secscan) ([a-z]+)\b/g)].map(([, command]) => command);
    expect(mentioned.length).toBeGreaterThan(5);
    for (const command of mentioned) expect(names, `secscan ${command}`).toContain(command);
  });
});

describe('docs', () => {
  it('documents every environment variable with its default (docs/configuration.md)', () => {
    const configuration = read('docs/configuration.md');
    for (const variable of CONFIG_VARIABLES) {
      expect(configuration).toContain(`| \`${variable.name}\` | \`${variable.default}\` | ${variable.description} |`);
    }
  });

  it.each(DOCS)('%s promises only npm scripts that exist', (file) => {
    for (const [, run, lifecycle] of read(file).matchAll(/\bnpm (?:run ([a-z:-]+)|(start|test)\b)/g)) {
      const script = run ?? lifecycle ?? '';
      expect(scripts, `${file}: npm run ${script}`).toHaveProperty(script);
    }
  });

  it.each(DOCS)('%s links only to files and headings that exist', (file) => {
    const text = read(file);
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (!target || /^[a-z]+:/.test(target)) continue; // http(s), mailto: not checked here
      const [path = '', anchor] = target.split('#');
      const resolved = path === '' ? join(ROOT, file) : join(ROOT, dirname(file), path);
      expect(existsSync(resolved), `${file} → ${target}`).toBe(true);
      if (anchor && resolved.endsWith('.md')) expect(anchorsOf(readFileSync(resolved, 'utf8')), `${file} → ${relative(ROOT, resolved)}#${anchor}`).toContain(anchor);
    }
  });

  it.each(DOCS)('%s cites nothing outside the repository (no design or spec documents)', (file) => {
    expect(read(file)).not.toMatch(/DESIGN §|DESIGN\.md|SPEC\.md|STACK\.md|STYLE\.md|\bthe spec\b/);
  });
});
