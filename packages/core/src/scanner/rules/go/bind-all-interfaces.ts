import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** The host part of a listen address: `":8080"` and `"0.0.0.0:8080"` mean every interface. */
function everyInterface(address: string): boolean {
  const colon = address.lastIndexOf(':');
  if (colon < 0) return false;
  const host = address.slice(0, colon);
  return host === '' || host === '0.0.0.0' || host === '[::]' || host === '::';
}

/** `net.Listen("tcp", ":2000")`: a raw listener on a constant address that names no interface. */
function bindsAll(call: CallView, ctx: MatchContext): Verdict {
  const address = call.args.find((a) => a.index === 1)?.node;
  const value = address ? ctx.stringValue(address) : null;
  if (value === null || !everyInterface(value)) return false;
  return { message: `${ctx.pathText(call.callee ?? call.node) ?? call.name}("${value}") listens on every network interface` };
}

export default defineRule({
  class: 'bind-all-interfaces',
  confidence: 'low',
  languages: ['go'],
  remediation: 'Listen on `127.0.0.1:port` (or a configured private address) unless the service is meant to be reachable from every network.',
  references: ['https://cwe.mitre.org/data/definitions/1327.html'],
  matcher: { kind: 'call', callee: ['net.{Listen,ListenPacket}', 'tls.Listen'], where: bindsAll },
});
