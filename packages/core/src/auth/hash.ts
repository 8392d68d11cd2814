/**
 * Hashing and comparing secrets. Keys and session tokens carry 32 random bytes, so one SHA-256
 * (no salt, no slow KDF) is enough to make a leaked table useless and lets the store look a
 * token up by its hash (DESIGN §3). Web Crypto (`crypto.subtle`) runs on Node, Bun and Deno alike.
 */

const encoder = new TextEncoder();
const HEX: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Lower-case hex SHA-256 of a string's UTF-8 bytes. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
  let hex = '';
  for (const byte of digest) hex += HEX[byte];
  return hex;
}

/**
 * Whether two strings are equal, in a time that depends only on their length, never on where they
 * first differ. Lengths are not secret here: we compare SHA-256 hex digests, always 64 characters.
 */
export function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** Whether two byte arrays are equal, in a time that depends only on their length. */
export function timingSafeEqualBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] as number) ^ (b[i] as number);
  return difference === 0;
}
