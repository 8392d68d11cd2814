/**
 * Reads one discovered file for scanning: refuses binary files and files that grew past the size
 * limit since discovery, decodes UTF-8, and tells the language of extension-less scripts from
 * their `#!` line.
 */
import { readFile } from 'node:fs/promises';
import type { LanguageId } from '@secscan/core';
import { withErrorCode, type SkipReason } from './skip.ts';

/** How much of a file is searched for a NUL byte to call it binary (what git and grep do, roughly). */
export const BINARY_SNIFF_BYTES = 8192;

/** A file's text, or why it cannot be scanned. */
export type ReadOutcome = { kind: 'text'; code: string } | { kind: 'skipped'; reason: SkipReason; detail: string };

const decoder = new TextDecoder('utf-8'); // replaces invalid sequences, drops a leading BOM

/** Reads a file as UTF-8 text unless it is binary (a NUL byte in its first 8 KB) or larger than `maxBytes`. */
export async function readSourceFile(path: string, maxBytes: number): Promise<ReadOutcome> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    return { kind: 'skipped', reason: 'unreadable', detail: withErrorCode(error) };
  }
  // Discovery checked the size already; the file may have grown since.
  if (bytes.byteLength > maxBytes) return { kind: 'skipped', reason: 'too-large', detail: tooLarge(bytes.byteLength, maxBytes) };
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return { kind: 'skipped', reason: 'binary', detail: 'binary file (a NUL byte in its first 8 KB)' };
  return { kind: 'text', code: decoder.decode(bytes) };
}

/** The note for a file over the size limit. */
export function tooLarge(size: number, maxBytes: number): string {
  return `larger than --max-file-size (${size} > ${maxBytes} bytes)`;
}

/** Interpreters named on `#!` lines, by the name's start (`python3.12` is python). */
const INTERPRETERS: readonly (readonly [string, LanguageId])[] = [
  ['node', 'javascript'],
  ['nodejs', 'javascript'],
  ['deno', 'typescript'],
  ['bun', 'typescript'],
  ['ts-node', 'typescript'],
  ['tsx', 'typescript'],
  ['python', 'python'],
  ['pypy', 'python'],
  ['ruby', 'ruby'],
  ['php', 'php'],
  ['sh', 'generic'],
  ['bash', 'generic'],
  ['zsh', 'generic'],
  ['dash', 'generic'],
  ['ksh', 'generic'],
];

/**
 * The language of a script from its `#!` line (`#!/usr/bin/env python3`, `#!/bin/sh`,
 * `#!/usr/bin/env -S deno run`), or null. Shell scripts are `generic`: scanned for secrets.
 */
export function languageFromShebang(code: string): LanguageId | null {
  if (!code.startsWith('#!')) return null;
  const newline = code.indexOf('\n');
  const line = code.slice(2, newline < 0 ? Math.min(code.length, 256) : Math.min(newline, 256));
  const words = line.trim().split(/\s+/);
  let program = words[0] ?? '';
  if (program.endsWith('/env') || program === 'env') {
    // `env [-S] [NAME=value…] program`: the first word that is neither an option nor an assignment.
    program = words.slice(1).find((w) => !w.startsWith('-') && !w.includes('=')) ?? '';
  }
  const name = program.slice(program.lastIndexOf('/') + 1);
  for (const [prefix, language] of INTERPRETERS) {
    if (name === prefix) return language;
    // Versioned names: python3, python3.12, php8.2, ruby3.3 — a digit must follow the prefix.
    if (name.startsWith(prefix) && /^[0-9]/.test(name.slice(prefix.length))) return language;
  }
  return null;
}
