/**
 * The few Bun APIs this server uses, so the repository's `tsc` can check it without Bun's full
 * type package (which clashes with the DOM and Node types the rest of the repository uses).
 * Shapes follow https://bun.sh/docs/api/http and https://bun.sh/docs/api/file-io (Bun 1.4).
 */
declare namespace Bun {
  interface Server {
    readonly port: number;
    stop(closeActiveConnections?: boolean): Promise<void>;
    requestIP(request: Request): { address: string; family: string; port: number } | null;
    /** Sets the idle timeout of this request's connection, in seconds. */
    timeout(request: Request, seconds: number): void;
  }
  interface ServeOptions {
    port: number;
    hostname: string;
    maxRequestBodySize?: number;
    /** Seconds a connection may stay without a complete request (or a handler may run) before it is closed; 10 by default, at most 255. */
    idleTimeout?: number;
    fetch(request: Request, server: Server): Response | Promise<Response>;
  }
  interface BunFile {
    bytes(): Promise<Uint8Array>;
    text(): Promise<string>;
  }
}

declare const Bun: {
  readonly version: string;
  readonly env: Record<string, string | undefined>;
  serve(options: Bun.ServeOptions): Bun.Server;
  file(path: string | URL): Bun.BunFile;
};
