import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { argAt, urlHostFixed } from '../../lang/go/util.ts';

/** The URL is untrusted only when its host is: a fixed `https://api.example.com/…` prefix keeps the request on that host. */
function hostUntrusted(index: number) {
  return (call: CallView, ctx: MatchContext, taint: Taint): boolean => {
    const arg = argAt(call, index);
    return arg !== null && !urlHostFixed(arg, ctx, taint);
  };
}

/**
 * `client.Get(url)` on an HTTP client, told by the receiver's name (`client`, `erpClient`,
 * `s.httpClient`, `http.DefaultClient`), not a cache, a map or a key-value store. The predicate is
 * strict on purpose: whatever it accepts returns clean data, and `q.Get("id")` on request values
 * must stay tainted.
 */
function httpClient(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const p = call.receiver ? ctx.path(call.receiver) : null;
  const last = p?.[p.length - 1]?.replace(/\(\)$/, '') ?? '';
  if (!/client$|^http$|^DefaultClient$|^hc$|^cli$/i.test(last)) return false;
  if (/redis|cache|mongo|kv|etcd|consul|s3|sqs|dynamo|grpc|db|store|vault|kafka|nats|es|elastic/i.test(last.replace(/client$/i, ''))) return false;
  return hostUntrusted(0)(call, ctx, taint);
}

export default defineRule({
  class: 'ssrf',
  confidence: 'high',
  languages: ['go'],
  remediation:
    'Do not let request data choose the host: keep the scheme and host fixed and put user input only in an escaped path or query (`url.PathEscape`), or check the parsed URL against an allow-list of hosts (`u.Hostname()`), and block internal addresses in a custom `net.Dialer.Control`.',
  references: [
    'https://cwe.mitre.org/data/definitions/918.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Server_Side_Request_Forgery_Prevention_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: 'http.{Get,Head,Post,PostForm}', args: [0], where: hostUntrusted(0) },
      { callee: 'http.NewRequest', args: [1], where: hostUntrusted(1) },
      { callee: 'http.NewRequestWithContext', args: [2], where: hostUntrusted(2) },
      { callee: '*.{Get,Head,Post,PostForm}', args: [0], where: httpClient },
      { callee: '*.R().{Get,Post,Put,Patch,Delete,Head,Options}', args: [0], where: hostUntrusted(0) },
      { callee: ['net.{Dial,DialTimeout}', 'tls.Dial', 'tls.DialWithDialer'], args: [1] },
      { callee: 'httputil.NewSingleHostReverseProxy', args: [0] },
      { callee: 'websocket.DefaultDialer.Dial', args: [0] },
    ],
    params: 'built',
    local: 'never',
  },
});
