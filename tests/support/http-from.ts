/**
 * HTTP requests from a chosen local address (127.0.0.2, 127.0.0.3, …: all of 127/8 is loopback on
 * Linux), so tests can be different clients to the server's socket, as fetch cannot.
 */
import http from 'node:http';

/** A response, read whole. */
export interface FromResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Sends one request from `localAddress` and reads the whole response. */
export function requestFrom(localAddress: string, url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<FromResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method ?? 'GET', headers: init.headers ?? {}, localAddress, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

/** Waits, if needed, until at least `marginMs` remain before the next minute starts, so a burst of requests falls in one clock-aligned window. */
export async function awayFromMinuteEdge(marginMs = 10_000): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 60_000 - marginMs) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 250));
}

/**
 * Waits, if needed, until the clock's seconds within the minute lie in [from, to): near the end of
 * a window, so a test that must wait for the next one waits only a few seconds.
 */
export async function untilSecondOfMinute(from: number, to: number): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute >= from * 1000 && intoMinute < to * 1000) return;
  const target = from * 1000 + (intoMinute < from * 1000 ? 0 : 60_000);
  await new Promise((resolve) => setTimeout(resolve, target - intoMinute + 50));
}

/** The `r` (remaining) of a policy in a RateLimit header value. */
export function remainingOf(rateLimit: string | null | undefined, policy: string): number | null {
  if (!rateLimit) return null;
  for (const item of rateLimit.split(',')) {
    const [name, ...params] = item.trim().split(';');
    if (name !== `"${policy}"`) continue;
    for (const param of params) if (param.startsWith('r=')) return Number(param.slice(2));
  }
  return null;
}
