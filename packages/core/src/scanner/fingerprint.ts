/**
 * Stable finding ids. Like GitHub's `primaryLocationLineHash`, the id hashes the rule, the
 * whitespace-normalised text of the reported line and how many identical (rule, text) pairs came
 * before it — not the line number — so a finding keeps its id when code above it moves.
 */

/** 32-bit FNV-1a of a string's UTF-16 code units, with a chosen offset basis. */
function fnv1a(text: string, basis: number): number {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A 64-bit (two independent 32-bit halves) hex digest; not for security, only identity. */
export function stableHash(text: string): string {
  const a = fnv1a(text, 0x811c9dc5).toString(16).padStart(8, '0');
  const b = fnv1a(text, 0x050c5d1f).toString(16).padStart(8, '0');
  return a + b;
}

/** Assigns ids to findings in order: `occurrence` distinguishes identical lines. */
export class Fingerprinter {
  readonly #seen = new Map<string, number>();

  id(ruleId: string, lineText: string): string {
    const normalized = lineText.replace(/\s+/g, ' ').trim();
    const key = `${ruleId}\u0000${normalized}`;
    const occurrence = this.#seen.get(key) ?? 0;
    this.#seen.set(key, occurrence + 1);
    return stableHash(`${key}\u0000${occurrence}`);
  }
}
