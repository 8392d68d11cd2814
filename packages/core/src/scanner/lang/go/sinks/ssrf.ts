import type { SinkCheck } from '../../../models/compile.ts';
import type { CallView } from '../../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../../rule.ts';
import { argAt, urlHostFixed } from '../util.ts';

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

/** Named checks of the outgoing-request sinks (model go/net-http, go/resty). */
export const ssrfChecks: Readonly<Record<string, SinkCheck>> = {
  /** The URL argument (`http.Get(url)`, `http.NewRequest(m, url, b)`, `…WithContext(ctx, m, url, b)`) has no fixed host. */
  'url-host-untrusted': (call, ctx, taint) => hostUntrusted(call.name === 'NewRequestWithContext' ? 2 : call.name === 'NewRequest' ? 1 : 0)(call, ctx, taint),
  /** `client.Get(url)` on something named as an HTTP client, URL host not fixed. */
  'http-client': httpClient,
};
