/**
 * The servers' log: one JSON object per line on stdout, which every log shipper reads as is.
 * Entries carry ids, methods, paths, statuses and timings — never request bodies (code),
 * credentials or query strings; the app's logger hooks only hand over those fields.
 *
 * Writing one line per request was a quarter of a health request's cost on Node (a write system
 * call each, and a wake-up of whatever reads the pipe), so lines are batched: every line of a
 * 10 ms interval goes out in one write (a profile of a loaded Node server still showed the
 * once-per-event-loop-turn write at ~7% of its CPU, and the reader woken as often; issue #12).
 * A line waits at most 10 ms; 64 KiB pending are written at once. Lines are only ever written
 * whole; `flush()` writes what is pending at once (before the process exits).
 */
import type { RequestLogEntry } from '../deps.ts';
import { createIsoTime } from '../iso-time.ts';

/** Severity of a log line. */
export type LogLevel = 'info' | 'warn' | 'error';

/** Writes structured log lines. */
export interface JsonLog {
  info(msg: string, fields?: Readonly<Record<string, unknown>>): void;
  warn(msg: string, fields?: Readonly<Record<string, unknown>>): void;
  error(msg: string, fields?: Readonly<Record<string, unknown>>): void;
  /** The access log line of one request: `info` "request" with the entry's fields, in their order. */
  request(entry: RequestLogEntry): void;
}

/** Whether a string can go between JSON quotes as it is: printable ASCII without `"` or `\`. */
function isPlainJsonText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return false;
  }
  return true;
}

/** A JSON string literal, without JSON.stringify for the plain text ids and labels usually are. */
function jsonString(text: string): string {
  return isPlainJsonText(text) ? `"${text}"` : JSON.stringify(text);
}

/** A line writer that batches the lines of a short interval into one write. */
export interface LineBatcher {
  /** Queues one line (without its newline). */
  writeLine(line: string): void;
  /** Writes every queued line now. */
  flush(): void;
}

/** Pending text beyond which lines are written at once rather than at the end of the interval. */
const MAX_PENDING_CHARS = 64 * 1024;
/** Longest a line waits to be written. */
export const FLUSH_INTERVAL_MS = 10;

/** Runs `task` in `ms`, without keeping the process alive for it (Node, Bun; Deno's timers have no unref). */
function later(task: () => void, ms: number): void {
  const timer = setTimeout(task, ms) as { unref?: () => void };
  timer.unref?.();
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
        later(flush, FLUSH_INTERVAL_MS);
      }
    },
    flush,
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
    // Written by hand: one line per request, the most frequent thing a server does besides answering.
    request: (entry) => {
      const caller = entry.caller === undefined ? '' : `,"caller":${jsonString(entry.caller)}`;
      const duration = Number.isFinite(entry.durationMs) ? entry.durationMs : null;
      writeLine(
        `{"time":"${isoTime(now())}","level":"info","msg":"request","requestId":${jsonString(entry.requestId)},"method":${jsonString(entry.method)},"path":${jsonString(entry.path)},"status":${entry.status},"durationMs":${duration}${caller}}`,
      );
    },
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
