import { describe, expect, it } from 'vitest';
import { readBody } from './read-body.ts';

/** A request whose body is the given chunks, streamed, with an optional (possibly lying) Content-Length. */
function streamingRequest(chunks: Uint8Array[], contentLength?: number): { request: Request; pulled: () => number } {
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
  }, { highWaterMark: 0 }); // pull only when read, so the test can count what was read
  // A stand-in object: Request() would recompute or refuse a Content-Length that disagrees with its body.
  const headers = new Headers(contentLength === undefined ? {} : { 'content-length': String(contentLength) });
  return { request: { headers, body } as unknown as Request, pulled: () => index };
}

const bytes = (n: number, fill = 0x61): Uint8Array => new Uint8Array(n).fill(fill);

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

  it('refuses a Content-Length over the limit without reading the body', async () => {
    const { request, pulled } = streamingRequest([bytes(10)], 1_000_000);
    expect(await readBody(request, 100)).toEqual({ ok: false, kind: 'too_large', reason: 'content_length', limit: 100 });
    expect(pulled()).toBe(0);
  });

  it('stops a chunked body at the chunk that crosses the limit', async () => {
    const chunks = Array.from({ length: 1000 }, () => bytes(64));
    const { request, pulled } = streamingRequest(chunks);
    expect(await readBody(request, 200)).toMatchObject({ ok: false, kind: 'too_large', reason: 'streamed' });
    expect(pulled()).toBeLessThan(10);
  });

  it('stops a body that is longer than its own Content-Length', async () => {
    const chunks = Array.from({ length: 1000 }, () => bytes(64));
    const { request, pulled } = streamingRequest(chunks, 100);
    expect(await readBody(request, 1_000_000)).toMatchObject({ ok: false, kind: 'too_large', reason: 'longer_than_declared' });
    expect(pulled()).toBeLessThan(10);
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
