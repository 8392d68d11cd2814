import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { isTestFile } from '../../lang/python/predicates.ts';

/** Host strings that name no interface, so the listener takes every one: IPv4 and IPv6 wildcards, and the empty host. */
const EVERY_INTERFACE = new Set(['0.0.0.0', '::', '', '[::]']);

/**
 * `sock.bind(("0.0.0.0", 8000))` — a socket address tuple whose host is a wildcard — and a development
 * server started on every interface: `app.run(host="0.0.0.0")` (Flask, Quart, Sanic). Both expose
 * the service on public networks too. Only literal hosts are judged (a configured host is a choice).
 */
function bindsAll(call: CallView, ctx: MatchContext): Verdict {
  if (isTestFile(ctx.filename, ctx.code)) return false;
  if (call.name === 'bind') {
    const address = call.args.find((a) => a.index === 0)?.node;
    if (address?.type !== 'tuple' || call.args.length !== 1) return false;
    const host = address.namedChildren[0];
    const value = host ? ctx.stringValue(host) : null;
    if (value === null || !EVERY_INTERFACE.has(value)) return false;
    return { message: `The socket is bound to ${value === '' ? 'the empty host' : `"${value}"`}: it accepts connections on every network interface`, cwe: ['CWE-200'] };
  }
  // app.run(host=…) / app.run("0.0.0.0", port): the framework's own server.
  const host = call.args.find((a) => a.name === 'host' || a.index === 0)?.node;
  const value = host ? ctx.stringValue(host) : null;
  if (value === null || value === '' || !EVERY_INTERFACE.has(value)) return false;
  if (!ctx.fileMemo('python.app-framework-import', () => APP_FRAMEWORK.test(ctx.code))) return false;
  // With the debugger on as well, the debug-mode finding at this call says the worse thing.
  const debug = call.args.find((a) => a.name === 'debug')?.node;
  if (debug && debug.type !== 'false' && debug.type !== 'none') return false;
  return { message: `The development server listens on "${value}": every network interface, public ones included`, cwe: ['CWE-668'] };
}

/** Frameworks whose application object has `run(host, port)`. */
const APP_FRAMEWORK = /^[ \t]*(?:from|import)[ \t]+(?:flask|quart|sanic|bottle)\b/m;

export default defineRule({
  class: 'bind-all-interfaces',
  confidence: 'low',
  languages: ['python'],
  remediation:
    'Bind to the interface the service is meant for (`("127.0.0.1", port)` for local use, a private address behind a proxy), read the host from configuration that defaults to loopback, and serve production traffic from a WSGI/ASGI server behind a proxy rather than `app.run()`.',
  references: ['https://cwe.mitre.org/data/definitions/1327.html', 'https://docs.python.org/3/library/socket.html#socket.socket.bind'],
  matcher: { kind: 'call', callee: ['*.bind', '*.run'], where: bindsAll },
});
