import { defineRule, type MatchContext } from '../../rule.ts';
import { invocationParts, typeOf, unwrap } from '../../lang/java/tree.ts';
import type { SyntaxNode } from '../../syntax.ts';

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
  references: ['https://cwe.mitre.org/data/definitions/113.html', 'https://owasp.org/www-community/attacks/HTTP_Response_Splitting'],
  matcher: {
    kind: 'taint',
    // Sinks: the servlet and spring-web models (models/java).
    sinks: [],
    check: (_taint, ctx, at) => !onlyFileNames(at, ctx),
    params: 'never',
    local: 'low',
  },
});
