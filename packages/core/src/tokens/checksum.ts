/**
 * Checksummed tokens: secscan's own API keys and session tokens, and the GitHub-style checksum
 * that GitHub and npm tokens carry.
 *
 * ## secscan token format
 *
 * ```
 * <prefix><body><checksum>
 * sk_live_ 3kTMd1Jf0qJ8ZrTq7YwW5nS4d9bQ0eLxV2hGc6uKpA1 3QqaRQ      (spaces for reading only)
 *          └ 43 base62 characters (32 random bytes)     └ base62(CRC-32("sk_live_3kTM…pA1"))
 * ```
 *
 * - `prefix`: `sk_live_` for an API key ({@link API_KEY_PREFIX}), `ss_` for a session token
 *   ({@link SESSION_TOKEN_PREFIX}). The prefix tells the kinds apart and lets secret scanners find them.
 * - `body`: the random part, base62 (`0-9A-Za-z`) of at least 32 random bytes, encoded as one
 *   big-endian number left-padded with `0` to a fixed width: exactly 43 characters for 32 bytes
 *   ({@link TOKEN_MIN_BODY_LENGTH} is the minimum accepted; at most {@link TOKEN_MAX_BODY_LENGTH}).
 * - `checksum`: CRC-32 (IEEE, as zlib; {@link crc32}) of the ASCII bytes of `prefix + body`, as
 *   6 base62 digits, left-padded with `0` ({@link TOKEN_CHECKSUM_LENGTH}).
 *
 * Unlike GitHub's tokens, the checksum covers the prefix too, so a session token relabelled as an
 * API key (or the reverse) does not verify. The checksum is not a secret and not a MAC: it lets a
 * mistyped key be refused without a store look-up, and lets scanners (ours included:
 * `secrets.secscan`) tell a real leaked key from a random look-alike (a random string passes
 * with probability 2^-32). Keys are stored only as SHA-256 hashes; verify the checksum first, then
 * look the hash up and compare in constant time.
 *
 * ## GitHub-style checksum
 *
 * GitHub's classic tokens (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`) and npm's tokens (`npm_`) are a
 * 4-character prefix, 30 random base62 characters and a 6-character checksum: the CRC-32 of the
 * 30 random characters only (not the prefix), base62 with the same alphabet, left-padded with `0`.
 */

import { base62DecodeInt, base62EncodeBytes, base62EncodeInt, isBase62 } from './base62.ts';
import { crc32 } from './crc32.ts';

/** Prefix of secscan API keys. */
export const API_KEY_PREFIX = 'sk_live_';
/** Prefix of secscan session tokens. */
export const SESSION_TOKEN_PREFIX = 'ss_';
/** Prefix of invitation tokens (the secret part of an invitation link). */
export const INVITATION_TOKEN_PREFIX = 'si_';
/** Length of the base62 CRC-32 checksum that ends every checksummed token. */
export const TOKEN_CHECKSUM_LENGTH = 6;
/** Minimum length of the random body: 43 base62 digits hold 32 bytes. */
export const TOKEN_MIN_BODY_LENGTH = 43;
/** Maximum accepted length of the random body (bounds the work on hostile input). */
export const TOKEN_MAX_BODY_LENGTH = 256;
/** Random bytes in a freshly minted token's body. */
export const TOKEN_RANDOM_BYTES = 32;

/** The 6-character base62 CRC-32 of a string. */
export function base62Crc32(s: string): string {
  return base62EncodeInt(crc32(s), TOKEN_CHECKSUM_LENGTH);
}

/** Whether 6 base62 characters are the CRC-32 of `data`. */
function checksumMatches(data: string, checksum: string): boolean {
  if (checksum.length !== TOKEN_CHECKSUM_LENGTH) return false;
  const value = base62DecodeInt(checksum);
  return value >= 0 && value === crc32(data);
}

/** The checksum of a secscan token with this prefix and body (6 base62 characters). */
export function tokenChecksum(prefix: string, body: string): string {
  return base62Crc32(prefix + body);
}

/** A complete secscan token: `prefix + body + checksum`. The body must be base62 of the accepted length. */
export function checksumToken(prefix: string, body: string): string {
  if (body.length < TOKEN_MIN_BODY_LENGTH || body.length > TOKEN_MAX_BODY_LENGTH || !isBase62(body)) {
    throw new RangeError(`checksumToken: the body must be ${TOKEN_MIN_BODY_LENGTH}–${TOKEN_MAX_BODY_LENGTH} base62 characters`);
  }
  return prefix + body + tokenChecksum(prefix, body);
}

/**
 * Whether a string is a well-formed secscan token of this kind: it starts with `prefix`, its body is
 * 43–256 base62 characters, and its last 6 characters are the base62 CRC-32 of everything before them.
 * Cheap and constant-time enough to run before any store look-up (it reveals nothing secret).
 */
export function verifyTokenChecksum(token: string, prefix: string): boolean {
  if (!token.startsWith(prefix)) return false;
  const bodyLength = token.length - prefix.length - TOKEN_CHECKSUM_LENGTH;
  if (bodyLength < TOKEN_MIN_BODY_LENGTH || bodyLength > TOKEN_MAX_BODY_LENGTH) return false;
  const rest = token.slice(prefix.length);
  if (!isBase62(rest)) return false;
  return checksumMatches(token.slice(0, token.length - TOKEN_CHECKSUM_LENGTH), token.slice(-TOKEN_CHECKSUM_LENGTH));
}

/** Mints a new secscan token: `bytes` (default 32) random bytes from the platform CSPRNG, base62, checksummed. */
export function mintToken(prefix: string, bytes = TOKEN_RANDOM_BYTES): string {
  if (!Number.isInteger(bytes) || bytes < TOKEN_RANDOM_BYTES || bytes > 128) throw new RangeError('mintToken: bytes must be an integer in 32..128');
  const random = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(random);
  return checksumToken(prefix, base62EncodeBytes(random));
}

/**
 * Whether a GitHub-style token (`ghp_…`, `npm_…`: a 4-character prefix, 30 base62 characters,
 * a 6-character checksum) carries a valid checksum: CRC-32 of the 30 random characters.
 */
export function verifyGithubStyleChecksum(token: string): boolean {
  if (token.length !== 40) return false;
  const entropy = token.slice(4, 34);
  const checksum = token.slice(34);
  return isBase62(entropy) && checksumMatches(entropy, checksum);
}
