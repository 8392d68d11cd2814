import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { argAt, atWrapperCall, checksHost, declaredValue, importsModule, taintedArgs, leadingLiteral, leftmost, objectLiteral, propValue, scopeText, unwrap } from '../../lang/javascript/helpers.ts';

const VERBS = '{get,post,put,patch,delete,head,options,request}';
/** Option keys that choose where a request goes. */
const TARGET_KEYS = ['url', 'uri', 'baseURL', 'baseUrl', 'prefixUrl', 'host', 'hostname', 'origin'];

/**
 * Whether the request target is fixed: a literal scheme and host before the input
 * (`https://api.example.com/users/${id}`), a relative path, or a value that starts with a
 * constant or configuration (`${API_BASE}/items/${id}`, `config.apiUrl + path`).
 */
function hostFixed(arg: SyntaxNode, ctx: MatchContext): boolean {
  const lead = leadingLiteral(arg, ctx);
  if (lead !== null && lead !== '') {
    if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]+[/?#]/i.test(lead)) return !/[@]/.test(lead.split(/[/?#]/)[2] ?? '');
    if (/^\/(?!\/)/.test(lead) || /^\.{1,2}\//.test(lead)) return true;
    if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*$/i.test(lead) || /^\/\//.test(lead)) return false;
    return false;
  }
  const first = leftmost(arg);
  if (first === unwrap(arg)) return false;
  // The first part is not a literal: fixed when it carries no input (a base URL constant or setting).
  const t = ctx.taint(first);
  return t === null || t.strength !== 'remote';
}

/** Whether the function checks the URL's host or origin against an allow-list before requesting. */
function hostChecked(at: SyntaxNode): boolean {
  return checksHost(scopeText(at), ['ALLOWED', 'allowedHosts', 'allowList', 'allowlist', 'whitelist', 'WHITELIST', 'trustedHosts', 'TRUSTED']);
}

/** Browser code fetching a URL from its own address bar is not a server-side request. */
function serverSide(taint: Taint): boolean {
  return !/^(?:(?:window|document|self|top)\.)?(?:location|document)\b|^use(?:SearchParams|Params|Router)\(/.test(taint.label);
}

/** `axios({ url })`, `http.request({ host, path })`, `got(url, { prefixUrl })`: the target keys of an options object. */
function targetOf(node: SyntaxNode, position: number): SyntaxNode[] {
  const obj = objectLiteral(node);
  if (!obj) return position === 0 ? [node] : [];
  const out: SyntaxNode[] = [];
  for (const k of TARGET_KEYS) {
    const v = propValue(obj, k);
    if (v) out.push(v);
  }
  return out;
}

/**
 * A request made through an agent or lookup that refuses private addresses (`httpsAgent:
 * guardedAgent` built with a `lookup` check, ssrf-req-filter, request-filtering-agent).
 */
function guardedAgent(call: CallView): boolean {
  for (const a of call.args) {
    const opts = objectLiteral(a.node);
    if (!opts) continue;
    for (const key of ['agent', 'httpAgent', 'httpsAgent', 'dispatcher', 'lookup']) {
      const v = propValue(opts, key);
      if (!v) continue;
      const text = `${v.text} ${v.type === 'identifier' ? (declaredValue(v)?.text ?? '') : ''}`;
      if (/lookup|ssrf|filter|guard|safe|private|block|allow/i.test(text)) return true;
    }
  }
  return false;
}

function dangerousTarget(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!serverSide(taint) || guardedAgent(call)) return false;
  for (const a of call.args) {
    if (a.index < 0 || a.index > 1) continue;
    for (const target of targetOf(a.node, a.index)) {
      const t = ctx.taint(target);
      // Parameter taint only reaches here for same-file wrapper summaries: the caller decides.
      if (!t || t.strength === 'local' || !serverSide(t)) continue;
      if (hostFixed(target, ctx) || hostChecked(call.node)) continue;
      return true;
    }
  }
  return false;
}

/** `request(url)`, `needle.get(url)`, `superagent.get(url)`: only when the file uses that library. */
function library(...modules: string[]) {
  return (call: CallView, ctx: MatchContext, taint: Taint): boolean => importsModule(ctx, ...modules) && dangerousTarget(call, ctx, taint);
}

export default defineRule({
  class: 'ssrf',
  confidence: 'high',
  languages: ['javascript', 'typescript'],
  remediation:
    'Do not let the request choose the host. Keep the scheme and host fixed in code and put user data only in the path or query (`https://api.example.com/items/${encodeURIComponent(id)}`), or parse the URL and check `new URL(url).hostname` against an allow-list, and block private and link-local addresses (for example with `ssrf-req-filter` or a DNS-pinning agent).',
  references: [
    'https://cwe.mitre.org/data/definitions/918.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Server_Side_Request_Forgery_Prevention_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['axios', `axios.${VERBS}`, 'axios.getUri'], args: [0, 1], where: dangerousTarget, label: 'axios' },
      { callee: ['fetch', 'window.fetch', 'globalThis.fetch', 'node-fetch', 'undici.{fetch,request,stream}', 'ky', `ky.${VERBS}`, 'ofetch', '$fetch'], args: [0, 1], where: dangerousTarget },
      { callee: ['got', `got.${VERBS}`, 'got.stream'], args: [0, 1], where: dangerousTarget },
      { callee: [`{http,https}.{get,request}`, 'net.{connect,createConnection}', 'tls.connect'], args: [0, 1], where: dangerousTarget },
      { callee: ['request', `request.${VERBS}`, 'request-promise', `request-promise.${VERBS}`, 'request-promise-native'], args: [0, 1], where: library('request', 'request-promise', 'request-promise-native') },
      { callee: ['superagent', `superagent.${VERBS}`, 'needle', `needle.${VERBS}`, 'phin', 'bent'], args: [0, 1], where: dangerousTarget },
      { callee: ['*.goto'], args: [0], where: (call, ctx, taint) => /page|tab|browser/i.test(call.receiver?.text ?? '') && dangerousTarget(call, ctx, taint), label: 'a headless browser' },
    ],
    params: 'never',
    local: 'never',
    // At a same-file wrapper's call, the caller's argument may pin the host itself.
    check: (taint, ctx, at) => !atWrapperCall(taint, at) || taintedArgs(at, ctx).some((a) => !hostFixed(a, ctx)),
  },
});
