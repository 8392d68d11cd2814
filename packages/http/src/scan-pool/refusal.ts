/** Why the scan service gave no result for a scan, and how the scan route answers each reason. */

/**
 * - `busy`: every scan slot is taken and the wait queue is full (or the scan waited too long) — 503 with Retry-After;
 * - `closed`: the server is shutting down — 503 with Retry-After;
 * - `timeout`: the scan ran past SECSCAN_SCAN_TIMEOUT_MS and its worker was stopped — 422 `scan_timeout`;
 * - `failed`: the worker running the scan crashed (it was replaced) — 422 `scan_failed`.
 */
export type ScanRefusalReason = 'busy' | 'closed' | 'timeout' | 'failed';

/** A scan the scan service refused or could not finish; `scan()` rejects with this, never with anything else. */
export class ScanRefusedError extends Error {
  readonly reason: ScanRefusalReason;
  /** Seconds a client should wait before trying again (`busy`, `closed`); null when retrying the same input would not help. */
  readonly retryAfterSeconds: number | null;

  constructor(reason: ScanRefusalReason, message: string, retryAfterSeconds: number | null = null) {
    super(message);
    this.name = 'ScanRefusedError';
    this.reason = reason;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
