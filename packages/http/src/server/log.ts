/**
 * The servers' log: one JSON object per line on stdout, which every log shipper reads as is.
 * Entries carry ids, methods, paths, statuses and timings — never request bodies (code),
 * credentials or query strings; the app's logger hooks only hand over those fields.
 */

/** Severity of a log line. */
export type LogLevel = 'info' | 'warn' | 'error';

/** Writes structured log lines. */
export interface JsonLog {
  info(msg: string, fields?: Readonly<Record<string, unknown>>): void;
  warn(msg: string, fields?: Readonly<Record<string, unknown>>): void;
  error(msg: string, fields?: Readonly<Record<string, unknown>>): void;
}

/** A JSON-lines log over a line writer (stdout), with the time from `now` (Unix ms). */
export function createJsonLog(writeLine: (line: string) => void, now: () => number = () => Date.now()): JsonLog {
  const write = (level: LogLevel, msg: string, fields: Readonly<Record<string, unknown>> = {}): void => {
    writeLine(JSON.stringify({ time: new Date(now()).toISOString(), level, msg, ...fields }));
  };
  return {
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
  };
}
