/**
 * SIGTERM under load (issue #6), on real servers on Node, Bun and Deno: sixteen clients keep
 * scanning and checking health over keep-alive connections; mid-load the server gets SIGTERM.
 * Requests already being answered complete whole, new connections are refused, the process exits
 * 0, and nothing is half-written: no answer breaks off after it started, every log line is a whole
 * JSON object, every answered scan was logged before "stopped".
 */
import http from 'node:http';
import net from 'node:net';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT, RUNTIMES, startServer, type ServerProcess } from './support/servers.ts';

const SAMPLE = readFileSync(`${ROOT}tests/fixtures/scan-30-lines.js`, 'utf8');
const CLIENTS = 16;

/** How one request ended: answered whole, refused before any byte came back, or broken off midway. */
type Outcome = ({ kind: 'ok'; status: number; requestId: string } | { kind: 'refused' } | { kind: 'broken'; detail: string }) & { startedAt: number; endedAt: number };

function send(server: ServerProcess, agent: http.Agent, scan: boolean): Promise<Outcome> {
  const startedAt = performance.now();
  return new Promise<Outcome>((done) => {
    const resolve = (outcome: DistributiveOmit<Outcome, 'startedAt' | 'endedAt'>): void => done({ ...outcome, startedAt, endedAt: performance.now() } as Outcome);
    let bytes = 0;
    const request = http.request(
      `${server.url}${scan ? '/api/scan' : '/api/health'}`,
      { method: scan ? 'POST' : 'GET', headers: scan ? { 'content-type': 'application/json' } : {}, agent },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          bytes += chunk.length;
          text += chunk;
        });
        response.on('end', () => {
          try {
            JSON.parse(text);
            resolve({ kind: 'ok', status: response.statusCode ?? 0, requestId: String(response.headers['x-request-id']) });
          } catch {
            resolve({ kind: 'broken', detail: `status ${response.statusCode}, unparsable body of ${text.length} characters` });
          }
        });
        response.on('error', (error) => resolve({ kind: 'broken', detail: `${error.message} after ${bytes} bytes` }));
        response.on('aborted', () => resolve({ kind: 'broken', detail: `aborted after ${bytes} bytes` }));
      },
    );
    // An error before any part of the answer: the connection was closed or refused — nothing half-written.
    request.on('error', () => resolve(bytes === 0 ? { kind: 'refused' } : { kind: 'broken', detail: `error after ${bytes} bytes` }));
    request.end(scan ? JSON.stringify({ code: SAMPLE, language: 'javascript' }) : undefined);
  });
}

/** Omit over each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Whether a new TCP connection to the port is refused. */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe.each(RUNTIMES)('SIGTERM under load on $name', (runtime) => {
  it('finishes what it answers, refuses new connections, writes nothing half, exits 0', async () => {
    const server = await startServer(runtime, { SECSCAN_ANON_RPM: '1000000', SECSCAN_ANON_RPH: '1000000' });
    await server.warm();
    const outcomes: Outcome[] = [];
    let running = true;
    const clients = Array.from({ length: CLIENTS }, async (_, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let n = 0; running; n++) {
        const outcome = await send(server, agent, (i + n) % 3 !== 0);
        outcomes.push(outcome);
        // Once refused, the server is gone or going: try again a little later.
        if (outcome.kind === 'refused') await new Promise((resolve) => setTimeout(resolve, 20));
      }
      agent.destroy();
    });

    await new Promise((resolve) => setTimeout(resolve, 2000));
    const answeredBefore = outcomes.filter((o) => o.kind === 'ok').length;
    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    // Clients run on a little while against the stopped server, then stop.
    await new Promise((resolve) => setTimeout(resolve, 300));
    running = false;
    await Promise.all(clients);

    expect(exit).toEqual({ code: 0, signal: null });
    expect(answeredBefore).toBeGreaterThan(10);
    expect(outcomes.filter((o) => o.kind === 'broken')).toEqual([]);
    const ok = outcomes.filter((o): o is Extract<Outcome, { kind: 'ok' }> => o.kind === 'ok');
    expect(ok.every((o) => o.status === 200)).toBe(true);
    // Requests in flight when the signal came were answered whole.
    expect(ok.filter((o) => o.startedAt < signalledAt && o.endedAt > signalledAt).length).toBeGreaterThan(0);
    expect(await connectionRefused(server.port)).toBe(true);

    // Every log line is whole JSON; the log ends with the stop; every answer is in it, before "stopped".
    const lines = server.stdout.map((line) => JSON.parse(line) as Record<string, unknown>);
    const messages = lines.map((line) => line['msg']);
    expect(messages).toContain('shutting down');
    expect(messages[messages.length - 1]).toBe('stopped');
    const logged = new Set(lines.filter((line) => line['msg'] === 'request').map((line) => line['requestId']));
    expect(ok.filter((o) => !logged.has(o.requestId))).toEqual([]);
    expect(server.stderr()).toBe('');
  }, 120_000);
});
