/** CRC-32, base62 and checksummed tokens: shared by the secret detectors and the API-key auth. */
export { crc32, crc32Update } from './crc32.ts';
export { BASE62_ALPHABET, base62DecodeInt, base62Digit, base62EncodeBytes, base62EncodeInt, base62Width, isBase62 } from './base62.ts';
export {
  API_KEY_PREFIX,
  INVITATION_TOKEN_PREFIX,
  SESSION_TOKEN_PREFIX,
  TOKEN_CHECKSUM_LENGTH,
  TOKEN_MAX_BODY_LENGTH,
  TOKEN_MIN_BODY_LENGTH,
  TOKEN_RANDOM_BYTES,
  base62Crc32,
  checksumToken,
  mintToken,
  tokenChecksum,
  verifyGithubStyleChecksum,
  verifyTokenChecksum,
} from './checksum.ts';
