/**
 * A secret read from the environment (the admin token, DATABASE_URL): it never prints — not through JSON,
 * String(), Node's util.inspect nor Deno.inspect — and once its hash is taken the value is dropped,
 * so from then on the process holds only the hash (DESIGN §3: stored only as SHA-256).
 */
import { sha256Hex } from '@secscan/core';

const REDACTED = '[redacted]';

/** A secret value that can be hashed once and is otherwise never shown. */
export class Secret {
  #value: string | null;

  constructor(value: string) {
    this.#value = value;
  }

  /** The lower-case hex SHA-256 of the secret; the secret itself is forgotten afterwards. Throws if called twice. */
  async consumeSha256(): Promise<string> {
    const value = this.#value;
    if (value === null) throw new Error('the secret has already been consumed');
    this.#value = null;
    return sha256Hex(value);
  }

  /** The secret itself, once, for a driver that needs it (a database URL); forgotten afterwards. Throws if called twice. */
  consume(): string {
    const value = this.#value;
    if (value === null) throw new Error('the secret has already been consumed');
    this.#value = null;
    return value;
  }

  /** Always `[redacted]`. */
  toJSON(): string {
    return REDACTED;
  }

  /** Always `[redacted]`. */
  toString(): string {
    return REDACTED;
  }

  /** Node's util.inspect. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `Secret ${REDACTED}`;
  }

  /** Deno.inspect. */
  [Symbol.for('Deno.customInspect')](): string {
    return `Secret ${REDACTED}`;
  }
}
