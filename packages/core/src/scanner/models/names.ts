/**
 * Turns the text of decorators, annotations, attributes and declared types into access paths that
 * model patterns match: `@app.route("/x")` → `app.route`, `@org.springframework.web.bind.annotation.GetMapping`
 * → its segments, `[HttpPost("x"), Authorize]` → `HttpPost` and `Authorize`, `*http.Request` →
 * `http.Request`, `List<String>` → `List`. Plain character scans: nothing here can backtrack.
 */

const SEPARATORS = new Set(['.', ':', '\\']);

function isNameChar(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_' || c === '$';
}

/** Reads a dotted name (`a.b.c`, `a::b`, `A\\B`) from the start of `text`, after skipping `skip` characters. */
function dottedName(text: string, skip: string): string[] {
  let i = 0;
  while (i < text.length && (skip.includes(text[i] as string) || text[i] === ' ' || text[i] === '\t')) i++;
  const segments: string[] = [];
  let current = '';
  for (; i < text.length; i++) {
    const c = text[i] as string;
    if (isNameChar(c)) current += c;
    else if (SEPARATORS.has(c)) {
      if (current) segments.push(current);
      current = '';
    } else break;
  }
  if (current) segments.push(current);
  return segments;
}

/** The paths a decorator, annotation or attribute text names (an attribute list may name several). */
export function annotationPaths(text: string): string[][] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    // C# attributes: `[HttpPost("x"), Authorize]`, `[return: NotNull]` — split at top-level commas.
    const out: string[][] = [];
    let depth = 0;
    let from = 1;
    for (let i = 1; i <= trimmed.length; i++) {
      const c = trimmed[i];
      if (c === '(' || c === '[' || c === '{') depth++;
      else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--;
      else if ((c === ',' && depth === 0) || c === undefined || (c === ']' && depth === 0)) {
        const path = dottedName(trimmed.slice(from, i), '');
        if (path.length > 0) out.push(path);
        from = i + 1;
        if (c === ']') break;
      }
    }
    return out;
  }
  const path = dottedName(trimmed, '@#');
  return path.length > 0 ? [path] : [];
}

/** The path a declared type names, without pointers, references, qualifiers, generics or array marks. */
export function typePath(text: string): string[] {
  let t = text.trim();
  for (const prefix of ['const ', 'final ', 'readonly ', 'struct ', 'class ']) if (t.startsWith(prefix)) t = t.slice(prefix.length);
  return dottedName(t, '*&?[]');
}
