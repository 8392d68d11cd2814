import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageFromShebang, readSourceFile } from './read.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'secscan-read-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, content: string | Uint8Array): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

describe('readSourceFile', () => {
  it('decodes UTF-8 and drops a byte-order mark', async () => {
    const path = await file('bom.py', new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('print("é")')]));
    expect(await readSourceFile(path, 1000)).toEqual({ kind: 'text', code: 'print("é")' });
  });

  it('refuses a file with a NUL byte in its first 8 KB, and reads one whose first NUL comes later', async () => {
    const binary = await file('blob.js', new Uint8Array([0x61, 0x00, 0x62]));
    expect(await readSourceFile(binary, 1000)).toEqual({ kind: 'skipped', reason: 'binary', detail: 'binary file (a NUL byte in its first 8 KB)' });
    const late = new Uint8Array(9000).fill(0x61);
    late[8500] = 0;
    expect((await readSourceFile(await file('late.js', late), 10_000)).kind).toBe('text');
  });

  it('refuses a file over the limit (it may have grown since discovery)', async () => {
    const path = await file('big.js', 'x'.repeat(101));
    expect(await readSourceFile(path, 100)).toEqual({ kind: 'skipped', reason: 'too-large', detail: 'larger than --max-file-size (101 > 100 bytes)' });
  });

  it('reports a file that cannot be read', async () => {
    expect(await readSourceFile(join(dir, 'gone.js'), 100)).toEqual({ kind: 'skipped', reason: 'unreadable', detail: 'cannot be read (ENOENT)' });
  });
});

describe('languageFromShebang', () => {
  it.each([
    ['#!/usr/bin/env node\nconsole.log(1)', 'javascript'],
    ['#!/usr/bin/env python3\n', 'python'],
    ['#!/usr/bin/python3.12\n', 'python'],
    ['#! /usr/bin/env -S deno run --allow-read\n', 'typescript'],
    ['#!/usr/bin/env LANG=C ruby\n', 'ruby'],
    ['#!/bin/sh\nexport TOKEN=x', 'generic'],
    ['#!/usr/local/bin/php8.2', 'php'],
    ['#!/usr/bin/env perl\n', null],
    ['#!/usr/bin/nodemon\n', null],
    ['print("no shebang")', null],
    ['', null],
  ])('%j → %s', (code, language) => {
    expect(languageFromShebang(code)).toBe(language);
  });
});
