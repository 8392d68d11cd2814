/**
 * Duplicate member names in a JSON text. RFC 8259 §4 says names SHOULD be unique and that receivers
 * differ on which duplicate they keep; JSON.parse silently keeps the last, so `{"code":"a","code":"b"}`
 * would be scanned as something a proxy or log in front of us may have read differently. We refuse
 * it (issue #12). One linear pass over a text JSON.parse has already accepted.
 */

function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** Index of the quote that closes the string opening at `open`. */
function stringEnd(text: string, open: number): number {
  let at = open + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return text.length;
    let backslashes = 0;
    for (let i = quote - 1; i > open && text.charCodeAt(i) === 0x5c; i--) backslashes++;
    if (backslashes % 2 === 0) return quote;
    at = quote + 1;
  }
}

interface Frame {
  /** Member names seen so far; null in an array. */
  names: Set<string> | null;
  /** For an object: whether the next string is a name. For an array: the index of the current element. */
  expectName: boolean;
  index: number;
  /** The name or index this frame's value sits at in its parent (the path to report). */
  at: string | number | null;
}

/** The path (member names and array indices) of the first duplicate member name, or null when there is none. */
export function findDuplicateName(text: string): (string | number)[] | null {
  const stack: Frame[] = [];
  let pendingName: string | number | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isWhitespace(c)) continue;
    const top = stack[stack.length - 1];
    if (c === 0x7b || c === 0x5b) {
      // `{` or `[`: the value at the pending name (in an object) or the current index (in an array).
      const at = top ? (top.names ? pendingName : top.index) : null;
      stack.push({ names: c === 0x7b ? new Set() : null, expectName: c === 0x7b, index: 0, at });
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
    } else if (c === 0x2c) {
      if (top?.names) top.expectName = true;
      else if (top) top.index++;
    } else if (c === 0x3a) {
      if (top) top.expectName = false;
    } else if (c === 0x22) {
      const end = stringEnd(text, i);
      if (top?.names && top.expectName) {
        const raw = text.slice(i + 1, end);
        const name = raw.includes('\\') ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        if (top.names.has(name)) return [...stack.slice(1).map((f) => f.at as string | number), name];
        top.names.add(name);
        pendingName = name;
      }
      i = end;
    }
    // Numbers, true, false and null hold no structure: their characters fall through the cases above.
  }
  return null;
}
