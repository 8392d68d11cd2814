/**
 * Reads a request body with a byte limit enforced while it streams in: a Content-Length over the
 * limit is refused before reading anything, and a body that grows past the limit (chunked, or longer
 * than its own Content-Length) is cancelled at the first chunk that crosses it — never buffered whole.
 */

/** Why a body was refused. */
export type BodyRefusal =
  | { kind: 'too_large'; reason: 'content_length' | 'streamed' | 'longer_than_declared'; limit: number }
  | { kind: 'unreadable' };

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

async function cancelQuietly(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    await reader.cancel();
  } catch {
    // The client may already be gone; nothing to do.
  }
}

/** Reads at most `limit` bytes of `request`'s body. */
export async function readBody(request: Request, limit: number): Promise<BodyResult> {
  const declared = declaredLength(request.headers.get('content-length'));
  if (declared !== null && Number.isNaN(declared)) return { ok: false, kind: 'unreadable' };
  if (declared !== null && declared > limit) return { ok: false, kind: 'too_large', reason: 'content_length', limit };
  const stream = request.body;
  if (stream === null) return { ok: true, bytes: new Uint8Array(0) };
  // With a declared length we know the size up front and copy straight into one buffer.
  const cap = declared ?? limit;
  const chunks: Uint8Array[] = [];
  const whole = declared !== null ? new Uint8Array(declared) : null;
  let total = 0;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (total + value.byteLength > cap) {
        await cancelQuietly(reader);
        return { ok: false, kind: 'too_large', reason: declared !== null ? 'longer_than_declared' : 'streamed', limit };
      }
      if (whole) whole.set(value, total);
      else chunks.push(value);
      total += value.byteLength;
    }
  } catch {
    await cancelQuietly(reader);
    return { ok: false, kind: 'unreadable' };
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
