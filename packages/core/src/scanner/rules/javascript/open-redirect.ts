import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { anyMatch, argAt, declaredValue, atWrapperCall, checksHost, fileFact, fromRequestMetadata, taintedArgs, leadingLiteral, rawRequestTarget, literalString, objectLiteral, propValue, receiverPath, scopeText, unwrap } from '../../lang/javascript/helpers.ts';

/**
 * Whether the destination stays on this site or on a fixed host: a literal local path before the
 * input (`/profile/${id}`, not `//`), or a literal `https://host/` prefix.
 */
function destinationFixed(arg: SyntaxNode, ctx: MatchContext): boolean {
  const lead = leadingLiteral(arg, ctx);
  if (lead === null || lead === '') return false;
  if (/^\/(?![/\\])/.test(lead) && lead.length > 1) return true;
  if (lead === '/') return false; // '/' + input → '//evil.example'
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#@]+[/?#]/i.test(lead)) return true;
  if (/^[?#]/.test(lead) || /^\.{1,2}\//.test(lead)) return true;
  return !/^[a-z][a-z0-9+.-]*:/i.test(lead) && !/^\/\//.test(lead) && !/^[\\/]$/.test(lead);
}

/** The function checks the target's host/origin or that it is a local path before redirecting. */
function destinationChecked(at: SyntaxNode): boolean {
  return checksHost(scopeText(at), ['ALLOWED', 'allowed', 'allowList', 'allowlist', 'whitelist', 'WHITELIST', 'safeRedirect', 'isSafeRedirect', 'isLocalUrl', 'isRelative', 'isSafeUrl', 'isValidRedirect']);
}

/** The Referer header and other request metadata are not destinations an attacker picks for a victim. */
function chosenByAttacker(taint: Taint): boolean {
  return !/referr?er/i.test(taint.label) && !fromRequestMetadata(taint);
}

/** `new URL(path, base)`: the path decides where it goes (an absolute URL replaces the base). */
function urlPath(node: SyntaxNode): SyntaxNode | null {
  const n = unwrap(node);
  if (n.type === 'new_expression' && /^URL$/.test(n.child('constructor')?.text ?? '')) return n.child('arguments')?.namedChildren[0] ?? null;
  return null;
}

/**
 * What decides the destination: the path of `new URL(path, base)`, also through a local binding
 * whose path is the developer's (`const login = new URL('/login', req.url); login.searchParams.set('from', …)`
 * keeps the request's own origin and only adds a query parameter).
 */
function target(node: SyntaxNode, ctx: MatchContext): SyntaxNode {
  const n = unwrap(node);
  const direct = urlPath(n);
  if (direct) return direct;
  if (n.type === 'identifier') {
    const bound = declaredValue(n, node);
    const path = bound ? urlPath(bound) : null;
    if (path && ctx.taint(path) === null && (leadingLiteral(path, ctx) ?? '').startsWith('/')) return path;
  }
  return n;
}

/** `res.redirect(url)` / `res.redirect(301, url)`: the URL is the last argument. */
function redirectTarget(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const last = call.args.filter((a) => a.index >= 0);
  const given = last.length >= 2 && /^\d+$/.test(unwrap(last[0]?.node as SyntaxNode).text) ? last[1]?.node : last[0]?.node;
  if (!given) return false;
  const url = target(given, ctx);
  const t = ctx.taint(url);
  if (!t || !chosenByAttacker(t) || rawRequestTarget(url)) return false;
  return !destinationFixed(url, ctx) && !destinationChecked(call.node);
}

function responseReceiver(call: CallView, ctx: MatchContext): boolean {
  const receiver = receiverPath(call, ctx);
  return /^(?:res|response|resp|reply|ctx|h|this|context)$/.test(receiver[0] ?? '') || receiver[receiver.length - 1] === 'NextResponse';
}

/** `res.setHeader('Location', url)`, `res.set('Location', url)`, `res.location(url)`. */
function locationHeader(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!responseReceiver(call, ctx)) return false;
  const value = call.name === 'location' ? argAt(call, 0) : argAt(call, 1);
  if (call.name !== 'location' && literalString(argAt(call, 0))?.toLowerCase() !== 'location') {
    // res.writeHead(302, { Location: url })
    if (call.name !== 'writeHead') return false;
    const headers = objectLiteral(argAt(call, 1) ?? argAt(call, 2));
    const loc = propValue(headers, 'Location') ?? propValue(headers, 'location');
    return loc !== null && ctx.taint(loc) !== null && chosenByAttacker(taint) && !destinationFixed(loc, ctx) && !destinationChecked(call.node);
  }
  return value !== null && ctx.taint(value) !== null && chosenByAttacker(taint) && !destinationFixed(value, ctx) && !destinationChecked(call.node);
}

/** `location.href = x`, `window.location = x`: in the browser, the address bar's own data. */
function browserTarget(target: SyntaxNode, ctx: MatchContext, taint: Taint): boolean {
  // A local variable called `location` is not the browser's.
  if (target.type === 'identifier' && fileFact(ctx, 'local-location', (code) => anyMatch(code, [/\blet location\b/, /\bvar location\b/, /\bconst location\b/, /[(,] ?location ?[,)=]/]))) return false;
  const value = target.parent?.type === 'assignment_expression' ? target.parent.child('right') : null;
  return value !== null && chosenByAttacker(taint) && !destinationFixed(value, ctx) && !destinationChecked(target);
}

export default defineRule({
  class: 'open-redirect',
  confidence: 'high',
  languages: ['javascript', 'typescript'],
  remediation:
    'Redirect only to local paths or allow-listed hosts: accept a path that starts with a single `/` (not `//` or `/\\`), or parse it with `new URL(target, base)` and compare `url.origin` with your own origin before redirecting; otherwise fall back to a fixed page.',
  references: [
    'https://cwe.mitre.org/data/definitions/601.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html',
    'https://expressjs.com/en/api.html#res.redirect',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['*.redirect'], args: [0, 1], where: (call, ctx, taint) => responseReceiver(call, ctx) && redirectTarget(call, ctx, taint) },
      { callee: ['redirect', 'permanentRedirect', 'next/navigation.{redirect,permanentRedirect}'], args: [0], where: redirectTarget },
      // Remix / React Router loaders and actions, SvelteKit (`redirect(303, url)`): the response they return sends the user there.
      {
        callee: [
          ...['@remix-run/node', '@remix-run/cloudflare', '@remix-run/deno', '@remix-run/server-runtime', 'react-router', 'react-router-dom'].map((m) => `${m}.{redirect,redirectDocument,replace}`),
          '@sveltejs/kit.redirect',
        ],
        args: [0, 1],
        where: redirectTarget,
      },
      { callee: ['*.setHeader', '*.set', '*.header', '*.location', '*.writeHead', '*.append'], args: [0, 1, 2], where: locationHeader, label: 'the Location header' },
      { callee: ['location.{assign,replace}', '{window,document,self,top}.location.{assign,replace}', 'window.open'], args: [0], where: redirectTarget },
    ],
    assignSinks: [
      { target: ['location', 'location.href', 'window.location', 'window.location.href', 'document.location', 'document.location.href', 'self.location', 'top.location', 'top.location.href'], where: browserTarget, label: 'the browser location' },
    ],
    params: 'never',
    local: 'never',
    // At a same-file wrapper's call, the caller's argument may be a local path already.
    check: (taint, ctx, at) => !atWrapperCall(taint, at) || taintedArgs(at, ctx).some((a) => !destinationFixed(a, ctx)),
  },
});
