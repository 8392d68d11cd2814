import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { FUNCTION_NODES, anyMatch, argAt, declaredValue, fileFact, leadingLiteral, leftmost, literalString, receiverPath, stringParts, unwrap } from '../../lang/javascript/helpers.ts';

/** A jQuery object: `$(sel)`, `jQuery(sel)`, a `$`-prefixed variable, `this.$el`. */
function jqueryReceiver(call: CallView, ctx: MatchContext): boolean {
  if (!usesJquery(ctx)) return false;
  const r = receiverPath(call, ctx);
  const root = r[0] ?? '';
  return root === '$()' || root === 'jQuery()' || root === 'jquery()' || /^\$\w+/.test(root) || r.some((s) => /^\$(?:el|\w+)$/.test(s) && s !== '$');
}

/** Whether `$` / `jQuery` in this file is jQuery (imported, or used the jQuery way) and not a local function. */
function usesJquery(ctx: MatchContext): boolean {
  return fileFact(ctx, 'jquery', jqueryCode);
}

const JQUERY_IMPORT = [/require\(['"]jquery['"]\)/, /from ['"]jquery['"]/];
const LOCAL_DOLLAR = [/: ?\$ ?[,}]/, /\bconst \$ ?=/, /\blet \$ ?=/, /\bvar \$ ?=/, /\bfunction \$ ?\(/, /[(,] ?\$ ?[,)] ?=>/];
const JQUERY_USE = [/\$\((?:document|window|function)\b/, /\$\.(?:ajax|get|post|getJSON|each|fn|extend)\b/, /\$\(['"][#.<\w]/, /\bjQuery\(/];

function jqueryCode(code: string): boolean {
  const imported = anyMatch(code, JQUERY_IMPORT);
  if (!imported && anyMatch(code, LOCAL_DOLLAR)) return false;
  return imported || anyMatch(code, JQUERY_USE);
}

/** `$(x)` parses x as HTML only when it starts with `<`; `$('#' + id)` is a selector. */
function jqueryHtml(call: CallView, ctx: MatchContext): boolean {
  if (!usesJquery(ctx)) return false;
  const arg = argAt(call, 0);
  if (!arg) return false;
  const lead = leadingLiteral(arg, ctx);
  return lead === null || lead === '' || lead.trimStart().startsWith('<');
}

/** A URL attribute whose value starts with the input can be `javascript:…`; a fixed scheme or path cannot. */
function urlStartsWithInput(arg: SyntaxNode | null, ctx: MatchContext, depth = 0): boolean {
  if (!arg || depth > 4) return false;
  const n = unwrap(arg.type === 'jsx_expression' ? (arg.namedChildren[0] ?? arg) : arg);
  if (n.type === 'ternary_expression') {
    // `u.origin === location.origin ? u.pathname : '#'`: a checked branch.
    if (/\.(?:origin|protocol|hostname|host)\b/.test(n.child('condition')?.text ?? '')) return false;
    return [n.child('consequence'), n.child('alternative')].some((b) => urlStartsWithInput(b, ctx, depth + 1));
  }
  // `u.pathname + u.search` always starts with "/".
  const first = leftmost(n);
  if (first.type === 'member_expression' && first.child('property')?.text === 'pathname') return false;
  const lead = leadingLiteral(arg, ctx);
  if (lead === null || lead === '') return true;
  return /^\s{0,8}(?:javascript|data|vbscript):/i.test(lead);
}

const URL_ATTRIBUTES = /^(?:href|src|action|formaction|xlink:href|data|srcdoc)$/i;

/** `el.setAttribute('onclick', x)`, `el.setAttribute('href', x)`. */
function dangerousAttribute(call: CallView, ctx: MatchContext): boolean {
  const name = literalString(argAt(call, 0))?.toLowerCase();
  if (!name) return false;
  if (name.startsWith('on') || name === 'srcdoc') return true;
  return URL_ATTRIBUTES.test(name) && urlStartsWithInput(argAt(call, 1), ctx);
}

/** `<a href={x}>`, `<iframe src={x}>`: elements that navigate or load the URL. */
function jsxUrl(call: CallView, ctx: MatchContext): boolean {
  const opening = call.node.parent;
  const element = opening?.child('name')?.text ?? '';
  const attr = call.name.slice(4);
  if (attr === 'src' && !/^(?:iframe|frame|embed|object|script)$/i.test(element)) return false;
  if ((attr === 'action' || attr === 'formAction') && !/^(?:form|button|input)$/i.test(element)) return false;
  const value = argAt(call, 0);
  return urlStartsWithInput(value, ctx);
}

/** `link.href = x`, `iframe.src = x`, `script.src = x` on an element (not `location.href`, not an image). */
function urlProperty(target: SyntaxNode, ctx: MatchContext): boolean {
  const path = ctx.path(target) ?? [];
  const owner = path[path.length - 2] ?? '';
  if (owner.toLowerCase().endsWith('location')) return false;
  const base = owner.replace(/(?:El|Elem|Element|Tag|Node)$/, '');
  const element = /^(?:a|link|anchor|iframe|frame|script)$/.test(base) || /(?:Link|Anchor|Iframe|IFrame|Frame|Script)$/.test(base);
  const value = target.parent?.type === 'assignment_expression' ? target.parent.child('right') : null;
  return element && urlStartsWithInput(value, ctx);
}

/** A condition that tests a message's origin: `e.origin === TRUSTED`, `allowed.includes(e.origin)`, `e.origin.startsWith(…)`. */
function testsOrigin(condition: string): boolean {
  const text = condition.replace(/\s+/g, '');
  return text.includes('.origin') && anyMatch(text, [/[!=]=/, /\.(?:includes|has|indexOf|some|test|startsWith|endsWith)\(/]);
}

/** A `message` listener that checks `event.origin` before the sink: an enclosing `if` on the origin, or an earlier `if (…origin…) return`. */
function originChecked(taint: Taint, at: SyntaxNode): boolean {
  const src = taint.source;
  if (src.parent?.type !== 'formal_parameters' && src.parent?.parent?.type !== 'formal_parameters' && src.parent?.type !== 'arrow_function') return false;
  let fn: SyntaxNode | null = src.parent;
  while (fn && !FUNCTION_NODES.has(fn.type)) fn = fn.parent;
  if (!fn || !fn.contains(at)) return false;
  for (let p: SyntaxNode | null = at.parent, child: SyntaxNode = at; p && p !== fn; child = p, p = p.parent) {
    if ((p.type === 'if_statement' || p.type === 'ternary_expression') && child.field !== 'condition' && testsOrigin(p.child('condition')?.text ?? '')) return true;
    if (p.type === 'statement_block') {
      for (const s of p.namedChildren) {
        if (s.start >= child.start) break;
        if (s.type === 'if_statement' && testsOrigin(s.child('condition')?.text ?? '') && /\b(?:return|throw)\b/.test(s.child('consequence')?.text ?? '')) return true;
      }
    }
  }
  return false;
}

/**
 * For a parameter's value (a component's props, a helper's argument), only markup built from the
 * parameter itself counts (`'<b>' + user.name + '</b>'`), not from what a call made of it
 * (`formatDate(date)`, `t(key)`, `icon(name)`).
 */
function directParameter(at: SyntaxNode, ctx: MatchContext): boolean {
  const value = at.parent?.type === 'assignment_expression' || at.parent?.type === 'augmented_assignment_expression' ? at.parent.child('right') : at;
  if (!value) return false;
  for (const part of stringParts(value)) {
    const p = unwrap(part);
    if (p.type !== 'identifier' && p.type !== 'member_expression' && p.type !== 'subscript_expression') continue;
    let root: SyntaxNode = p;
    while (root.type === 'member_expression' || root.type === 'subscript_expression') root = unwrap(root.child('object') ?? root);
    if (root.type !== 'identifier' && root.type !== 'this') continue; // `new URL(u).href`, `fmt(x).label`
    const t = ctx.taint(p);
    if (!t || t.strength !== 'param') continue;
    if (p.type === 'identifier') {
      const decl = declaredValue(p);
      if (decl && /^(?:call_expression|new_expression|await_expression)$/.test(decl.type) && !/\.(?:join|concat)\s{0,8}\(/.test(decl.text)) continue;
    }
    return true;
  }
  return false;
}

export default defineRule({
  class: 'xss',
  confidence: 'high',
  cwe: ['CWE-79'],
  languages: ['javascript', 'typescript'],
  remediation:
    'Insert text with `textContent`/`innerText` or jQuery `.text()`, build elements with `document.createElement`, sanitize HTML that must stay HTML with `DOMPurify.sanitize()`, and allow only `http:`/`https:` URLs in `href`/`src` (check `new URL(value).protocol`). Check `event.origin` in `message` listeners.',
  references: [
    'https://cwe.mitre.org/data/definitions/79.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/DOM_based_XSS_Prevention_Cheat_Sheet.html',
    'https://developer.mozilla.org/en-US/docs/Web/API/Element/innerHTML#security_considerations',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['document.write', 'document.writeln', 'window.document.write', 'window.document.writeln'], args: 'all' },
      { callee: ['*.insertAdjacentHTML'], args: [1] },
      { callee: ['*.createContextualFragment', '*.setHTMLUnsafe', 'Document.parseHTMLUnsafe'], args: [0] },
      { callee: ['$', 'jQuery', 'jquery'], args: [0], where: jqueryHtml, label: 'jQuery()' },
      { callee: ['{$,jQuery,jquery}.parseHTML'], args: [0] },
      { callee: ['*.html', '*.append', '*.prepend', '*.after', '*.before', '*.replaceWith', '*.wrap', '*.wrapAll', '*.wrapInner', '*.appendTo', '*.prependTo'], args: [0], where: jqueryReceiver },
      { callee: ['*.setAttribute'], args: [1], where: dangerousAttribute },
      { callee: ['jsx:href', 'jsx:src', 'jsx:action', 'jsx:formAction'], args: [0], where: jsxUrl, label: 'a JSX URL attribute' },
      { callee: ['*.bypassSecurityTrustHtml', '*.bypassSecurityTrustScript', '*.bypassSecurityTrustUrl', '*.bypassSecurityTrustResourceUrl'], args: [0] },
    ],
    assignSinks: [
      { target: ['*.innerHTML', '*.outerHTML', '*.srcdoc'], label: 'innerHTML' },
      { target: ['*.href', '*.src'], where: urlProperty, label: 'a URL property' },
    ],
    sanitizers: ['DOMPurify.sanitize', 'dompurify.sanitize', 'sanitizeHtml', '*.sanitize'],
    params: 'built',
    local: 'never',
    check: (taint, ctx, at) => !originChecked(taint, at) && (taint.strength !== 'param' || directParameter(at, ctx)),
  },
});
