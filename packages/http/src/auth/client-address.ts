/**
 * The client's IP address (DESIGN §4): the socket's peer, as each runtime's adapter hands it to the
 * fetch handler — Node (@hono/node-server): `env.incoming.socket.remoteAddress`; Bun:
 * `env.server.requestIP(env.raw)` with the raw Request (itty-router's proxy of it is refused);
 * Deno: `env.info.remoteAddr.hostname`. X-Forwarded-For is believed only when the operator says
 * how many proxies append to it (SECSCAN_TRUST_PROXY): anyone can send the header, and only the
 * entries our own proxies added are true.
 */
import { canonicalIpAddress } from '@secscan/core';

/** Longest X-Forwarded-For value read. */
const MAX_FORWARDED_LENGTH = 4096;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The socket peer's address from a runtime adapter's env, or null when the adapter passes none. */
export function socketAddress(env: unknown): string | null {
  if (!isObject(env)) return null;
  // Node, @hono/node-server: { incoming: http.IncomingMessage, outgoing }
  const incoming = env['incoming'];
  if (isObject(incoming) && isObject(incoming['socket'])) {
    const address = incoming['socket']['remoteAddress'];
    return typeof address === 'string' ? address : null;
  }
  // Bun: { raw: Request, server: Bun.Server }
  const server = env['server'];
  if (isObject(server) && typeof server['requestIP'] === 'function' && env['raw'] instanceof Request) {
    try {
      const ip: unknown = (server['requestIP'] as (request: Request) => unknown).call(server, env['raw']);
      return isObject(ip) && typeof ip['address'] === 'string' ? ip['address'] : null;
    } catch {
      return null;
    }
  }
  // Deno: { info: Deno.ServeHandlerInfo }
  const info = env['info'];
  if (isObject(info) && isObject(info['remoteAddr'])) {
    const hostname = info['remoteAddr']['hostname'];
    return typeof hostname === 'string' ? hostname : null;
  }
  return null;
}

/** An address as proxies write it, with an optional port: `203.0.113.7`, `203.0.113.7:4711`, `[2001:db8::1]:443`, `2001:db8::1`. */
function addressOfEntry(entry: string): string | null {
  let text = entry.trim();
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    if (close < 0) return null;
    text = text.slice(1, close);
  } else {
    const colon = text.indexOf(':');
    // One colon: IPv4 with a port. More: a bare IPv6 address.
    if (colon >= 0 && text.indexOf(':', colon + 1) < 0) text = text.slice(0, colon);
  }
  return canonicalIpAddress(text);
}

/**
 * The client address `hops` entries from the right of X-Forwarded-For: with one proxy, the last
 * entry (the address that proxy saw). Null when the header is absent, has fewer entries, or the
 * entry is not an IP address — the caller then falls back to the socket's address.
 */
export function forwardedClientAddress(header: string | null, hops: number): string | null {
  if (header === null || hops < 1 || header.length > MAX_FORWARDED_LENGTH) return null;
  const entries = header.split(',');
  const entry = entries[entries.length - hops];
  return entries.length < hops || entry === undefined ? null : addressOfEntry(entry);
}

/** The client address of a request: from trusted X-Forwarded-For entries, else the socket's. */
export function clientAddress(request: Request, env: unknown, trustProxyHops: number): string | null {
  if (trustProxyHops > 0) {
    const forwarded = forwardedClientAddress(request.headers.get('x-forwarded-for'), trustProxyHops);
    if (forwarded !== null) return forwarded;
  }
  return socketAddress(env);
}
