/**
 * A TCP proxy in front of a local port that a test can freeze: while frozen it accepts connections
 * and holds every byte in both directions, as a network partition does (the peer neither answers
 * nor closes). Real sockets, so the client under test sees exactly what it would see in production.
 */
import net from 'node:net';

/** A running proxy. */
export interface TcpProxy {
  port: number;
  /** Stops forwarding in both directions; connections stay open. */
  freeze(): void;
  /** Forwards again, including what was held. */
  thaw(): void;
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 (a free port) to `targetPort` on 127.0.0.1. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  let frozen = false;
  /** Bytes held while frozen, per destination socket, in order. */
  const held = new Map<net.Socket, Buffer[]>();
  const sockets = new Set<net.Socket>();
  const forward = (from: net.Socket, to: net.Socket): void => {
    from.on('data', (chunk: Buffer) => {
      if (frozen) held.set(to, [...(held.get(to) ?? []), chunk]);
      else to.write(chunk);
    });
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    forward(client, upstream);
    forward(upstream, client);
    const end = (): void => {
      for (const socket of [client, upstream]) {
        socket.destroy();
        sockets.delete(socket);
        held.delete(socket);
      }
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', end).on('close', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const [socket, chunks] of held) for (const chunk of chunks) socket.write(chunk);
      held.clear();
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
