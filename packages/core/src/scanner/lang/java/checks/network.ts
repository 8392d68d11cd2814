/**
 * Named checks for server-side request sinks (models: jdk, spring-web, apache-httpclient, okhttp, jsoup…):
 * which receivers send requests, and whether untrusted data decides where they go.
 */
import type { CallView } from '../../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../../rule.ts';
import type { SyntaxNode } from '../../../syntax.ts';
import { functionCalls, hostIsFixed, probing, receiverIs, receiverSegments, untrustedPrefix } from '../predicates.ts';
import { typeOf, unwrap } from '../tree.ts';

const REST_TYPES = new Set(['RestTemplate', 'TestRestTemplate', 'RestOperations', 'OAuth2RestTemplate', 'RestClient', 'WebClient']);
const REST_NAMES = /^(?:restTemplate|restOperations|template|rest|restClient|webClient|oauth2RestTemplate)$/i;
const URL_TYPES = new Set(['URL']);
const URL_SEGMENTS = new Set(['URL', 'toURL']);
const UNIQUE_REST = new Set(['getForObject', 'getForEntity', 'postForObject', 'postForEntity', 'postForLocation', 'patchForObject', 'headForHeaders', 'optionsForAllow']);

/** Whether the method checks a host against something (`ALLOWED.contains(uri.getHost())`) before fetching. */
function hostChecked(node: SyntaxNode): boolean {
  return functionCalls(node, (name, _o, _a, inv) => (name === 'getHost' || name === 'getAuthority') && inv.ancestor(CONDITIONS) !== null);
}
const CONDITIONS = new Set(['if_statement', 'ternary_expression']);

/** The untrusted part decides where the request goes: not appended after a fixed scheme and host. */
function targetUntrusted(arg: SyntaxNode | null, ctx: MatchContext, call: CallView, taint: Taint): boolean {
  if (probing(taint, ctx)) return true;
  if (!arg) return false;
  if (hostChecked(call.node)) return false;
  return !hostIsFixed(untrustedPrefix(arg, ctx));
}

function firstArg(call: CallView): SyntaxNode | null {
  return call.args.find((a) => a.index === 0)?.node ?? null;
}

export function urlOpen(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!receiverIs(call, ctx, { types: URL_TYPES, segments: URL_SEGMENTS, names: /^(?:url|u|target|endpoint|link|remote|address|src|source|imageUrl|feedUrl)$/i })) return false;
  return call.receiver !== null && targetUntrusted(call.receiver, ctx, call, taint);
}

export function restCall(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!UNIQUE_REST.has(call.name) && !receiverIs(call, ctx, { types: REST_TYPES, names: REST_NAMES })) return false;
  return targetUntrusted(firstArg(call), ctx, call, taint);
}

export function uriSpec(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const segs = receiverSegments(call, ctx);
  if (segs.some((s) => /^(?:UriComponentsBuilder|fromHttpUrl|fromUriString|fromPath|newInstance|MockMvcRequestBuilders|UriBuilder)$/.test(s))) return false;
  if (
    !segs.some((s) => /^(?:get|post|put|delete|patch|head|options|method|newBuilder|webClient|client|build|create|Builder|builder|restClient|requestBuilder)$/i.test(s)) &&
    !receiverIs(call, ctx, { types: REST_TYPES, names: /(?:client|request|builder|spec)$/i })
  )
    return false;
  return targetUntrusted(firstArg(call), ctx, call, taint);
}

export function okHttpUrl(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const segs = receiverSegments(call, ctx);
  if (!segs.some((s) => s === 'Builder' || s === 'newBuilder' || s === 'builder') && !receiverIs(call, ctx, { types: new Set(['Builder']), names: /(?:builder|requestBuilder)$/i }))
    return false;
  return targetUntrusted(firstArg(call), ctx, call, taint);
}

export function plainTarget(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  return targetUntrusted(firstArg(call), ctx, call, taint);
}

/** Helpers that fetch a URL they are given: `ImageIO.read(new URL(x))`, `IOUtils.toString(url, UTF_8)`. */
export function urlArgument(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const a = firstArg(call);
  if (!a) return false;
  const t = typeOf(unwrap(a));
  if (t !== 'URL' && t !== 'URI') return false;
  return targetUntrusted(a, ctx, call, taint);
}

export function secondTarget(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  return targetUntrusted(call.args.find((a) => a.index === 1)?.node ?? null, ctx, call, taint);
}
