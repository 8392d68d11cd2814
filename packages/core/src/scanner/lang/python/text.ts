/**
 * Text helpers for the Python pack that stay linear on any input: the checks that used to be one
 * regular expression with unbounded `\s*` / `[\w.]*` runs (see the ReDoS lint, scripts/lint-regex.ts)
 * are a literal found with `indexOf` followed by an anchored pattern on a bounded slice, or a split
 * into dotted segments.
 */

/** A character of `\w` (ASCII letters, digits, `_`). */
export function wordChar(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_');
}

/**
 * Whether `literal` occurs in `text` followed by what the anchored (`^…`) pattern `after` matches
 * within `window` characters: `findAfter(code, 'methods', /^\s*=\s*\[/)` is `/methods\s*=\s*\[/`
 * without the backtracking. With `word`, the literal must start a word (`\b` before it).
 */
export function findAfter(text: string, literal: string, after: RegExp, word = false, window = 256): boolean {
  for (let i = text.indexOf(literal); i >= 0; i = text.indexOf(literal, i + 1)) {
    if (word && wordChar(text[i - 1])) continue;
    const start = i + literal.length;
    if (after.test(text.slice(start, start + window))) return true;
  }
  return false;
}

/** The text after the last `.`: `settings.AUTH_COOKIE` → `AUTH_COOKIE`, `md5` → `md5`. */
export function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1);
}

/** The last dotted segment when it is a word (`hashlib.md5` → `md5`), else null (`f(x)`, `a.b()`). */
export function lastWord(path: string): string | null {
  const last = lastSegment(path);
  return /^\w+$/.test(last) ? last : null;
}

const NAME_CHAR = /[\w.]/;

/** The run of letters, digits, `_` and `.` at `start`: the dotted name `app.route` in `app.route("/")`. */
export function dottedAt(text: string, start: number): string {
  let end = start;
  while (end < text.length && NAME_CHAR.test(text[end] as string)) end++;
  return text.slice(start, end);
}

/** A decorator's dotted name and the character after it: `@app.route("/x")` → `app.route`, `(`. Null when the text is not a decorator. */
export function decoratorName(decorator: string): { name: string; next: string } | null {
  if (!decorator.startsWith('@')) return null;
  const rest = decorator.slice(1).trimStart();
  const name = dottedAt(rest, 0);
  return { name, next: rest[name.length] ?? '' };
}

/**
 * Whether a decorator is `@<anything>.<member>` for one of `members` (`@app.route(…)`, `@router.get`,
 * `@bp.post.x`) or `@<bare>` for one of `bare` (`@route(…)`, `@api_view([…])`).
 */
export function decoratorIs(decorator: string, members: ReadonlySet<string>, bare: ReadonlySet<string>): boolean {
  const d = decoratorName(decorator);
  if (!d) return false;
  const segments = d.name.split('.');
  if (bare.has(segments[0] as string)) return true;
  for (let i = 1; i < segments.length; i++) if (members.has(segments[i] as string)) return true;
  return false;
}

/**
 * Celery task decorators: `@shared_task`, `@shared_task(bind=True)`, `@app.task`, `@celery.task(...)`,
 * `@celery_app.task`. A task's arguments arrive as broker messages, often straight from a request or a partner feed.
 */
export function isCeleryTaskDecorator(decorator: string): boolean {
  const d = decoratorName(decorator);
  if (!d) return false;
  if (d.name === 'shared_task' || d.name === 'celery.shared_task') return true;
  const dot = d.name.lastIndexOf('.');
  if (dot <= 0 || d.name.slice(dot + 1) !== 'task') return false;
  const owner = d.name.slice(0, dot);
  return owner === 'app' || owner === 'celery' || owner.endsWith('celery') || owner.endsWith('celery_app') || owner === 'worker' || owner === 'broker';
}
