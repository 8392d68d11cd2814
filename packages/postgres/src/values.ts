/**
 * Values between PostgreSQL and the store interfaces: ids checked before they reach a `uuid`
 * column, times as ISO 8601 strings, and `bigint`s (which postgres.js hands back as strings, since
 * they may exceed 2^53) as numbers where the store knows they are small enough.
 */

/** Whether a string is a UUID in its canonical hex form (any version), so a `uuid` column accepts it. */
export function isUuid(value: string): boolean {
  if (value.length !== 36) return false;
  for (let i = 0; i < 36; i++) {
    const c = value.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (c !== 0x2d) return false;
    } else if (!((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46))) {
      return false;
    }
  }
  return true;
}

/** A timestamptz as an ISO 8601 UTC string (millisecond precision, as the stores write them). */
export function iso(value: Date): string {
  return value.toISOString();
}

/** A nullable timestamptz as an ISO 8601 UTC string or null. */
export function isoOrNull(value: Date | null): string | null {
  return value === null ? null : value.toISOString();
}

/** A `bigint` column (a decimal string from postgres.js) as a number; throws beyond 2^53, where a number would round. */
export function bigintToNumber(value: string | number | bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError('a bigint from the database is not a safe integer');
  return n;
}
