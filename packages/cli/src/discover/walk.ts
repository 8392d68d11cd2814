/**
 * Turns the paths on the command line into the list of files to scan. The core takes code, not
 * files (as secretlint's core takes sources): everything about the file system lives here.
 *
 * - A named file is scanned even when `.gitignore` or a default directory would skip it (you asked
 *   for it); `--exclude` still applies, so a hook can pass every staged file and exclude some.
 * - A directory is walked in name order, skipping DEFAULT_SKIPPED_DIRS, paths matched by
 *   `.gitignore` files and by `--exclude`, and symbolic links (never followed, as git stores them:
 *   a link cannot lead the scan out of the tree, and a target inside it is scanned under its own path).
 * - `.gitignore` files are read in every walked directory, and — when the scanned directory is
 *   inside a git work tree — in each directory from the work tree's root down to it, plus
 *   `.git/info/exclude`. A deeper file's patterns take precedence, as in git.
 * - `.secscanignore` files (gitignore syntax) are read wherever `.gitignore` files are, for paths
 *   to keep out of scans but not out of git (test fixtures, vendored code). In one directory they
 *   come after `.gitignore`, so they win: a `!pattern` there scans a path git ignores.
 * - The language comes from the file name (`inferLanguage`); a file without an extension is
 *   decided later from its `#!` line; other unknown types are passed over silently when found
 *   by walking, and noted when named.
 */
import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { inferLanguage, type LanguageId } from '@secscan/core';
import { UsageError } from '../command.ts';
import { ignoredBy, parseIgnoreFile, type IgnoreRule } from './gitignore.ts';
import { tooLarge } from './read.ts';
import { withErrorCode, type SkippedFile } from './skip.ts';

/** The ignore files of a directory, in precedence order (later patterns win). */
export const IGNORE_FILES: readonly string[] = ['.gitignore', '.secscanignore'];

/** Directories never entered while walking: dependencies, build output, VCS and tool metadata. */
export const DEFAULT_SKIPPED_DIRS: readonly string[] = ['.git', 'node_modules', 'vendor', 'dist', 'build', 'target', '.venv', '__pycache__'];

/** Files larger than this are not scanned unless `--max-file-size` says otherwise (1 MiB, the API's default code limit). */
export const DEFAULT_MAX_FILE_SIZE = 1024 * 1024;

/** How to discover files. */
export interface DiscoverOptions {
  /** Relative paths are resolved against it, and shown relative to it. */
  cwd: string;
  /** gitignore-style patterns matched against paths relative to `cwd`. */
  exclude?: readonly string[];
  /** Largest file scanned, in bytes. */
  maxFileSize?: number;
}

/** A file to scan. */
export interface SourceFile {
  absolutePath: string;
  /** Relative to the working directory, `/`-separated: how findings name the file. */
  path: string;
  /** The language by file name; null when the `#!` line must decide. */
  language: LanguageId | null;
  /** Named on the command line (rather than found by walking): an unknown type is then noted. */
  explicit: boolean;
}

/** What discovery found: the files to scan, the ones skipped with a note, and counts of what was passed over silently. */
export interface Discovery {
  files: SourceFile[];
  skipped: SkippedFile[];
  /** Files and directories matched by `.gitignore`, `.secscanignore`, `--exclude` or DEFAULT_SKIPPED_DIRS. */
  ignored: number;
  /** Files of a type secscan does not scan, found while walking. */
  unsupported: number;
  /** Symbolic links found while walking (not followed). */
  symlinks: number;
}

/** Ignore patterns of one directory, applying to paths below it. */
interface IgnoreFrame {
  /** How many leading segments of an anchor-relative path lead to this directory. */
  depth: number;
  rules: readonly IgnoreRule[];
}

/** A path relative to the working directory, as users see it. */
function displayPath(cwd: string, absolute: string): string {
  const rel = relative(cwd, absolute);
  return (rel === '' ? '.' : rel).split(sep).join('/');
}

async function readIgnoreFile(file: string): Promise<IgnoreRule[]> {
  try {
    return parseIgnoreFile(await readFile(file, 'utf8'));
  } catch {
    return []; // absent or unreadable: no patterns
  }
}

/** The patterns of a directory's ignore files (IGNORE_FILES), as one list in precedence order. */
async function readIgnoreFiles(dir: string): Promise<IgnoreRule[]> {
  return (await Promise.all(IGNORE_FILES.map((name) => readIgnoreFile(join(dir, name))))).flat();
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** The root of the git work tree containing `dir` (the nearest ancestor with a `.git` entry), or null. */
export async function findWorkTreeRoot(dir: string): Promise<string | null> {
  for (let current = dir; ; current = dirname(current)) {
    if (await exists(join(current, '.git'))) return current;
    if (dirname(current) === current) return null;
  }
}

/** Whether a path (segments relative to the anchor) is ignored by the stacked `.gitignore` frames: the deepest deciding frame wins. */
function ignoredByFrames(frames: readonly IgnoreFrame[], segments: readonly string[], isDir: boolean): boolean {
  for (let i = frames.length - 1; i >= 0; i--) {
    const frame = frames[i];
    if (!frame || frame.rules.length === 0) continue;
    const verdict = ignoredBy(frame.rules, segments.slice(frame.depth), isDir);
    if (verdict !== null) return verdict;
  }
  return false;
}

/** Lists the files to scan under `paths` (files or directories); throws `UsageError` when a path does not exist. */
export async function discoverFiles(paths: readonly string[], options: DiscoverOptions): Promise<Discovery> {
  const { cwd } = options;
  const maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  const exclude = (options.exclude ?? []).flatMap((pattern) => parseIgnoreFile(pattern));
  const out: Discovery = { files: [], skipped: [], ignored: 0, unsupported: 0, symlinks: 0 };
  const seen = new Set<string>();

  // Check every path before scanning any: a typo must fail fast, not after minutes of work.
  const roots: { absolute: string; isDir: boolean }[] = [];
  for (const path of paths) {
    if (path === '-') throw new UsageError('reading code from standard input (-) is not supported; name files or directories');
    const absolute = resolve(cwd, path);
    let info;
    try {
      info = await stat(absolute);
    } catch {
      throw new UsageError(`path not found: ${path}`);
    }
    if (!info.isFile() && !info.isDirectory()) throw new UsageError(`not a file or directory: ${path}`);
    roots.push({ absolute, isDir: info.isDirectory() });
  }

  const excluded = (absolute: string, isDir: boolean): boolean => exclude.length > 0 && ignoredBy(exclude, displayPath(cwd, absolute).split('/'), isDir) === true;

  const addFile = async (absolute: string, language: LanguageId | null, explicit: boolean): Promise<void> => {
    if (seen.has(absolute)) return; // named twice, or named and found by walking
    seen.add(absolute);
    const path = displayPath(cwd, absolute);
    let size: number;
    try {
      size = (await stat(absolute)).size;
    } catch (error) {
      out.skipped.push({ path, reason: 'unreadable', detail: withErrorCode(error) });
      return;
    }
    if (size <= maxFileSize) out.files.push({ absolutePath: absolute, path, language, explicit });
    // A big extension-less file found by walking is data far more often than a script: no note.
    else if (language === null && !explicit) out.unsupported++;
    else out.skipped.push({ path, reason: 'too-large', detail: tooLarge(size, maxFileSize) });
  };

  /** The language by file name; null for extension-less files (`#!` decides later); undefined for an unknown type. */
  const languageOf = (name: string): LanguageId | null | undefined => inferLanguage(name) ?? (name.includes('.') ? undefined : null);

  const walk = async (dir: string, segments: readonly string[], frames: readonly IgnoreFrame[]): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      out.skipped.push({ path: displayPath(cwd, dir), reason: 'unreadable', detail: withErrorCode(error, 'directory cannot be read') });
      return;
    }
    const local = await readIgnoreFiles(dir);
    const stack = local.length > 0 ? [...frames, { depth: segments.length, rules: local }] : frames;
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const absolute = join(dir, entry.name);
      const childSegments = [...segments, entry.name];
      if (entry.isSymbolicLink()) {
        out.symlinks++;
        continue;
      }
      const isDir = entry.isDirectory();
      if (!isDir && !entry.isFile()) continue; // sockets, FIFOs, devices
      if ((isDir && DEFAULT_SKIPPED_DIRS.includes(entry.name)) || ignoredByFrames(stack, childSegments, isDir) || excluded(absolute, isDir)) {
        out.ignored++;
        continue;
      }
      if (isDir) {
        await walk(absolute, childSegments, stack);
        continue;
      }
      const language = languageOf(entry.name);
      if (language === undefined) out.unsupported++;
      else await addFile(absolute, language, false);
    }
  };

  for (const root of roots) {
    if (!root.isDir) {
      if (excluded(root.absolute, false)) {
        out.ignored++;
        continue;
      }
      const language = languageOf(basename(root.absolute));
      if (language === undefined) {
        out.skipped.push({ path: displayPath(cwd, root.absolute), reason: 'unknown-language', detail: 'not a file type secscan scans' });
      } else await addFile(root.absolute, language, true);
      continue;
    }
    // Patterns from the enclosing work tree apply below the scanned directory too.
    const workTree = await findWorkTreeRoot(root.absolute);
    const frames: IgnoreFrame[] = [];
    let segments: string[] = [];
    if (workTree !== null) {
      segments = relative(workTree, root.absolute)
        .split(sep)
        .filter((s) => s !== '');
      frames.push({ depth: 0, rules: await readIgnoreFile(join(workTree, '.git', 'info', 'exclude')) });
      for (let depth = 0; depth < segments.length; depth++) {
        frames.push({ depth, rules: await readIgnoreFiles(join(workTree, ...segments.slice(0, depth))) });
      }
    }
    await walk(root.absolute, segments, frames);
  }
  return out;
}
