/**
 * PEM private-key blocks (`-----BEGIN … PRIVATE KEY-----` + base64 body + `-----END … -----`), in a
 * file as they are, or inside a string literal with `\n` escapes, quotes and concatenation around
 * the lines (`"-----BEGIN RSA PRIVATE KEY-----\n" + "MIIE…"`). Public keys and certificates have
 * other labels and are never matched.
 */

import { B64, EQUALS, classOf } from './detect.ts';

/** A private-key block found in text. */
export interface PemBlock {
  /** Index of `-----BEGIN`. */
  start: number;
  /** The label, e.g. `RSA PRIVATE KEY`, `OPENSSH PRIVATE KEY`, `PGP PRIVATE KEY BLOCK`. */
  label: string;
  /** First base64 character of the body. */
  bodyStart: number;
  /** End of the body (the `-----END` line, or where the scan stopped). */
  bodyEnd: number;
  /** End of the whole block (after `-----END …-----` when present). */
  end: number;
  /** Whether the key is protected by a passphrase (PKCS#8 ENCRYPTED, `Proc-Type: 4,ENCRYPTED`, an OpenSSH cipher). */
  encrypted: boolean;
  /** Whether the END line is missing: key material cut short (a paste, a log), still a leak. */
  truncated?: boolean;
}

const BEGIN = '-----BEGIN ';

/**
 * The `-----BEGIN <label>-----` line starting at `at` (a label of 1–40 characters of `[A-Z0-9 ]`):
 * its end and label, or null. Read with a bounded character loop.
 */
export function pemBeginAt(text: string, at: number): { end: number; label: string } | null {
  if (!text.startsWith(BEGIN, at)) return null;
  const from = at + BEGIN.length;
  let i = from;
  while (i < text.length && i - from <= 40) {
    const c = text.charCodeAt(i);
    if (!((c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 32)) break;
    i++;
  }
  if (i === from || i - from > 40 || !text.startsWith('-----', i)) return null;
  return { end: i + 5, label: text.slice(from, i) };
}

/** Runs `fn` on each `-----BEGIN <label>-----` line of a text (found with `indexOf`); `fn` may return where to resume. */
export function eachPemBegin(text: string, fn: (start: number, end: number, label: string) => number | void): void {
  let at = text.indexOf(BEGIN);
  while (at >= 0) {
    const begin = pemBeginAt(text, at);
    const next = begin ? fn(at, begin.end, begin.label) : undefined;
    const resume = typeof next === 'number' && next > at ? next : at + BEGIN.length;
    at = text.indexOf(BEGIN, resume);
  }
}

const MAX_BODY = 64 * 1024;

/** Whether a PEM label names a private key (not a public key, a certificate or a CSR). */
export function isPrivateKeyLabel(label: string): boolean {
  return label.endsWith('PRIVATE KEY') || label.endsWith('PRIVATE KEY BLOCK');
}

/** Whether an OpenSSH key body names a cipher other than `none` (i.e. it is passphrase-protected). */
function opensshEncrypted(b64: string): boolean {
  try {
    const usable = b64.slice(0, 96 - (Math.min(b64.length, 96) % 4));
    const bin = atob(usable.slice(0, Math.floor(usable.length / 4) * 4));
    if (!bin.startsWith('openssh-key-v1\u0000')) return false;
    const len = ((bin.charCodeAt(15) << 24) | (bin.charCodeAt(16) << 16) | (bin.charCodeAt(17) << 8) | bin.charCodeAt(18)) >>> 0;
    if (len === 0 || len > 32) return false;
    return bin.slice(19, 19 + len) !== 'none';
  } catch {
    return false;
  }
}

/**
 * Parses the private-key block whose `-----BEGIN …-----` line is the match `[start, headerEnd)` with
 * this label. Returns null when the body is not a real key: fewer than 64 base64 characters, an
 * ellipsis (`MIIE...`), template text, too little variety.
 */
export function parsePrivateKeyBlock(text: string, start: number, headerEnd: number, label: string): PemBlock | null {
  if (!isPrivateKeyLabel(label)) return null;
  const next = text.indexOf('-----', headerEnd);
  const bodyEnd = next < 0 ? Math.min(text.length, headerEnd + MAX_BODY) : Math.min(next, headerEnd + MAX_BODY);
  let b64 = 0;
  let junk = 0;
  let bodyStart = -1;
  let sample = '';
  const seen = new Set<number>();
  for (let i = headerEnd; i < bodyEnd; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) {
      i++; // an escape in a string literal: `\n`, `\r`
      continue;
    }
    if ((classOf(c) & (B64 | EQUALS)) !== 0) {
      if (bodyStart < 0) bodyStart = i;
      b64++;
      if (seen.size < 64) seen.add(c);
      if (sample.length < 96 && c !== 61) sample += text.charAt(i);
      continue;
    }
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 34 || c === 39 || c === 44 || c === 59) continue; // whitespace, quotes, `,` `;` of concatenations
    if (c === 46 && text.charCodeAt(i + 1) === 46) return null; // `...`: an elided example
    if (c === 0x2026) return null; // `…`
    junk++;
  }
  if (bodyStart < 0 || b64 < 64 || seen.size < 20 || junk > Math.max(8, b64 / 20)) return null;
  // A key ends with its END line. Without one, what follows a BEGIN marker is code that looks for
  // the marker (`pem.startsWith("-----BEGIN PRIVATE KEY-----")`), unless key material does.
  if (!text.startsWith('-----END ', bodyEnd)) return truncatedBlock(text, start, label, headerEnd);
  let end = bodyEnd;
  if (text.startsWith('-----END ', bodyEnd)) {
    const close = text.indexOf('-----', bodyEnd + 9);
    if (close >= 0 && close - bodyEnd < 60) end = close + 5;
  }
  const body = text.slice(headerEnd, bodyEnd);
  const encrypted = label.includes('ENCRYPTED') || body.includes('Proc-Type: 4,ENCRYPTED') || (label.startsWith('OPENSSH') && opensshEncrypted(sample));
  return { start, label, bodyStart, bodyEnd, end, encrypted };
}

/**
 * A key whose END line is missing: the line right after the header is a whole line of base64 (64
 * characters, as PEM wraps them) that opens a DER structure (`M…`) or an OpenSSH key; the body is
 * that line and the base64 lines after it.
 */
function truncatedBlock(text: string, start: number, label: string, headerEnd: number): PemBlock | null {
  let i = headerEnd;
  if (text.charCodeAt(i) === 13) i++;
  if (text.charCodeAt(i) !== 10) return null;
  const bodyStart = i + 1;
  if (text.charCodeAt(bodyStart) !== 77 && !text.startsWith('b3BlbnNzaC1rZXktdjE', bodyStart)) return null;
  let end = bodyStart;
  for (let lineStart = bodyStart; end - bodyStart < MAX_BODY; ) {
    let j = lineStart;
    while (j < text.length && (classOf(text.charCodeAt(j)) & (B64 | EQUALS)) !== 0) j++;
    const length = j - lineStart;
    if (lineStart === bodyStart && length < 64) return null;
    if (length === 0) break;
    end = j;
    if (text.charCodeAt(j) === 13) j++;
    if (text.charCodeAt(j) !== 10) break;
    lineStart = j + 1;
  }
  return { start, label, bodyStart, bodyEnd: end, end, encrypted: label.includes('ENCRYPTED'), truncated: true };
}

/** Whether `"<key>"` + up to 8 blanks + `:` + up to 8 blanks starts at `at`; returns the index after it, or -1. */
function jsonKeyAt(text: string, at: number, key: string): number {
  if (!text.startsWith(key, at)) return -1;
  let i = at + key.length;
  for (let n = 0; n < 8 && (text[i] === ' ' || text[i] === '\t'); n++) i++;
  if (text[i] !== ':') return -1;
  i++;
  for (let n = 0; n < 8 && (text[i] === ' ' || text[i] === '\t'); n++) i++;
  return i;
}

/** Whether a text is (or contains) a Google service-account JSON key: `"type": "service_account"`. */
export function isServiceAccountFile(text: string): boolean {
  for (let at = text.indexOf('"type"'); at >= 0; at = text.indexOf('"type"', at + 1)) {
    const value = jsonKeyAt(text, at, '"type"');
    if (value >= 0 && text.startsWith('"service_account"', value)) return true;
  }
  return false;
}

/**
 * Whether the PEM block at `begin` is the `"private_key"` value of a JSON object (in a file for which
 * `isServiceAccountFile` holds, it is reported by `secrets.google`, and `secrets.private-key` leaves it alone).
 */
export function isJsonPrivateKeyValueAt(text: string, begin: number): boolean {
  // `"private_key": "` right before the block (within 40 characters).
  const window = text.slice(Math.max(0, begin - 40), begin);
  if (!window.endsWith('"')) return false;
  const key = window.lastIndexOf('"private_key"');
  return key >= 0 && jsonKeyAt(window, key, '"private_key"') === window.length - 1;
}
