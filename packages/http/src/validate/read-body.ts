/**
 * Reads a request body with a byte limit enforced while it streams in: a Content-Length over the
 * limit is refused before reading anything, and a body that grows past the limit (chunked, or longer
 * than its own Content-Length) is cancelled at the first chunk that crosses it — never buffered whole.
 * The whole body must also arrive within a deadline, so a client that trickles it in a byte at a
 * time cannot hold a request (and its memory) open: not every runtime can bound that itself.
 */

/** How long a body may take to arrive when the caller names no deadline. */
export const DEFAULT_BODY_TIMEOUT_MS = 30_000;

/** Why a body was refused. */
export type BodyRefusal =
  | { kind: 'too_large'; reason: 'content_length' | 'streamed' | 'longer_than_declared'; limit: number }
  | { kind: 'unreadable' }
  | { kind: 'timeout'; timeoutMs: number };

/** The outcome of reading a body. */
export type BodyResult = { ok: true; bytes: Uint8Array } | ({ ok: false } & BodyRefusal);

/** Parses a Content-Length value (RFC 9110 §8.6: 1*DIGIT); null when absent, NaN when malformed. */
function declaredLength(header: string | null): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (value.length === 0 || value.length > 16) return Number.NaN;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return Number.NaN;
  }
  return Number(value);
}

/**
 * Cancels the rest of a body without waiting for it: on Deno, cancelling the body of a client that
 * is still trickling it settles only when the client stops, and the answer must not wait for that.
 */
function cancelQuietly(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  try {
    reader.cancel().catch(() => {
      // The client may already be gone; nothing to do.
    });
  } catch {
    // Same.
  }
}

/** A read that lost the race against the body deadline. */
const EXPIRED = Symbol('expired');

/** How long the rest of a refused body is read and discarded after the answer, at most. */
export const LINGER_MS = 5000;
/** How many bytes of a refused body are read and discarded after the answer, at most. */
export const LINGER_BYTES = 64 * 1024 * 1024;

/**
 * Reads and discards the rest of a body the app refused, for a bounded time and size, then lets
 * go. A server that closes while the client is still sending makes the client's kernel see a reset,
 * and the client loses the answer (an EPIPE instead of the 413, issue #12); RFC 9112 §9.6 asks a
 * server to keep reading for a while instead. A body that ends within the bounds leaves the
 * connection usable; one that does not is cancelled, which closes the connection.
 */
export function lingerOnBody(reader: ReadableStreamDefaultReader<Uint8Array>, timeoutMs = LINGER_MS, maxBytes = LINGER_BYTES): void {
  const until = performance.now() + timeoutMs;
  let bytes = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<typeof EXPIRED>((resolve) => {
    timer = setTimeout(() => resolve(EXPIRED), timeoutMs);
  });
  void (async () => {
    try {
      for (;;) {
        const read = await Promise.race([reader.read(), expired]);
        if (read === EXPIRED || read.done) {
          if (read === EXPIRED) cancelQuietly(reader);
          return;
        }
        bytes += read.value.byteLength;
        if (bytes > maxBytes || performance.now() > until) {
          cancelQuietly(reader);
          return;
        }
      }
    } catch {
      cancelQuietly(reader);
    } finally {
      clearTimeout(timer);
    }
  })();
}

/** How long and how much of a refused body is read and discarded (`lingerOnBody`). */
export interface LingerBounds {
  ms: number;
  bytes: number;
}

/**
 * Reads at most `limit` bytes of `request`'s body, all of it within `timeoutMs`. The rest of a body
 * refused as too large is read and discarded in the background within `linger` (`lingerOnBody`).
 */
export async function readBody(
  request: Request,
  limit: number,
  timeoutMs = DEFAULT_BODY_TIMEOUT_MS,
  linger: LingerBounds = { ms: LINGER_MS, bytes: LINGER_BYTES },
): Promise<BodyResult> {
  const declared = declaredLength(request.headers.get('content-length'));
  if (declared !== null && Number.isNaN(declared)) return { ok: false, kind: 'unreadable' };
  if (declared !== null && declared > limit) {
    if (request.body && !request.bodyUsed) lingerOnBody(request.body.getReader(), linger.ms, linger.bytes);
    return { ok: false, kind: 'too_large', reason: 'content_length', limit };
  }
  const stream = request.body;
  if (stream === null) return { ok: true, bytes: new Uint8Array(0) };
  // With a declared length we know the size up front and copy straight into one buffer.
  const cap = declared ?? limit;
  const chunks: Uint8Array[] = [];
  const whole = declared !== null ? new Uint8Array(declared) : null;
  let total = 0;
  const reader = stream.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<typeof EXPIRED>((resolve) => {
    timer = setTimeout(() => resolve(EXPIRED), timeoutMs);
  });
  try {
    for (;;) {
      const read = await Promise.race([reader.read(), expired]);
      if (read === EXPIRED) {
        cancelQuietly(reader);
        return { ok: false, kind: 'timeout', timeoutMs };
      }
      const { done, value } = read;
      if (done) break;
      if (total + value.byteLength > cap) {
        lingerOnBody(reader, linger.ms, linger.bytes);
        return { ok: false, kind: 'too_large', reason: declared !== null ? 'longer_than_declared' : 'streamed', limit };
      }
      if (whole) whole.set(value, total);
      else chunks.push(value);
      total += value.byteLength;
    }
  } catch {
    cancelQuietly(reader);
    return { ok: false, kind: 'unreadable' };
  } finally {
    clearTimeout(timer);
  }
  if (whole) return { ok: true, bytes: total === whole.byteLength ? whole : whole.subarray(0, total) };
  if (chunks.length === 1) return { ok: true, bytes: chunks[0] as Uint8Array };
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}
