/** HTTP/1.1 over a raw TCP socket, for what fetch cannot send: lying lengths, endless chunked bodies, half-sent requests. */
import net from 'node:net';

/** What came back on a raw connection. */
export interface RawExchange {
  /** Everything the server sent. */
  text: string;
  /** Status codes of the responses seen, in order. */
  statuses: number[];
  /** Whether the server closed (or reset) the connection. */
  closed: boolean;
}

/** Status codes of every `HTTP/1.1 NNN` status line in a byte stream. */
export function statusesOf(text: string): number[] {
  const statuses: number[] = [];
  let at = text.indexOf('HTTP/1.1 ');
  while (at >= 0) {
    statuses.push(Number(text.slice(at + 9, at + 12)));
    at = text.indexOf('HTTP/1.1 ', at + 12);
  }
  return statuses;
}

/** An open connection that the test drives step by step. */
export interface RawConnection {
  write(data: string | Uint8Array): Promise<void>;
  /** Waits until the received text satisfies `done`, the server closes, or `timeoutMs` passes. */
  until(done: (text: string) => boolean, timeoutMs?: number): Promise<RawExchange>;
  close(): void;
}

/** Opens a raw connection to a local port. */
export function rawConnect(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let closed = false;
    const waiters = new Set<() => void>();
    const notify = (): void => {
      for (const waiter of waiters) waiter();
    };
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      notify();
    });
    // A reset after the server answered is how some runtimes end a connection they refuse to read on.
    socket.on('error', () => {
      closed = true;
      notify();
    });
    socket.on('close', () => {
      closed = true;
      notify();
    });
    socket.once('connect', () => {
      resolve({
        write: (data) =>
          new Promise((done) => {
            if (closed) return done();
            socket.write(data, () => done());
          }),
        until: (done, timeoutMs = 10_000) =>
          new Promise((finish) => {
            const check = (): void => {
              if (done(text) || closed) {
                waiters.delete(check);
                clearTimeout(timer);
                finish({ text, statuses: statusesOf(text), closed });
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              finish({ text, statuses: statusesOf(text), closed });
            }, timeoutMs);
            waiters.add(check);
            check();
          }),
        close: () => socket.destroy(),
      });
    });
    socket.once('error', reject);
  });
}

/** Whether a raw response text holds at least one complete response with a Content-Length body. */
export function hasCompleteResponse(text: string): boolean {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const head = text.slice(0, end).toLowerCase();
  const at = head.indexOf('content-length:');
  if (at < 0) return true;
  const length = Number.parseInt(head.slice(at + 15).trim(), 10);
  return text.length >= end + 4 + length;
}
