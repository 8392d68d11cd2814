/** What `createApp` is built from: every capability with I/O is passed in, so the app runs anywhere. */
import type { Scanner, Stores } from '@secscan/core';

/** Settings of the app (see config.ts for their environment variables and defaults). */
export interface AppConfig {
  /** Version reported by health and OpenAPI. */
  version: string;
  /** Largest request body in bytes; larger is refused with 413 while it streams in. */
  maxBodyBytes: number;
  /** Largest `code` in UTF-8 bytes; larger is refused with 413. */
  maxCodeBytes: number;
  /** Whether stored scans keep the submitted code (off by default: it is the user's source). */
  storeCode: boolean;
  /** Wall-clock budget of one scan in ms; past it the scan stops and reports `truncated`. */
  scanTimeBudgetMs: number;
  /** How long health waits for the store's ping before answering 503. */
  healthTimeoutMs: number;
  /** Origins allowed by CORS (`*` for any); empty turns CORS off. */
  corsOrigins: readonly string[];
}

/** A source of wall-clock time (Unix ms); tests pass a fixed one. */
export interface Clock {
  now(): number;
}

/** One finished request, as the access log records it (never the body, credentials or query string). */
export interface RequestLogEntry {
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
}

/** An unexpected error, as the error log records it (never sent to the client). */
export interface ErrorLogEntry {
  requestId: string;
  method: string;
  path: string;
  error: { name: string; message: string; stack?: string };
}

/** Where the app reports what happened; servers write these as JSON lines. */
export interface AppLogger {
  request(entry: RequestLogEntry): void;
  error(entry: ErrorLogEntry): void;
}

/** The Scalar API reference bundle, read by the server from the installed package. */
export interface DocsAssets {
  scalarJs(): Promise<Uint8Array>;
}

/** Everything `createApp` needs. */
export interface AppDeps {
  /** The scanner; `scan` for requests, `rules` for SARIF rule descriptors. */
  scanner: Pick<Scanner, 'scan' | 'rules'>;
  stores: Stores;
  config: AppConfig;
  docs: DocsAssets;
  /** Wall-clock time; default `Date.now`. */
  clock?: Clock;
  /** Id generator for scans and requests; default UUID v7 from `clock`. */
  newId?: () => string;
  /** Access and error log; default none. */
  logger?: AppLogger;
}
