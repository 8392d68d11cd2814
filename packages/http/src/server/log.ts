/**
 * The servers' log: one JSON object per line on stdout, which every log shipper reads as is.
 * Entries carry ids, methods, paths, statuses and timings — never request bodies (code),
 * credentials or query strings; the app's logger hooks only hand over those fields.
 *
 * Writing one line per request was a quarter of a health request's cost on Node (a write system
 * call each, and a wake-up of whatever reads the pipe), so lines are batched: every line of one
 * turn of the event loop goes out in one write, right after the turn. Lines are only ever written
 * whole; `flush()` writes what is pending at once (before the process exits).
 */

/** Severity of a log line. */
export type LogLevel = 'info' | 'warn' | 'error';

/** Writes structured log lines. */
export interface JsonLog {
  info(msg: string, fields?: Readonly<Record<string, unknown>>): void;
  warn(msg: string, fields?: Readonly<Record<string, unknown>>): void;
  error(msg: string, fields?: Readonly<Record<string, unknown>>): void;
}

/** A line writer that batches lines per event-loop turn. */
export interface LineBatcher {
  /** Queues one line (without its newline). */
  writeLine(line: string): void;
  /** Writes every queued line now. */
  flush(): void;
}

/** Pending text beyond which lines are written at once rather than at the end of the turn. */
const MAX_PENDING_CHARS = 64 * 1024;

/** Runs `task` after the current turn's I/O callbacks (setImmediate on Node, Bun and Deno; a 0 ms timer elsewhere). */
function afterThisTurn(task: () => void): void {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
  if (immediate) immediate(task);
  else setTimeout(task, 0);
}

/**
 * Batches lines for `write`, which receives several lines joined by `\n` and adds the final
 * newline itself, as the servers' stdout writers do for a single line.
 */
export function createLineBatcher(write: (lines: string) => void): LineBatcher {
  let pending: string[] = [];
  let chars = 0;
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    if (pending.length === 0) return;
    const lines = pending;
    pending = [];
    chars = 0;
    write(lines.join('\n'));
  };
  return {
    writeLine(line) {
      pending.push(line);
      chars += line.length;
      if (chars > MAX_PENDING_CHARS) flush();
      else if (!scheduled) {
        scheduled = true;
        afterThisTurn(flush);
      }
    },
    flush,
  };
}

/** `new Date(ms).toISOString()`, remembered for the last millisecond asked (a busy server logs many lines per millisecond). */
function createIsoTime(): (ms: number) => string {
  let lastMs = Number.NaN;
  let last = '';
  return (ms) => {
    if (ms !== lastMs) {
      lastMs = ms;
      last = new Date(ms).toISOString();
    }
    return last;
  };
}

/** A JSON-lines log over a line writer (stdout), with the time from `now` (Unix ms). */
export function createJsonLog(writeLine: (line: string) => void, now: () => number = () => Date.now()): JsonLog {
  const isoTime = createIsoTime();
  const write = (level: LogLevel, msg: string, fields: Readonly<Record<string, unknown>> = {}): void => {
    // The fixed members are written by hand (they need no escaping: ISO time and level are ours,
    // msg is a literal of the code); the fields go through JSON.stringify.
    if ('time' in fields || 'level' in fields || 'msg' in fields) {
      writeLine(JSON.stringify({ time: isoTime(now()), level, msg, ...fields }));
      return;
    }
    const rest = JSON.stringify(fields);
    const head = `{"time":"${isoTime(now())}","level":"${level}","msg":${JSON.stringify(msg)}`;
    writeLine(rest === '{}' ? `${head}}` : `${head},${rest.slice(1)}`);
  };
  return {
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
  };
}

/** A warning that a flood would repeat: logged at most once a second per kind, with how many were left out. */
export type ThrottledWarning = (kind: string, message: string, fields?: Readonly<Record<string, unknown>>) => void;

/**
 * Wraps `warn` so that each kind of warning is written at most once a second; the next line says how
 * many were left out meanwhile (`suppressedSinceLast`). For what a flood makes happen per connection:
 * refusals at the connection cap, accept errors.
 */
export function throttledWarnings(warn: (message: string, fields?: Readonly<Record<string, unknown>>) => void, now: () => number = () => Date.now()): ThrottledWarning {
  const last = new Map<string, { at: number; suppressed: number }>();
  return (kind, message, fields = {}) => {
    const at = now();
    const entry = last.get(kind);
    if (entry && at - entry.at < 1000) {
      entry.suppressed++;
      return;
    }
    warn(message, entry && entry.suppressed > 0 ? { ...fields, suppressedSinceLast: entry.suppressed } : fields);
    last.set(kind, { at, suppressed: 0 });
  };
}
