/**
 * Access-path patterns, the vocabulary rules use to name APIs: `subprocess.run`,
 * `req.{query,body,params}`, `*.execute`, `**.getParameter()`.
 *
 * A path is the dotted chain an expression denotes, one segment per name; a segment that is a
 * call ends in `()`, an index is `[]`: `request.args.get('id')` is `request.args.get()`,
 * `$_GET['id']` is `$_GET.[]`. A pattern segment is a name, `*` (any one segment), `{a,b}`
 * (alternatives; `{a,b}()` for calls), or a name with one `*` inside (`*View` ends in `View`, `get_*`
 * starts with `get_`; also among alternatives: `{*View,*ViewSet}`). A leading `*` matches one or more leading segments, so
 * `*.query` is "a method named query on any receiver" (`db.query`, `this.db.query`,
 * `db.promise().query`); a leading `**` matches zero or more (`**.raw` also matches a bare `raw()`).
 * Matching is a plain loop over segments: no regular expressions, so nothing can backtrack.
 */

/** A name with one `*` in it: any name with this prefix and suffix (`*View`, `get_*`, `*celery`). */
interface Glob {
  prefix: string;
  suffix: string;
}

type Segment = { any: true; call: boolean | null } | { any: false; names: ReadonlySet<string>; globs: readonly Glob[] | null };

/** A compiled pattern. */
export interface PathPattern {
  readonly source: string;
  /** Segments after an optional leading `**`. */
  readonly segments: readonly Segment[];
  /** Leading `**` (zero or more segments) or `*` (one or more) before `segments`. */
  readonly floating: 'none' | 'zero' | 'one';
  /** Names the last segment can take (for dispatch by method name), or null for `*` and globs. */
  readonly lastNames: readonly string[] | null;
}

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '{' || ch === '(' || ch === '[') depth++;
    else if (ch === '}' || ch === ')' || ch === ']') depth--;
    else if (ch === '.' && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts;
}

/** Splits names into plain ones and globs (one `*` inside a name). */
function namesAndGlobs(names: readonly string[], pattern: string): Segment {
  const plain = new Set<string>();
  const globs: Glob[] = [];
  for (const n of names) {
    const star = n.indexOf('*');
    // A name of punctuation around the star is a name, not a glob (Ruby's `$*`, the argument list).
    if (star < 0 || !/[A-Za-z0-9_]/.test(n)) {
      plain.add(n);
      continue;
    }
    if (n.indexOf('*', star + 1) >= 0) throw new Error(`a segment of path pattern "${pattern}" has more than one "*"`);
    globs.push({ prefix: n.slice(0, star), suffix: n.slice(star + 1) });
  }
  return { any: false, names: plain, globs: globs.length > 0 ? globs : null };
}

function compileSegment(raw: string, pattern: string): Segment {
  if (raw === '*') return { any: true, call: null };
  if (raw === '*()') return { any: true, call: true };
  let body = raw;
  let suffix = '';
  if (body.endsWith('()')) {
    body = body.slice(0, -2);
    suffix = '()';
  }
  if (body.startsWith('{') && body.endsWith('}')) {
    const names = body
      .slice(1, -1)
      .split(',')
      .map((n) => n.trim() + suffix);
    if (names.some((n) => n === suffix || n === `*${suffix}`)) throw new Error(`empty alternative in path pattern "${pattern}"`);
    return namesAndGlobs(names, pattern);
  }
  if (body === '' && suffix === '') throw new Error(`empty segment in path pattern "${pattern}"`);
  return namesAndGlobs([body + suffix], pattern);
}

const cache = new Map<string, PathPattern>();

/** Compiles a pattern (cached: patterns are shared by many rules). */
export function compilePattern(source: string): PathPattern {
  const hit = cache.get(source);
  if (hit) return hit;
  let parts = splitTopLevel(source.trim());
  let floating: PathPattern['floating'] = 'none';
  if (parts[0] === '**' || (parts[0] === '*' && parts.length > 1)) {
    floating = parts[0] === '**' ? 'zero' : 'one';
    parts = parts.slice(1);
  }
  if (parts.length === 0) throw new Error(`path pattern "${source}" has no segments`);
  const segments = parts.map((p) => compileSegment(p, source));
  const last = segments[segments.length - 1] as Segment;
  const lastNames = last.any || last.globs ? null : [...last.names].map((n) => (n.endsWith('()') ? n.slice(0, -2) : n));
  const compiled: PathPattern = { source, segments, floating, lastNames };
  cache.set(source, compiled);
  return compiled;
}

function segmentMatches(seg: Segment, name: string): boolean {
  if (seg.any) return seg.call === null || seg.call === name.endsWith('()');
  if (seg.names.has(name)) return true;
  if (!seg.globs) return false;
  for (const g of seg.globs) if (name.length >= g.prefix.length + g.suffix.length && name.startsWith(g.prefix) && name.endsWith(g.suffix)) return true;
  return false;
}

function matchesAt(pattern: PathPattern, path: readonly string[], offset: number): boolean {
  const segs = pattern.segments;
  if (offset + segs.length > path.length) return false;
  for (let i = 0; i < segs.length; i++) {
    if (!segmentMatches(segs[i] as Segment, path[offset + i] as string)) return false;
  }
  return true;
}

/** Whether the whole path matches (a floating pattern matches any path that ends with it). */
export function matchesPath(pattern: PathPattern, path: readonly string[]): boolean {
  const n = pattern.segments.length;
  if (pattern.floating === 'none') return path.length === n && matchesAt(pattern, path, 0);
  const min = pattern.floating === 'one' ? n + 1 : n;
  return path.length >= min && matchesAt(pattern, path, path.length - n);
}

/**
 * Length of the path prefix the pattern matches, or -1. A floating pattern may start anywhere.
 * Used for sources: `req.query` matches `req.query.id.trim()` with length 2.
 */
export function matchPrefix(pattern: PathPattern, path: readonly string[]): number {
  if (pattern.floating === 'none') return matchesAt(pattern, path, 0) ? pattern.segments.length : -1;
  for (let offset = pattern.floating === 'one' ? 1 : 0; offset + pattern.segments.length <= path.length; offset++) {
    if (matchesAt(pattern, path, offset)) return offset + pattern.segments.length;
  }
  return -1;
}

/** A set of patterns matched together. */
export class PatternSet {
  readonly patterns: readonly PathPattern[];
  /** Patterns by the names their last segment accepts, so a whole-path match tries only those that can end the path. */
  readonly #byLast = new Map<string, PathPattern[]>();
  /** Patterns whose last segment is a wildcard or a glob: tried for every path. */
  readonly #anyLast: PathPattern[] = [];

  constructor(sources: readonly string[]) {
    this.patterns = sources.map(compilePattern);
    for (const p of this.patterns) {
      if (p.lastNames === null) {
        this.#anyLast.push(p);
        continue;
      }
      for (const name of p.lastNames) {
        const list = this.#byLast.get(name);
        if (!list) this.#byLast.set(name, [p]);
        else if (!list.includes(p)) list.push(p);
      }
    }
  }

  /** Whether any pattern matches the whole path. */
  matches(path: readonly string[]): boolean {
    const last = path[path.length - 1];
    if (last === undefined) return false;
    const named = this.#byLast.get(last.endsWith('()') ? last.slice(0, -2) : last);
    if (named) for (const p of named) if (matchesPath(p, path)) return true;
    for (const p of this.#anyLast) if (matchesPath(p, path)) return true;
    return false;
  }

  /** Longest prefix any pattern matches, or -1. */
  prefix(path: readonly string[]): number {
    let best = -1;
    for (const p of this.patterns) {
      const n = matchPrefix(p, path);
      if (n > best) best = n;
    }
    return best;
  }
}
