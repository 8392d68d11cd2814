import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { namedDescendants, type SyntaxNode } from '../../syntax.ts';
import { FUNCTION_NODES, declaredValue, functionName, objectLiteral, pairKey, programOf, propValue, unwrap } from '../../lang/javascript/helpers.ts';
import { HELPER_SANITIZERS } from '../../lang/javascript/adapter.ts';

/** Calls whose result is sanitized, escaped, serialised or developer-authored markup. */
const SAFE_CALL =
  /(?:sanitize|purify|DOMPurify|escape|xss|filterXSS|encode|JSON\.stringify|serialize|renderToString|renderToStaticMarkup|highlight|hljs|Prism|katex|formatMessage|^t$|\.t$|i18n|translate|intl|__|trans)/i;

/** What the body of a same-file helper calls when its result is safe markup. */
const SAFE_BODY =
  /&lt;|&amp;|&#x?\d|sanitize|purify|escape|xss|filterXSS|encode|JSON\.stringify|serialize|renderToString|renderToStaticMarkup|hljs|Prism|katex|intl|i18n|translate|formatMessage/i;

/** Whether a helper writes markup around values: `\`<mark>${term}</mark>\``, `'<b>' + name + '</b>'`. */
function buildsMarkup(fn: SyntaxNode): boolean {
  const body = (fn.child('body')?.text ?? '').slice(0, 4000);
  return /<[a-zA-Z]/.test(body) && (body.includes('${') || /['"`]\s{0,4}\+|\+\s{0,4}['"`]/.test(body));
}

function callee(n: SyntaxNode): string {
  return (n.child('function') ?? n.child('constructor'))?.text ?? '';
}

const LOADER_HOOK = /^(?:useLoaderData|useActionData|useRouteLoaderData|useTypedLoaderData)$/;

/**
 * Remix / React Router: `const { bodyHtml } = useLoaderData<typeof loader>()` (or `data.bodyHtml`
 * with `const data = useLoaderData()`) is the `bodyHtml` the same file's `loader` returns
 * (`return json({ bodyHtml: DOMPurify.sanitize(html) })`). Returns those values, or null.
 */
function loaderValues(id: SyntaxNode, key: string | null): SyntaxNode[] | null {
  let binding: SyntaxNode | null = null;
  let field = key;
  for (let scope = id.parent; scope && !binding; scope = scope.parent) {
    if (!FUNCTION_NODES.has(scope.type)) continue;
    const stack: SyntaxNode[] = [scope.child('body') ?? scope];
    let budget = 3000;
    while (stack.length > 0 && budget-- > 0 && !binding) {
      const n = stack.pop() as SyntaxNode;
      if (n.type === 'variable_declarator' && n.start < id.start) {
        const name = n.child('name');
        const value = n.child('value');
        const fn = value ? unwrap(value) : null;
        if (name && fn?.type === 'call_expression' && LOADER_HOOK.test(fn.child('function')?.text ?? '')) {
          if (name.type === 'identifier' && name.text === id.text && key !== null) binding = fn;
          else if (name.type === 'object_pattern' && key === null) {
            for (const c of name.namedChildren) {
              if (c.type === 'shorthand_property_identifier_pattern' && c.text === id.text) field = c.text;
              else if (c.type === 'pair_pattern' && c.child('value')?.text === id.text) field = pairKey(c);
              else continue;
              binding = fn;
            }
          }
        }
      }
      if (!FUNCTION_NODES.has(n.type) || n === scope) for (const c of n.children) if (c.named) stack.push(c);
    }
  }
  if (!binding || !field) return null;
  const loader = findFunction(programOf(id), /^(?:useActionData)$/.test(binding.child('function')?.text ?? '') ? 'action' : 'loader');
  if (!loader) return null;
  const out: SyntaxNode[] = [];
  const body = loader.child('body');
  const returns: SyntaxNode[] = [];
  if (body && body.type !== 'statement_block') returns.push(body);
  const stack: SyntaxNode[] = body ? [body] : [];
  let budget = 3000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n !== body && FUNCTION_NODES.has(n.type)) continue;
    if (n.type === 'return_statement' && n.namedChildren[0]) returns.push(n.namedChildren[0]);
    for (const c of n.children) if (c.named) stack.push(c);
  }
  for (const r of returns) {
    let v = unwrap(r);
    // `json({...})`, `typedjson({...})`, `defer({...})`, `data({...})`
    if (v.type === 'call_expression' && /^(?:json|typedjson|defer|data|Response\.json)$/.test(v.child('function')?.text ?? ''))
      v = unwrap(v.child('arguments')?.namedChildren[0] ?? v);
    const obj = objectLiteral(v);
    if (!obj) continue; // an error response (`json({ error }, 400)` has no such key; redirects, thrown responses)
    const value = propValue(obj, field);
    if (value) out.push(value);
  }
  return out.length > 0 ? out : null;
}

const functionsByName = new WeakMap<SyntaxNode, Map<string, SyntaxNode>>();

/** The file's function declared under `name` (the first in source order); the file is indexed once. */
function findFunction(root: SyntaxNode, name: string): SyntaxNode | null {
  let index = functionsByName.get(root);
  if (!index) {
    index = new Map();
    for (const type of FUNCTION_NODES)
      for (const fn of namedDescendants(root, type)) {
        const n = functionName(fn);
        const seen = n === null ? undefined : index.get(n);
        if (n !== null && (!seen || seen.start > fn.start)) index.set(n, fn);
      }
    functionsByName.set(root, index);
  }
  return index.get(name) ?? null;
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
      // A same-file helper that returns a sanitizer's result (`cleanExcerpt(html)`).
      if (ctx.call(n)?.name === HELPER_SANITIZERS.html) return true;
      // A same-file helper is judged by what it does, not by its name (`highlightMatches(body, term)`
      // that wraps the raw term in `<mark>` is not highlight.js).
      const fnNode = n.child('function');
      const local = fnNode?.type === 'identifier' ? findFunction(programOf(n), fnNode.text) : null;
      if (local && !SAFE_BODY.test((local.child('body')?.text ?? '').slice(0, 4000)) && buildsMarkup(local)) return false;
      if (SAFE_CALL.test(callee(n))) return true;
      // `useMemo(() => DOMPurify.sanitize(html), [html])`
      if (/^(?:React\.)?useMemo$/.test(callee(n))) return /sanitize|purify|escape/i.test(n.text);
      return false;
    }
    case 'identifier': {
      const path = ctx.path(n);
      if (path && (path.length !== 1 || path[0] !== n.text)) return true; // an imported asset or module constant
      const v = declaredValue(n);
      if (v !== null) return safeHtml(v, ctx, depth + 1);
      const loaded = loaderValues(n, null);
      return loaded !== null && loaded.every((x) => safeHtml(x, ctx, depth + 1));
    }
    case 'member_expression':
    case 'subscript_expression': {
      let root: SyntaxNode = n;
      while (root.type === 'member_expression' || root.type === 'subscript_expression') root = root.child('object') ?? root;
      if (root.type === 'identifier') {
        const path = ctx.path(root);
        if (path && (path.length !== 1 || path[0] !== root.text)) return true;
        if (/^[A-Z][A-Z0-9_]*$/.test(root.text)) return true; // ICONS.check, MESSAGES.footer
        // `data.bodyHtml` with `const data = useLoaderData()`.
        const prop = n.type === 'member_expression' && n.child('object') === root ? n.child('property')?.text : null;
        const loaded = prop ? loaderValues(root, prop) : null;
        if (loaded) return loaded.every((x) => safeHtml(x, ctx, depth + 1));
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
  class: 'xss',
  confidence: 'medium',
  cwe: ['CWE-79'],
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
