import { describe, expect, it } from 'vitest';
import { lingerOnBody, readBody } from './read-body.ts';

/** A request whose body is the given chunks, streamed, with an optional (possibly lying) Content-Length. */
function streamingRequest(chunks: Uint8Array[], contentLength?: number): { request: Request; pulled: () => number; cancelled: () => boolean } {
  let index = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = chunks[index++];
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  ); // pull only when read, so the test can count what was read
  // A stand-in object: Request() would recompute or refuse a Content-Length that disagrees with its body.
  const headers = new Headers(contentLength === undefined ? {} : { 'content-length': String(contentLength) });
  return { request: { headers, body } as unknown as Request, pulled: () => index, cancelled: () => cancelled };
}

const bytes = (n: number, fill = 0x61): Uint8Array => new Uint8Array(n).fill(fill);

/** Resolves once `done()` holds (polling), or fails the test after two seconds. */
async function until(done: () => boolean): Promise<void> {
  const deadline = performance.now() + 2000;
  while (!done()) {
    if (performance.now() > deadline) throw new Error('condition not met within 2 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('readBody', () => {
  it('reads a body within the limit', async () => {
    const result = await readBody(new Request('http://x/', { method: 'POST', body: '{"code":""}' }), 100);
    expect(result.ok && new TextDecoder().decode(result.bytes)).toBe('{"code":""}');
  });

  it('reads an empty or absent body as no bytes', async () => {
    const result = await readBody(new Request('http://x/', { method: 'POST' }), 100);
    expect(result.ok && result.bytes.byteLength).toBe(0);
  });

  it('joins chunks of a body without Content-Length', async () => {
    const { request } = streamingRequest([bytes(3, 0x31), bytes(2, 0x32)]);
    const result = await readBody(request, 10);
    expect(result.ok && new TextDecoder().decode(result.bytes)).toBe('11122');
  });

  it('refuses a Content-Length over the limit before reading, then discards the rest (RFC 9112 §9.6)', async () => {
    const { request, pulled, cancelled } = streamingRequest([bytes(10), bytes(10)], 1_000_000);
    const result = readBody(request, 100);
    expect(pulled()).toBe(0); // refused before a single chunk
    expect(await result).toEqual({ ok: false, kind: 'too_large', reason: 'content_length', limit: 100 });
    await until(() => pulled() === 3);
    expect(cancelled()).toBe(false); // read to its end: the connection stays usable
  });

  it('refuses a chunked body at the chunk that crosses the limit, keeps none of the rest, and stops discarding at the bound', async () => {
    const chunks = Array.from({ length: 1000 }, () => bytes(64));
    const { request, pulled, cancelled } = streamingRequest(chunks);
    expect(await readBody(request, 200, 30_000, { ms: 5000, bytes: 640 })).toEqual({ ok: false, kind: 'too_large', reason: 'streamed', limit: 200 });
    await until(cancelled);
    expect(pulled()).toBeLessThan(20);
  });

  it('refuses a body that is longer than its own Content-Length', async () => {
    const chunks = Array.from({ length: 1000 }, () => bytes(64));
    const { request, cancelled } = streamingRequest(chunks, 100);
    expect(await readBody(request, 1_000_000, 30_000, { ms: 5000, bytes: 640 })).toMatchObject({ ok: false, kind: 'too_large', reason: 'longer_than_declared' });
    await until(cancelled);
  });

  it('accepts a body exactly at the limit', async () => {
    const { request } = streamingRequest([bytes(60), bytes(40)]);
    const result = await readBody(request, 100);
    expect(result.ok && result.bytes.byteLength).toBe(100);
  });

  it('gives up on a body that does not arrive within the deadline, and cancels it', async () => {
    let cancelled = false;
    const trickle = new ReadableStream<Uint8Array>({
      pull: () => new Promise(() => {}), // a client that sent the headers and then nothing more
      cancel: () => {
        cancelled = true;
      },
    });
    const started = performance.now();
    const result = await readBody({ headers: new Headers({ 'content-length': '10' }), body: trickle } as unknown as Request, 100, 50);
    expect(result).toEqual({ ok: false, kind: 'timeout', timeoutMs: 50 });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(cancelled).toBe(true);
  });

  it('treats a malformed Content-Length or a broken stream as unreadable', async () => {
    const { request } = streamingRequest([bytes(1)]);
    request.headers.set('content-length', '12abc');
    expect(await readBody(request, 100)).toEqual({ ok: false, kind: 'unreadable' });
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('connection reset'));
      },
    });
    expect(await readBody({ headers: new Headers(), body: failing } as unknown as Request, 100)).toEqual({ ok: false, kind: 'unreadable' });
  });
});

describe('lingerOnBody', () => {
  it('stops discarding a body that stalls, at the time bound', async () => {
    let cancelled = false;
    const stalled = new ReadableStream<Uint8Array>({
      pull: () => new Promise<void>(() => {}),
      cancel() {
        cancelled = true;
      },
    });
    const started = performance.now();
    lingerOnBody(stalled.getReader(), 100, 1_000_000);
    await until(() => cancelled);
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
  });
});
