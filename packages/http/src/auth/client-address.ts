/**
 * The client's IP address (DESIGN §4): the socket's peer, as each runtime's adapter hands it to the
 * fetch handler — Node (@hono/node-server): `env.incoming.socket.remoteAddress` (read once when the
 * connection is accepted, so Node keeps it after a reset); Bun: `env.clientAddress`, taken by the
 * adapter from `server.requestIP()` before anything else; Deno: `env.info.remoteAddr.hostname`.
 *
 * X-Forwarded-For is believed only when the operator says how many proxies append to it
 * (SECSCAN_TRUST_PROXY) **and** the peer is one of the trusted proxy addresses
 * (SECSCAN_TRUSTED_PROXIES): anyone can send the header, and only entries our own proxies added are
 * true. The chain is read from the right, entry by entry, however long the header is.
 */
import { canonicalIpAddress, inIpRanges, type IpRange } from '@secscan/core';

/** Who may append to X-Forwarded-For: how many proxies, at which addresses. */
export interface ProxyTrust {
  /** How many proxies in front of the server append to X-Forwarded-For; 0 ignores the header. */
  hops: number;
  /** Addresses of those proxies; an address outside them is never a proxy. */
  proxies: readonly IpRange[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The socket peer's address from a runtime adapter's env: a string; null when an adapter is there
 * but knows no address (the connection was reset before it could be read); undefined when there is
 * no adapter at all (createApp embedded and called with plain Requests).
 */
export function socketAddress(env: unknown): string | null | undefined {
  if (!isObject(env)) return undefined;
  // Bun (and any adapter that takes the address itself): { clientAddress }
  if ('clientAddress' in env) return typeof env['clientAddress'] === 'string' ? env['clientAddress'] : null;
  // Node, @hono/node-server: { incoming: http.IncomingMessage, outgoing }
  const incoming = env['incoming'];
  if (isObject(incoming) && isObject(incoming['socket'])) {
    const address = incoming['socket']['remoteAddress'];
    return typeof address === 'string' ? address : null;
  }
  // Bun without a taken address: { raw: Request, server: Bun.Server }
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
  if (isObject(info)) {
    const remote = info['remoteAddr'];
    return isObject(remote) && typeof remote['hostname'] === 'string' ? remote['hostname'] : null;
  }
  return undefined;
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

/** Longest single X-Forwarded-For entry looked at (an IPv6 address with brackets and a port fits). */
const MAX_ENTRY_LENGTH = 64;

/**
 * The client address behind `peer`: walking X-Forwarded-For from the right, each hop is believed
 * only while the address that wrote it is a trusted proxy, for at most `trust.hops` hops. With one
 * proxy and a trusted peer, the last entry (the address that proxy saw). An entry that is not an IP
 * address stops the walk at the proxy that wrote it. `peer` undefined (no adapter: an embedder's own
 * gateway) is trusted as a proxy.
 */
export function forwardedClientAddress(header: string | null, peer: string | null | undefined, trust: ProxyTrust): string | null {
  let current = peer ?? null;
  if (header === null || trust.hops < 1) return current;
  let end = header.length;
  for (let hop = 0; hop < trust.hops; hop++) {
    if (current !== null && !inIpRanges(current, trust.proxies)) return current;
    if (current === null && (hop > 0 || peer === null)) return null;
    if (end < 0) return current;
    const comma = header.lastIndexOf(',', end - 1);
    const entry = header.slice(comma + 1, end);
    end = comma;
    const address = entry.length <= MAX_ENTRY_LENGTH ? addressOfEntry(entry) : null;
    if (address === null) return current;
    current = address;
  }
  return current;
}

/**
 * The client address of a request (see `forwardedClientAddress`): null when the adapter could not
 * tell it (a request to refuse), undefined when there is no adapter to ask (embedding).
 */
export function clientAddress(request: Request, env: unknown, trust: ProxyTrust): string | null | undefined {
  const peer = socketAddress(env);
  if (trust.hops > 0) {
    const forwarded = forwardedClientAddress(request.headers.get('x-forwarded-for'), peer, trust);
    return forwarded === null && peer === undefined ? undefined : forwarded;
  }
  return peer;
}
