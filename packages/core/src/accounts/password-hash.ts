/**
 * Password hashing with Argon2id (RFC 9106), the first choice of the OWASP Password Storage Cheat
 * Sheet, with its recommended minimum: m = 19 MiB, t = 2, p = 1. `hash-wasm` computes it in
 * WebAssembly, which Node, Bun and Deno (and browsers) run alike, so the core stays free of runtime
 * APIs. Measured on our 2-core machine (busy): 130–200 ms per hash on Node, Bun and Deno. Hashes are
 * PHC strings (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`), so the parameters travel with
 * each hash and can be raised later: `needsRehash` tells when a stored hash is weaker than today's.
 */
import { argon2id } from 'hash-wasm';
import { timingSafeEqualBytes } from '../auth/hash.ts';
import { normalizePassword } from './password-policy.ts';

/** Argon2id cost parameters. */
export interface Argon2Parameters {
  /** Memory in KiB. */
  memoryKiB: number;
  /** Passes over the memory. */
  iterations: number;
  parallelism: number;
}

/** OWASP Password Storage Cheat Sheet, Argon2id, first configuration: 19 MiB, 2 iterations, 1 lane. */
export const OWASP_ARGON2ID: Readonly<Argon2Parameters> = Object.freeze({ memoryKiB: 19_456, iterations: 2, parallelism: 1 });

const SALT_BYTES = 16;
const HASH_BYTES = 32;

/** Unpadded standard base64, as PHC strings write salts and hashes. */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('=', '');
}

function fromBase64(text: string): Uint8Array | null {
  try {
    const binary = atob(text + '='.repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** A parsed PHC string of ours. */
interface ParsedHash {
  parameters: Argon2Parameters;
  salt: Uint8Array;
  hash: Uint8Array;
}

/** Parses `$argon2id$v=19$m=…,t=…,p=…$salt$hash` by splitting (no regex); null for anything else. */
function parseHash(phc: string): ParsedHash | null {
  const parts = phc.split('$');
  if (parts.length !== 6 || parts[0] !== '' || parts[1] !== 'argon2id' || parts[2] !== 'v=19') return null;
  const values = new Map((parts[3] ?? '').split(',').map((pair) => [pair.slice(0, pair.indexOf('=')), Number(pair.slice(pair.indexOf('=') + 1))]));
  const memoryKiB = values.get('m');
  const iterations = values.get('t');
  const parallelism = values.get('p');
  const salt = fromBase64(parts[4] ?? '');
  const hash = fromBase64(parts[5] ?? '');
  for (const n of [memoryKiB, iterations, parallelism]) if (n === undefined || !Number.isSafeInteger(n) || n < 1 || n > 4_194_304) return null;
  if (!salt || !hash || salt.length < 8 || hash.length < 16) return null;
  return { parameters: { memoryKiB: memoryKiB as number, iterations: iterations as number, parallelism: parallelism as number }, salt, hash };
}

async function derive(password: string, salt: Uint8Array, parameters: Argon2Parameters, length: number): Promise<Uint8Array> {
  return argon2id({
    password: normalizePassword(password),
    salt,
    parallelism: parameters.parallelism,
    iterations: parameters.iterations,
    memorySize: parameters.memoryKiB,
    hashLength: length,
    outputType: 'binary',
  });
}

/** Hashes a password (NFKC-normalised) with a fresh random salt; resolves its PHC string. */
export async function hashPassword(password: string, parameters: Argon2Parameters = OWASP_ARGON2ID): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, parameters, HASH_BYTES);
  return `$argon2id$v=19$m=${parameters.memoryKiB},t=${parameters.iterations},p=${parameters.parallelism}$${toBase64(salt)}$${toBase64(hash)}`;
}

/**
 * Whether a password matches a PHC string; the derived bytes are compared in constant time. A
 * malformed hash never matches (and still costs a hash, so it takes as long as a real one).
 */
export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const parsed = parseHash(phc);
  if (!parsed) {
    await derive(password, new Uint8Array(SALT_BYTES), OWASP_ARGON2ID, HASH_BYTES);
    return false;
  }
  const derived = await derive(password, parsed.salt, parsed.parameters, parsed.hash.length);
  return timingSafeEqualBytes(derived, parsed.hash);
}

/** Whether a stored hash uses weaker parameters than `parameters` (then rehash at the next sign-in). */
export function needsRehash(phc: string, parameters: Argon2Parameters = OWASP_ARGON2ID): boolean {
  const parsed = parseHash(phc);
  if (!parsed) return true;
  const p = parsed.parameters;
  return p.memoryKiB < parameters.memoryKiB || p.iterations < parameters.iterations || p.parallelism !== parameters.parallelism;
}
