import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../command.ts';
import { DEFAULT_MAX_FILE_SIZE, discoverFiles, findWorkTreeRoot } from './walk.ts';

let base: string;

/** Writes files (creating folders) under `root`. */
async function tree(root: string, files: Record<string, string | Uint8Array>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'secscan-walk-'));
  await tree(join(base, 'project'), {
    '.gitignore': '# generated\nsecrets/\n*.generated.js\n!keep.generated.js\n/top-only.py\n',
    'app.js': 'db.query(x)',
    'keep.generated.js': '',
    'x.generated.js': '',
    'top-only.py': '',
    'lib/top-only.py': '',
    'lib/util.py': '',
    'lib/.gitignore': 'local.rb\n',
    'lib/local.rb': '',
    'lib/deep/local.rb': '',
    'lib/deep/kept.rb': '',
    'secrets/key.env': 'TOKEN=1',
    'node_modules/pkg/index.js': '',
    'src/node_modules/nested.js': '',
    'vendor/x.go': '',
    'build/out.js': '',
    'dist/out.js': '',
    'target/x.java': '',
    '.venv/lib/site.py': '',
    '__pycache__/m.py': '',
    '.git/config': '[core]',
    'src/.env': 'API_KEY=1',
    'src/config.yml': 'a: 1',
    'src/settings.json': '{}',
    'src/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0]),
    'src/blob.js': new Uint8Array([0x61, 0, 0x62]),
    'src/big.js': 'x'.repeat(2000),
    'src/tool': '#!/usr/bin/env python3\nimport os\n',
    'src/LICENSE-DATA': 'x'.repeat(2000),
    'test/fixtures/sample.js': '',
    'test/unit.js': '',
  });
  await symlink(join(base, 'project', 'app.js'), join(base, 'project', 'link.js'));
  await mkdir(join(base, 'elsewhere'));
  await writeFile(join(base, 'elsewhere', 'outside.js'), '');
  await symlink(join(base, 'elsewhere'), join(base, 'project', 'escape'));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('discoverFiles', () => {
  it('walks a tree in name order, honouring .gitignore files, default directories, --exclude and the size limit', async () => {
    const found = await discoverFiles(['.'], { cwd: join(base, 'project'), exclude: ['fixtures/'], maxFileSize: 1000 });
    expect(found.files.map((f) => [f.path, f.language])).toEqual([
      ['app.js', 'javascript'],
      ['keep.generated.js', 'javascript'],
      ['lib/deep/kept.rb', 'ruby'],
      ['lib/top-only.py', 'python'],
      ['lib/util.py', 'python'],
      ['src/.env', 'generic'],
      ['src/blob.js', 'javascript'], // binary: refused when read (readSourceFile)
      ['src/config.yml', 'generic'],
      ['src/settings.json', 'generic'],
      ['src/tool', null], // no extension: its #! line decides
      ['test/unit.js', 'javascript'],
    ]);
    expect(found.files.every((f) => !f.explicit)).toBe(true);
    expect(found.skipped).toEqual([{ path: 'src/big.js', reason: 'too-large', detail: 'larger than --max-file-size (2000 > 1000 bytes)' }]);
    // two .gitignore files, logo.png, and the big extension-less LICENSE-DATA: never noted, a repository is full of them
    expect(found.unsupported).toBe(4);
    expect(found.symlinks).toBe(2); // link.js and escape/ are not followed
    // x.generated.js, top-only.py, secrets/, lib/local.rb, lib/deep/local.rb, 8 default directories, src/node_modules, test/fixtures/
    expect(found.ignored).toBe(15);
  });

  it('shows paths relative to the working directory and resolves relative roots against it', async () => {
    const found = await discoverFiles(['project/lib'], { cwd: base });
    expect(found.files.map((f) => f.path)).toEqual(['project/lib/deep/kept.rb', 'project/lib/top-only.py', 'project/lib/util.py']);
    expect(found.files[0]?.absolutePath).toBe(join(base, 'project', 'lib', 'deep', 'kept.rb'));
  });

  it('scans a named file even when ignored, but not when excluded; notes a named file of unknown type', async () => {
    const cwd = join(base, 'project');
    const found = await discoverFiles(['x.generated.js', 'node_modules/pkg/index.js', 'test/unit.js', 'src/logo.png', 'app.js', './app.js'], {
      cwd,
      exclude: ['test/**'],
    });
    expect(found.files.map((f) => [f.path, f.explicit])).toEqual([
      ['x.generated.js', true],
      ['node_modules/pkg/index.js', true],
      ['app.js', true],
    ]);
    expect(found.skipped).toEqual([{ path: 'src/logo.png', reason: 'unknown-language', detail: 'not a file type secscan scans' }]);
    expect(found.ignored).toBe(1);
  });

  it('does not scan a file twice when roots overlap', async () => {
    const found = await discoverFiles(['lib', 'lib/util.py', '.'], { cwd: join(base, 'project') });
    expect(found.files.filter((f) => f.path === 'lib/util.py')).toHaveLength(1);
  });

  it('applies .gitignore files from the enclosing work tree and .git/info/exclude to a scanned subdirectory', async () => {
    const repo = join(base, 'repo');
    await tree(repo, {
      '.git/info/exclude': 'local-notes.md\n',
      '.gitignore': '*.secret.js\n',
      'sub/.gitignore': 'skip-me.py\n',
      'sub/inner/a.secret.js': '',
      'sub/inner/b.js': '',
      'sub/inner/skip-me.py': '',
      'sub/inner/local-notes.md': '',
      'sub/inner/readme.md': '',
    });
    expect(await findWorkTreeRoot(join(repo, 'sub', 'inner'))).toBe(repo);
    const found = await discoverFiles(['sub/inner'], { cwd: repo });
    expect(found.files.map((f) => f.path)).toEqual(['sub/inner/b.js', 'sub/inner/readme.md']);
    expect(found.ignored).toBe(3);
  });

  it('honours .secscanignore files beside .gitignore, inside and outside a work tree; theirs win in one directory', async () => {
    const repo = join(base, 'secscanignore');
    await tree(repo, {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.secscanignore': '# fixtures hold fake secrets on purpose\nfixtures/\n',
      '.gitignore': 'generated.js\n',
      'pkg/.secscanignore': '!generated.js\n*.min.js\n',
      'pkg/generated.js': '',
      'pkg/app.min.js': '',
      'pkg/app.js': '',
      'pkg/fixtures/fake-key.env': 'API_KEY=x',
      'generated.js': '',
      'fixtures/other.env': 'API_KEY=x',
      'main.py': '',
    });
    const all = await discoverFiles(['.'], { cwd: repo });
    expect(all.files.map((f) => f.path)).toEqual(['main.py', 'pkg/app.js', 'pkg/generated.js']);
    // Scanning a subdirectory still applies the .secscanignore files above it in the work tree.
    const sub = await discoverFiles(['pkg'], { cwd: repo });
    expect(sub.files.map((f) => f.path)).toEqual(['pkg/app.js', 'pkg/generated.js']);
    // A named file is scanned even when ignored, as with .gitignore.
    expect((await discoverFiles(['pkg/app.min.js'], { cwd: repo })).files.map((f) => f.path)).toEqual(['pkg/app.min.js']);
    // Outside a git work tree, the walked directories' own .secscanignore files apply.
    const plain = join(base, 'no-git');
    await tree(plain, { '.secscanignore': 'skip/\n', 'skip/a.js': '', 'b.js': '' });
    expect((await discoverFiles(['.'], { cwd: plain })).files.map((f) => f.path)).toEqual(['b.js']);
  });

  it('uses a 1 MiB size limit by default', async () => {
    expect(DEFAULT_MAX_FILE_SIZE).toBe(1_048_576);
  });

  it.each([
    [['missing.js'], 'path not found: missing.js'],
    [['-'], 'reading code from standard input (-) is not supported; name files or directories'],
  ])('refuses %j before scanning anything', async (paths, message) => {
    await expect(discoverFiles(['app.js', ...paths], { cwd: join(base, 'project') })).rejects.toThrow(new UsageError(message));
  });
});
