/**
 * The few Deno APIs this server uses, so the repository's `tsc` can check it without Deno's own
 * lib (which clashes with the DOM and Node types the rest of the repository uses). Shapes follow
 * https://docs.deno.com/api/deno/ (Deno 2.9).
 */
declare namespace Deno {
  interface NetAddr {
    transport: 'tcp' | 'udp';
    hostname: string;
    port: number;
  }
  interface ServeHandlerInfo {
    remoteAddr: NetAddr;
  }
  interface HttpServer {
    readonly addr: NetAddr;
    shutdown(): Promise<void>;
  }
  interface ServeTcpOptions {
    port: number;
    hostname: string;
    onListen?: (addr: NetAddr) => void;
  }
  type Signal = 'SIGINT' | 'SIGTERM';
}

declare const Deno: {
  readonly version: { deno: string };
  readonly env: { toObject(): Record<string, string> };
  serve(options: Deno.ServeTcpOptions, handler: (request: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>): Deno.HttpServer;
  readFile(path: string | URL): Promise<Uint8Array>;
  readTextFile(path: string | URL): Promise<string>;
  readonly stdout: { writeSync(data: Uint8Array): number };
  addSignalListener(signal: Deno.Signal, handler: () => void): void;
  exit(code?: number): never;
};
