/**
 * Stable finding ids. Like GitHub's `primaryLocationLineHash`, the id hashes the rule, the
 * whitespace-normalised text of the reported line and how many identical (rule, text) pairs came
 * before it — not the line number — so a finding keeps its id when code above it moves.
 *
 * The text hashed is the line **as shown**, with secret values masked (mask.ts): an id must not be
 * a way to brute-force a masked password back (issue #12: `db_password: k******` and the FNV-1a of
 * its clear line gave `k9x2mq7` away in seconds). A line without masked values hashes exactly as
 * before, so ids of ordinary findings did not change; findings on lines with secrets got new ids
 * once (docs/hardening.md).
 *
 * Cost: FNV-1a runs left to right, so the state after `ruleId NUL line` is kept per (rule, line)
 * and each finding only hashes its occurrence number on top. A line is normalised once, however
 * many findings it has: thousands of findings on one long line cost one pass over it, not one each.
 */

/** 32-bit FNV-1a of a string's UTF-16 code units, continuing from `basis` (an offset basis or an earlier state). */
function fnv1a(text: string, basis: number): number {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const BASIS_A = 0x811c9dc5;
const BASIS_B = 0x050c5d1f;

function hex(a: number, b: number): string {
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** A 64-bit (two independent 32-bit halves) hex digest; not for security, only identity. */
export function stableHash(text: string): string {
  return hex(fnv1a(text, BASIS_A), fnv1a(text, BASIS_B));
}

/** Collapses every run of whitespace to one space and trims, as the id hashes a line. */
export function normalizeLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Assigns ids to findings in order: `occurrence` distinguishes identical lines. */
export class Fingerprinter {
  /** Occurrences so far per rule and normalised line (keyed by the line's hash: long lines make slow map keys). */
  readonly #seen = new Map<string, number>();
  /** FNV states after `ruleId NUL normalisedLine`, per rule and line. */
  readonly #prefix = new Map<string, readonly [number, number]>();

  /**
   * The id of the next finding of `ruleId` on a line: `lineKey` names the line (its number),
   * `normalized` is its masked, normalised text and `lineHash` that text's `stableHash`.
   */
  id(ruleId: string, lineKey: number, normalized: string, lineHash: string): string {
    const seenKey = `${ruleId}\u0000${lineHash}`;
    const occurrence = this.#seen.get(seenKey) ?? 0;
    this.#seen.set(seenKey, occurrence + 1);
    const prefixKey = `${ruleId}\u0000${lineKey}`;
    let state = this.#prefix.get(prefixKey);
    if (!state) {
      const head = `${ruleId}\u0000`;
      state = [fnv1a(normalized, fnv1a(head, BASIS_A)), fnv1a(normalized, fnv1a(head, BASIS_B))];
      this.#prefix.set(prefixKey, state);
    }
    const tail = `\u0000${occurrence}`;
    return hex(fnv1a(tail, state[0]), fnv1a(tail, state[1]));
  }
}
