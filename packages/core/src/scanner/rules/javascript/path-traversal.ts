import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { containmentChecked, declaredValue, fromRequestMetadata, inputsOnlyLookedUp, rawRequestTarget, unwrap } from '../../lang/javascript/helpers.ts';
import type { SyntaxNode } from '../../syntax.ts';

/** `path.normalize(p).replace(/^(\.\.(\/|\\|$))+/, '')`: `../` sequences removed (on the way to the sink). */
function stripsDotDot(at: SyntaxNode, depth = 0): boolean {
  if (depth > 3) return false;
  const n = unwrap(at);
  if (n.text.includes('.replace') && n.text.includes('\\.\\.')) return true;
  // A project's own path sanitizer imported from a file of its own (`import sanitizer from './util/sanitizer'`).
  if (n.type === 'call_expression' && /^(?:sanitizer|sanitizePath|sanitizeFile\w{0,8})$/.test(n.child('function')?.text ?? '')) return true;
  for (const part of n.type === 'call_expression' ? (n.child('arguments')?.namedChildren ?? []) : [n]) {
    const p = unwrap(part);
    if (p.type === 'identifier') {
      const v = declaredValue(p);
      if (v && stripsDotDot(v, depth + 1)) return true;
    }
  }
  return false;
}

/** multer / express-fileupload store uploads under names they generate: `req.file.path`, `file.tempFilePath`. */
function traversable(taint: Taint, ctx: MatchContext, at: SyntaxNode): boolean {
  if (rawRequestTarget(at) || fromRequestMetadata(taint)) return false;
  if (stripsDotDot(at)) return false;
  if (inputsOnlyLookedUp(at, ctx)) return false;
  if (containmentChecked(at, at)) return false;
  return !(/^(?:req|request|ctx)\.(?:request\.)?files?\b/.test(taint.label) && /\.(?:path|filename|destination|tempFilePath)$/.test(taint.label));
}

/** Sinks: models/javascript (node and fs-extra: fs; express: sendFile, download, render). */
export default defineRule({
  class: 'path-traversal',
  confidence: 'high',
  cwe: ['CWE-22'],
  languages: ['javascript', 'typescript'],
  remediation:
    'Reduce the input to a file name with `path.basename()`, or resolve it against a base directory and check the result stays inside (`const p = path.resolve(BASE, name); if (!p.startsWith(BASE + path.sep)) return res.sendStatus(400);`). With Express use `res.sendFile(name, { root: BASE })`.',
  references: ['https://cwe.mitre.org/data/definitions/22.html', 'https://owasp.org/www-community/attacks/Path_Traversal', 'https://expressjs.com/en/api.html#res.sendFile'],
  matcher: {
    kind: 'taint',
    sinks: [],
    params: 'never',
    local: 'never',
    check: traversable,
  },
});
