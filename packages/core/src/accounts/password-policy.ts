/**
 * Password rules of NIST SP 800-63B-4 §3.1.1.2: a minimum length (15 when the password is the only
 * factor, which it is here; an operator may lower it to 8, the floor for passwords used with a
 * second factor), at least 64 characters allowed, every printable character and Unicode allowed
 * (compared after NFKC normalisation, as §3.1.1.2 recommends), **no composition rules**, and a check
 * against values that are commonly used, expected, or compromised: a shipped list of common
 * passwords, the service's name and the user's own e-mail and name, and a character repeated or run
 * in sequence. Pure: no I/O.
 */
import { COMMON_PASSWORDS_TEXT } from './common-passwords.ts';

/** NIST's length for single-factor passwords: the default minimum. */
export const DEFAULT_PASSWORD_MIN_LENGTH = 15;
/** The lowest minimum an operator may configure (NIST's floor). */
export const LOWEST_PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted (NIST: at least 64); bounds the hashing work one request can cause. */
export const PASSWORD_MAX_LENGTH = 256;

let common: Set<string> | null = null;
/** The shipped list, parsed on first use. */
function commonPasswords(): Set<string> {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return common;
}

/** The form a password is hashed and compared in: NFKC (NIST SP 800-63B-4 §3.1.1.2). */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/** Length in characters (code points), as people count them. */
function characters(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Whether the text is one character repeated, or a run up or down the code points (`abcdef…`, `987654…`). */
function isRepeatOrSequence(text: string): boolean {
  const points = Array.from(text, (c) => c.codePointAt(0) ?? 0);
  if (points.length < 2) return true;
  const step = (points[1] ?? 0) - (points[0] ?? 0);
  if (Math.abs(step) > 1) return false;
  for (let i = 2; i < points.length; i++) if ((points[i] ?? 0) - (points[i - 1] ?? 0) !== step) return false;
  return true;
}

/** What a password is checked against besides the list: words the user or the service gave away. */
export interface PasswordContext {
  minLength: number;
  /** The user's e-mail, name and the like; a password that is (or only repeats) one of them is refused. */
  words: readonly string[];
}

/** Why a password is refused, for the person choosing it; null when it is acceptable. */
export function passwordProblem(password: string, context: PasswordContext): string | null {
  const normalized = normalizePassword(password);
  const length = characters(normalized);
  if (length < context.minLength) return `Use at least ${context.minLength} characters; a few unrelated words make a long password easy to remember.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  const folded = normalized.toLowerCase();
  if (commonPasswords().has(folded)) return 'This password is one of the most common ones, which attackers try first. Choose another.';
  if (isRepeatOrSequence(folded)) return 'A repeated character or a simple sequence is guessed at once. Choose another.';
  const words = ['secscan', ...context.words.flatMap((word) => [word, word.split('@')[0] ?? ''])].map((w) => w.normalize('NFKC').toLowerCase().trim()).filter((w) => w.length >= 3);
  for (const word of words) {
    // The word itself, or the word repeated or with digits around it, is as good as known.
    const stripped = folded.replaceAll(word, '');
    if (stripped.length === 0 || (stripped.length <= 4 && folded.length - stripped.length >= folded.length / 2)) {
      return 'The password must not be built from your e-mail, your name or the service’s name.';
    }
  }
  return null;
}
