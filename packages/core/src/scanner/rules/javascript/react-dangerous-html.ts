import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { declaredValue, objectLiteral, pairKey, propValue, unwrap } from '../../lang/javascript/helpers.ts';
import { HELPER_SANITIZERS } from '../../lang/javascript/adapter.ts';

/** Calls whose result is sanitized, escaped, serialised or developer-authored markup. */
const SAFE_CALL =
  /(?:sanitize|purify|DOMPurify|escape|xss|filterXSS|encode|JSON\.stringify|serialize|renderToString|renderToStaticMarkup|highlight|hljs|Prism|katex|formatMessage|^t$|\.t$|i18n|translate|intl|__|trans)/i;

function callee(n: SyntaxNode): string {
  return (n.child('function') ?? n.child('constructor'))?.text ?? '';
}

/**
 * Whether the `__html` value is safe: constant markup, a sanitizer's (or serialiser's) result, an
 * imported asset, or a binding to one of those. Props, state and fetched data are not.
 */
function safeHtml(node: SyntaxNode, ctx: MatchContext, depth = 0): boolean {
  if (depth > 4) return false;
  const n = unwrap(node);
  if (ctx.isConstant(n)) return true;
  switch (n.type) {
    case 'string':
    case 'number':
      return true;
    case 'template_string':
      return n.children.filter((c) => c.type === 'template_substitution').every((c) => (c.namedChildren[0] ? safeHtml(c.namedChildren[0], ctx, depth + 1) : true));
    case 'binary_expression': {
      const op = n.child('operator')?.text;
      const parts = [n.child('left'), n.child('right')].filter((p): p is SyntaxNode => p !== null);
      if (op === '+' || op === '||' || op === '??') return parts.every((p) => safeHtml(p, ctx, depth + 1));
      return true;
    }
    case 'ternary_expression':
      return [n.child('consequence'), n.child('alternative')].every((p) => !p || safeHtml(p, ctx, depth + 1));
    case 'call_expression':
    case 'new_expression': {
      if (SAFE_CALL.test(callee(n))) return true;
      // A same-file helper that returns a sanitizer's result (`cleanExcerpt(html)`).
      if (ctx.call(n)?.name === HELPER_SANITIZERS.html) return true;
      // `useMemo(() => DOMPurify.sanitize(html), [html])`
      if (/^(?:React\.)?useMemo$/.test(callee(n))) return /sanitize|purify|escape/i.test(n.text);
      return false;
    }
    case 'identifier': {
      const path = ctx.path(n);
      if (path && (path.length !== 1 || path[0] !== n.text)) return true; // an imported asset or module constant
      const v = declaredValue(n);
      return v !== null && safeHtml(v, ctx, depth + 1);
    }
    case 'member_expression':
    case 'subscript_expression': {
      let root: SyntaxNode = n;
      while (root.type === 'member_expression' || root.type === 'subscript_expression') root = root.child('object') ?? root;
      if (root.type === 'identifier') {
        const path = ctx.path(root);
        if (path && (path.length !== 1 || path[0] !== root.text)) return true;
        if (/^[A-Z][A-Z0-9_]*$/.test(root.text)) return true; // ICONS.check, MESSAGES.footer
      }
      return false;
    }
    default:
      return false;
  }
}

function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  let value: SyntaxNode | null | undefined;
  if (node.type === 'jsx_attribute') {
    const [name, v] = node.namedChildren;
    if (name?.text !== 'dangerouslySetInnerHTML') return false;
    value = v?.type === 'jsx_expression' ? v.namedChildren[0] : v;
  } else {
    if (pairKey(node) !== 'dangerouslySetInnerHTML') return false;
    value = node.child('value');
  }
  const obj = value ? objectLiteral(value) : null;
  const html = propValue(obj, '__html');
  if (!html || safeHtml(html, ctx)) return false;
  const t = ctx.taint(html);
  if (t && t.strength === 'remote') {
    return { node, confidence: 'high', message: `Untrusted data from ${t.label} is rendered as raw HTML through dangerouslySetInnerHTML` };
  }
  return { node };
}

export default defineRule({
  id: 'javascript.react-dangerous-html',
  title: 'Unsanitized HTML in dangerouslySetInnerHTML',
  severity: 'medium',
  confidence: 'medium',
  cwe: ['CWE-79'],
  owasp: ['A03:2021'],
  languages: ['javascript', 'typescript'],
  message: 'A non-constant value is rendered as raw HTML through dangerouslySetInnerHTML without sanitization',
  remediation:
    'Render text as JSX children (React escapes it), or sanitize HTML that must stay HTML: `dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }}`. Markdown renderers (`marked`, `markdown-it` with `html: true`) do not sanitize on their own.',
  references: [
    'https://cwe.mitre.org/data/definitions/79.html',
    'https://react.dev/reference/react-dom/components/common#dangerously-setting-the-inner-html',
    'https://github.com/cure53/DOMPurify',
  ],
  matcher: { kind: 'node', types: ['jsx_attribute', 'pair'], where: check },
});
