import type { FunctionView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { FUNCTION_NODES, anyMatch, declaredContentType, declaredValue, objectLiteral, propValue, stringParts, unwrap } from '../../lang/javascript/helpers.ts';
import { fastifyHandler, hapiHandler, notMarkup, reflectable, toolkitResult } from '../../lang/javascript/heuristics.ts';

/** AWS Lambda `return { statusCode, headers: { 'Content-Type': 'text/html' }, body }`. */
function lambdaHtml(fn: FunctionView, at: SyntaxNode): boolean {
  const value = at.type === 'return_statement' ? at.namedChildren[0] : null;
  const obj = value ? objectLiteral(value) : null;
  if (!obj || !propValue(obj, 'body') || !propValue(obj, 'statusCode')) return false;
  return /text\/html/i.test(obj.text) || /text\/html/i.test(fn.node.text);
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

/** A handler's returned value, served as HTML (hapi, Fastify with an HTML type, Lambda with a text/html body). */
function returnedHtml(taint: Taint, ctx: MatchContext, at: SyntaxNode): boolean {
  if (!reflectable(taint)) return false;
  const fn = ctx.fn;
  if (!fn) return false;
  if (hapiHandler(fn) || fastifyHandler(fn)) {
    const value = at.namedChildren[0];
    return value !== undefined && declaredContentType(fn.node.text) !== 'other' && !notMarkup(value, false) && !toolkitResult(value);
  }
  return lambdaHtml(fn, at);
}

/**
 * Server responses and browser DOM sinks (models/javascript: express, koa, fastify, hapi, nextjs,
 * builtins `Response`, template-engines `SafeString`; browser, jquery, react, angular). Server
 * sinks leave markup a helper builds from its own parameter to its callers (`reflectable`); DOM
 * sinks count it when the parameter itself is in the markup (a component's props).
 */
export default defineRule({
  class: 'xss',
  confidence: 'high',
  cwe: ['CWE-79'],
  languages: ['javascript', 'typescript'],
  remediation:
    'Render HTML with a template engine that escapes by default (EJS `<%= %>`, Pug, Handlebars `{{ }}`, React), escape values with `escape-html`/`he.encode` before building markup, or send data as JSON (`res.json()`) or `text/plain`. In the browser insert text with `textContent`/`innerText` or jQuery `.text()`, sanitize HTML that must stay HTML with `DOMPurify.sanitize()`, allow only `http:`/`https:` URLs in `href`/`src`, and check `event.origin` in `message` listeners. Never wrap input in `new Handlebars.SafeString()` or Angular `bypassSecurityTrust*()`.',
  references: [
    'https://cwe.mitre.org/data/definitions/79.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/DOM_based_XSS_Prevention_Cheat_Sheet.html',
    'https://expressjs.com/en/api.html#res.send',
  ],
  matcher: {
    kind: 'taint',
    sinks: [],
    returnSink: (fn, _ctx, taint) => {
      if (!reflectable(taint)) return false;
      if (hapiHandler(fn) || fastifyHandler(fn)) return fn.body === null || fn.body.type === 'statement_block' || (!notMarkup(fn.body, false) && !toolkitResult(fn.body));
      return fn.name === 'handler' && fn.body?.type === 'statement_block';
    },
    params: 'built',
    local: 'never',
    check: (taint, ctx, at) => {
      if (at.type === 'return_statement') return returnedHtml(taint, ctx, at);
      return !originChecked(taint, at) && (taint.strength !== 'param' || directParameter(at, ctx));
    },
  },
});
