import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { receiverIs } from '../../lang/java/predicates.ts';
import { invocationParts, typeOf, unwrap } from '../../lang/java/tree.ts';
import type { SyntaxNode } from '../../syntax.ts';

const RESPONSE_TYPES = new Set(['HttpServletResponse', 'ServletResponse', 'HttpServletResponseWrapper', 'HttpHeaders', 'ServerHttpResponse', 'HttpResponse']);
const RESPONSE_NAMES = /^(?:response|resp|res|httpResponse|servletResponse|httpServletResponse|getResponse|headers|httpHeaders|responseHeaders|getHeaders)$/;

/** A header on the response, except `Location` (an open redirect, reported as such). */
function responseHeader(call: CallView, ctx: MatchContext, _taint: Taint): boolean {
  const name = call.args.find((a) => a.index === 0)?.node;
  if (name) {
    const v = ctx.stringValue(name);
    if ((v !== null && /^location$/i.test(v)) || /(?:^|\.)LOCATION$/.test(name.text)) return false;
  }
  if (call.name === 'header') {
    const text = call.receiver?.text ?? '';
    return /ResponseEntity|Response\.|\bok\(|status\(/.test(text);
  }
  return receiverIs(call, ctx, { types: RESPONSE_TYPES, names: RESPONSE_NAMES });
}

const FILE_TYPES = new Set(['Path', 'File']);

/**
 * The untrusted parts of a header value are only the names of files the method resolved
 * (`"attachment; filename=" + path.getFileName()`): the path itself is the path-traversal finding
 * of this flow, and the name is one of a file the server holds.
 */
function onlyFileNames(node: SyntaxNode, ctx: MatchContext, depth = 0): boolean {
  if (depth > 16) return false;
  const n = unwrap(node);
  if (n.type === 'binary_expression' && n.child('operator')?.text === '+') {
    const l = n.child('left');
    const r = n.child('right');
    return l !== null && r !== null && onlyFileNames(l, ctx, depth + 1) && onlyFileNames(r, ctx, depth + 1);
  }
  if (ctx.taint(n) === null) return true;
  if (n.type !== 'method_invocation') return false;
  const { name, object, args } = invocationParts(n);
  if (name === 'toString' && object && args.length === 0) return onlyFileNames(object, ctx, depth + 1);
  return (name === 'getFileName' || name === 'getName') && object !== null && FILE_TYPES.has(typeOf(unwrap(object)) ?? '');
}

export default defineRule({
  class: 'header-injection',
  confidence: 'medium',
  cwe: ['CWE-113'],
  languages: ['java'],
  remediation:
    'Remove CR and LF from values before putting them in headers (`value.replaceAll("[\\r\\n]", "")`), encode file names in Content-Disposition (`ContentDisposition.attachment().filename(name, UTF_8)`), and prefer a fixed set of header values.',
  references: [
    'https://cwe.mitre.org/data/definitions/113.html',
    'https://owasp.org/www-community/attacks/HTTP_Response_Splitting',
  ],
  matcher: {
    kind: 'taint',
    sinks: [{ callee: ['*.setHeader', '*.addHeader', '*.header'], args: [0, 1], where: responseHeader }],
    check: (_taint, ctx, at) => !onlyFileNames(at, ctx),
    params: 'never',
    local: 'never',
  },
});
