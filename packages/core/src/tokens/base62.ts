/**
 * Base62 with the alphabet `0-9A-Za-z` (digit value 0 = `0`, 10 = `A`, 36 = `a`), most significant
 * digit first, left-padded with `0` — the encoding GitHub-style tokens use for their random part and
 * their CRC-32 checksum.
 */

/** The base62 alphabet, in digit order. */
export const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const VALUES = ((): Int8Array => {
  const v = new Int8Array(128).fill(-1);
  for (let i = 0; i < BASE62_ALPHABET.length; i++) v[BASE62_ALPHABET.charCodeAt(i)] = i;
  return v;
})();

/** The value of a base62 digit (a char code), or -1. */
export function base62Digit(charCode: number): number {
  return charCode < 128 ? (VALUES[charCode] as number) : -1;
}

/** Whether every character of a non-empty string is a base62 digit. */
export function isBase62(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) if (base62Digit(s.charCodeAt(i)) < 0) return false;
  return true;
}

/**
 * Encodes a non-negative safe integer in exactly `width` base62 digits (left-padded with `0`).
 * Throws when the value does not fit.
 */
export function base62EncodeInt(value: number, width: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError('base62EncodeInt: value must be a non-negative safe integer');
  let out = '';
  let v = value;
  while (v > 0) {
    out = BASE62_ALPHABET[v % 62] + out;
    v = Math.floor(v / 62);
  }
  if (out.length > width) throw new RangeError(`base62EncodeInt: ${value} does not fit in ${width} digits`);
  return out.padStart(width, '0');
}

/** Decodes base62 digits to an integer; -1 when a character is not base62 or the value is not a safe integer. */
export function base62DecodeInt(s: string): number {
  if (s.length === 0) return -1;
  let v = 0;
  for (let i = 0; i < s.length; i++) {
    const d = base62Digit(s.charCodeAt(i));
    if (d < 0) return -1;
    v = v * 62 + d;
    if (v > Number.MAX_SAFE_INTEGER) return -1;
  }
  return v;
}

/** How many base62 digits any `byteLength` bytes need: 43 for 32 bytes. */
export function base62Width(byteLength: number): number {
  return Math.ceil((byteLength * 8) / Math.log2(62));
}

/**
 * Encodes bytes as one big-endian number in base62, left-padded with `0` to a fixed width
 * (`base62Width(bytes.length)` by default), so the same number of bytes always gives the same length.
 */
export function base62EncodeBytes(bytes: Uint8Array, width = base62Width(bytes.length)): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  while (n > 0n) {
    out = BASE62_ALPHABET[Number(n % 62n)] + out;
    n /= 62n;
  }
  if (out.length > width) throw new RangeError(`base62EncodeBytes: ${bytes.length} bytes do not fit in ${width} digits`);
  return out.padStart(width, '0');
}
