/**
 * The connection pool and the rules every store query follows:
 * - a client-side deadline (connect timeout + statement timeout), so a store call never hangs even
 *   when the server is unreachable and its own `statement_timeout` cannot fire;
 * - errors that carry no data: postgres.js errors hold the query's parameters (token hashes, code)
 *   and PostgreSQL's messages may quote values, so callers only ever see a `DatabaseError` naming
 *   the SQLSTATE or socket error code;
 * - no notices on stdout (postgres.js prints them by default; our stdout is JSON lines).
 */
import postgres from 'postgres';

/** The postgres.js query function of a pool. */
export type Sql = postgres.Sql;

/** How to reach PostgreSQL and how long to wait for it. */
export interface PostgresOptions {
  /** `postgres://user:password@host:port/database?sslmode=…` (never logged: it holds the password). */
  url: string;
  /** Most connections the pool opens (default 10). */
  poolSize?: number;
  /** How long opening a connection may take, in ms (default 5000). */
  connectTimeoutMs?: number;
  /** How long one statement may run on the server, in ms (default 5000); PostgreSQL cancels it after that. */
  statementTimeoutMs?: number;
}

/** A store failure; its message names only the kind of error (SQLSTATE, socket error), never data. */
export class DatabaseError extends Error {
  /** The SQLSTATE (`23505`), the socket or driver code (`ECONNREFUSED`, `CONNECT_TIMEOUT`), or `TIMEOUT`. */
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.name = 'DatabaseError';
    this.code = code;
  }
}

/** A pool with the deadline and error rules above. */
export interface Database {
  /** The pool. Store code uses it through `run`, which applies the rules. */
  readonly sql: Sql;
  /** Runs one store operation within the deadline; any failure rejects with a DatabaseError. */
  run<T>(operation: (sql: Sql) => Promise<T>): Promise<T>;
  /** Resolves when the server answers `SELECT 1`; concurrent pings share one query. */
  ping(): Promise<void>;
  /** Ends the pool: lets running queries finish (up to `timeoutSeconds`), then closes every connection. */
  close(timeoutSeconds?: number): Promise<void>;
}

/** A string that is safe to show: letters, digits and `_`, at most 63 characters (SQLSTATEs, error codes, constraint names). */
function safeToken(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 63) return null;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const ok = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
    if (!ok) return null;
  }
  return value;
}

/** What the codes an operator meets most often mean (SQLSTATEs of PostgreSQL's appendix A, socket errors). */
const EXPLAINED: Readonly<Record<string, string>> = {
  '28P01': 'password authentication failed',
  '28000': 'authorization failed (role or pg_hba.conf)',
  '3D000': 'the database does not exist',
  '42501': 'permission denied',
  '57014': 'statement timeout',
  '57P01': 'the server is shutting down',
  '57P03': 'the server is starting up or shutting down',
  '53300': 'too many connections',
  '23505': 'duplicate key',
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  CONNECT_TIMEOUT: 'connect timeout',
  CONNECTION_CLOSED: 'connection closed',
  CONNECTION_ENDED: 'connection ended',
  CONNECTION_DESTROYED: 'connection destroyed',
};

/** Turns any error into a DatabaseError that says what kind of failure it was and nothing else. */
export function toDatabaseError(error: unknown): DatabaseError {
  if (error instanceof DatabaseError) return error;
  const fields = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const code = safeToken(fields['code']) ?? 'UNKNOWN';
  const constraint = safeToken(fields['constraint_name']);
  // PostgreSQL errors carry a 5-character SQLSTATE and a severity; everything else is a connection or driver failure.
  const kind = fields['severity'] !== undefined ? 'PostgreSQL error' : 'database connection failed';
  const explained = EXPLAINED[code];
  return new DatabaseError(`${kind}: ${code}${explained ? ` (${explained})` : ''}${constraint ? ` on ${constraint}` : ''}`, code);
}

/** postgres.js's reconnect delay after failed attempts, capped at 1 s so a restarted server is found quickly. */
function reconnectDelaySeconds(retries: number): number {
  return Math.min(0.05 * 2 ** retries, 1);
}

/** Opens a pool (lazily: the first query connects). */
export function openDatabase(options: PostgresOptions): Database {
  const poolSize = options.poolSize ?? 10;
  const connectTimeoutMs = options.connectTimeoutMs ?? 5000;
  const statementTimeoutMs = options.statementTimeoutMs ?? 5000;
  const deadlineMs = connectTimeoutMs + statementTimeoutMs;
  const sql = postgres(options.url, {
    max: poolSize,
    connect_timeout: connectTimeoutMs / 1000,
    backoff: reconnectDelaySeconds,
    onnotice: () => {},
    connection: { application_name: 'secscan', statement_timeout: statementTimeoutMs },
  });

  const run = <T>(operation: (sql: Sql) => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new DatabaseError(`database did not answer within ${deadlineMs} ms`, 'TIMEOUT')), deadlineMs);
      Promise.resolve()
        .then(() => operation(sql))
        .then(
          (value) => {
            clearTimeout(timer);
            resolve(value);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(toDatabaseError(error));
          },
        );
    });

  let pinging: Promise<void> | null = null;
  const ping = (): Promise<void> => {
    pinging ??= run(async (db) => {
      await db`SELECT 1`;
    }).finally(() => {
      pinging = null;
    });
    return pinging;
  };

  return { sql, run, ping, close: (timeoutSeconds = 5) => sql.end({ timeout: timeoutSeconds }) };
}
