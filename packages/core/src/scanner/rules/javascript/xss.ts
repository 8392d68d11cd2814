import type { CallView, FunctionView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { argAt, declaredContentType, fromRequestMetadata, rawRequestTarget, declaredValue, leadingLiteral, objectLiteral, propValue, receiverPath, scopeText, stringParts, templateOutput, unwrap } from '../../lang/javascript/helpers.ts';

/** Objects that are an HTTP response (Express, Next.js pages API, Node http). */
const RESPONSE_ROOT = /^(?:res|response|resp|httpResponse|serverResponse|_res)$/;
/** Calls whose result is JSON, a number, or an escaped/rendered template: never raw HTML from input. */
function safeProducer(callee: string): boolean {
  if (/^(?:Number|parseInt|parseFloat)$/.test(callee)) return true;
  const last = callee.slice(callee.lastIndexOf('.') + 1);
  return /^(?:render|renderFile|renderToString|renderToStaticMarkup|toJSON|json)$/.test(last);
}

/** Whether the value sent is an object/array (serialised as JSON) or a safe producer's result. */
function notMarkup(arg: SyntaxNode, html: boolean, depth = 0): boolean {
  const n = unwrap(arg);
  if (n.type === 'object' || n.type === 'array' || n.type === 'number') return true;
  if (n.type === 'call_expression' || n.type === 'new_expression') {
    const callee = (n.child('function') ?? n.child('constructor'))?.text ?? '';
    if (/^JSON\.stringify$/.test(callee)) return !html;
    if (safeProducer(callee)) return true;
    // A compiled template's output (`const tpl = Handlebars.compile(src); tpl(data)`) is escaped by the engine.
    if (templateOutput(n)) return true;
    if (/^(?:Buffer\.from|Buffer\.alloc)$/.test(callee)) return false;
    return false;
  }
  if (n.type === 'identifier' && depth < 3) {
    const v = declaredValue(n);
    if (v) return notMarkup(v, html, depth + 1);
  }
  return false;
}

/** `res.send(req.body)`: a whole parsed body or query object is sent back as JSON. */
function wholeContainer(arg: SyntaxNode): boolean {
  return /^(?:req|request)\.(?:body|query|params|cookies|headers|files)$/.test(unwrap(arg).text);
}

/** Request headers, host and address are set by the victim's own browser, not chosen by an attacker. */
function reflectable(taint: Taint): boolean {
  return !fromRequestMetadata(taint);
}

/**
 * Whether some operand of the markup carries input as it is: not through an escaping template
 * (`tpl(data)`), not as JSON or a number.
 */
function rawInput(arg: SyntaxNode, ctx: MatchContext, html: boolean): boolean {
  let node = unwrap(arg);
  if (node.type === 'identifier') {
    const v = declaredValue(node);
    if (v && (unwrap(v).type === 'binary_expression' || unwrap(v).type === 'template_string')) node = unwrap(v);
  }
  let tainted = 0;
  for (const part of stringParts(node)) {
    const t = ctx.taint(part);
    if (!t) continue;
    tainted++;
    if (!reflectable(t) || rawRequestTarget(part)) continue;
    if (templateOutput(part) || notMarkup(part, html)) continue;
    return true;
  }
  // The variable was extended after its declaration (`html += '<li>' + item`): trust the walk's taint.
  return tainted === 0 && node !== unwrap(arg);
}

/** Express / Next.js / Node http responses: `res.send(html)`, `res.status(400).send(msg)`, `res.write(chunk)`, `res.end(body)`. */
function expressResponse(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const receiver = receiverPath(call, ctx);
  const root = receiver[0] ?? '';
  if (!RESPONSE_ROOT.test(root) && !(root === 'this' && receiver[1] === 'res') && !(root === 'ctx' && receiver[1] === 'res')) return false;
  const arg = argAt(call, 0);
  if (!arg || wholeContainer(arg) || !reflectable(taint)) return false;
  const declared = declaredContentType(scopeText(call.node));
  if (declared === 'other') return false;
  return !notMarkup(arg, declared === 'html') && (ctx.probing || rawInput(arg, ctx, declared === 'html'));
}

/** Fastify `reply.send(x)` serves strings as text/plain unless the handler sets an HTML type. */
function fastifyReply(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const root = receiverPath(call, ctx)[0] ?? '';
  if (!/^(?:reply|rep)$/.test(root)) return false;
  const arg = argAt(call, 0);
  if (!arg || !reflectable(taint)) return false;
  return declaredContentType(scopeText(call.node)) === 'html' && !notMarkup(arg, true) && (ctx.probing || rawInput(arg, ctx, true));
}

/** hapi `h.response(html)`: strings are served as text/html. */
function hapiResponse(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const root = receiverPath(call, ctx)[0] ?? '';
  const arg = argAt(call, 0);
  if (root !== 'h' || !arg || !reflectable(taint)) return false;
  return declaredContentType(scopeText(call.node)) !== 'other' && !notMarkup(arg, false) && (ctx.probing || rawInput(arg, ctx, false));
}

/** `new Response(html, { headers: { 'Content-Type': 'text/html' } })` (Next.js app router, Workers, Deno, Bun). */
function webResponse(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const init = argAt(call, 1);
  const body = argAt(call, 0);
  if (!body || !init || !reflectable(taint)) return false;
  return /text\/html/i.test(init.text) || (init.type === 'identifier' && /text\/html/i.test(declaredValue(init)?.text ?? ''));
}

/**
 * Koa `ctx.body = s`: a string is served as text/html when it starts with `<`, otherwise as
 * text/plain. A fixed prefix that is not markup keeps it plain; input at the start decides.
 */
function koaBody(target: SyntaxNode, ctx: MatchContext, taint: Taint): boolean {
  const assign = target.parent;
  const value = assign?.type === 'assignment_expression' ? assign.child('right') : null;
  if (!value || !reflectable(taint) || wholeContainer(value)) return false;
  const declared = declaredContentType(scopeText(target));
  if (declared === 'other') return false;
  if (notMarkup(value, declared === 'html')) return false;
  if (declared === 'html') return true;
  const lead = leadingLiteral(value, ctx);
  if (lead !== null && lead.trim() !== '') return lead.trimStart().startsWith('<');
  return true;
}

/**
 * A hapi handler that returns a toolkit response (`h.response(html).type(…)`, `h.file(p)`,
 * `h.redirect(u)`, `h.view(name, ctx)`): not a string served as HTML. `h.response` is a sink of its own.
 */
function toolkitResult(value: SyntaxNode | null | undefined): boolean {
  if (!value) return false;
  let n = unwrap(value);
  for (let i = 0; i < 8 && n.type === 'call_expression'; i++) {
    const fn = n.child('function');
    if (fn?.type !== 'member_expression') return false;
    const object = unwrap(fn.child('object') as SyntaxNode);
    if (object.type === 'identifier') return object.text === 'h';
    n = object;
  }
  return false;
}

/** hapi handlers `(request, h) => …` return their response; a string is served as HTML. */
function hapiHandler(fn: FunctionView): boolean {
  const [first, second] = fn.params;
  return fn.params.length === 2 && /^(?:req|request)$/.test(first?.name ?? '') && second?.name === 'h';
}

/** Fastify handlers `async (request, reply) => …` send what they return; strings are text/plain unless an HTML type is set. */
function fastifyHandler(fn: FunctionView): boolean {
  const [first, second] = fn.params;
  return /^(?:req|request)$/.test(first?.name ?? '') && /^(?:reply|rep)$/.test(second?.name ?? '') && declaredContentType(fn.node.text) === 'html';
}

/** AWS Lambda `return { statusCode, headers: { 'Content-Type': 'text/html' }, body }`. */
function lambdaHtml(fn: FunctionView, at: SyntaxNode): boolean {
  const value = at.type === 'return_statement' ? at.namedChildren[0] : null;
  const obj = value ? objectLiteral(value) : null;
  if (!obj || !propValue(obj, 'body') || !propValue(obj, 'statusCode')) return false;
  return /text\/html/i.test(obj.text) || /text\/html/i.test(fn.node.text);
}

export default defineRule({
  class: 'xss',
  confidence: 'high',
  cwe: ['CWE-79'],
  languages: ['javascript', 'typescript'],
  remediation:
    'Render HTML with a template engine that escapes by default (EJS `<%= %>`, Pug, Handlebars `{{ }}`, React SSR), escape values with `escape-html`/`he.encode` before building markup, or send data as JSON (`res.json()`) or `text/plain`. Never wrap input in `new Handlebars.SafeString()`.',
  references: [
    'https://cwe.mitre.org/data/definitions/79.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html',
    'https://expressjs.com/en/api.html#res.send',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['*.send', '*.write', '*.end'], args: [0], where: expressResponse },
      { callee: ['*.send'], args: [0], where: fastifyReply },
      { callee: ['h.response'], args: [0], where: hapiResponse },
      { callee: ['Response', 'NextResponse', 'next/server.NextResponse'], args: [0], where: (call, ctx, taint) => call.isNew && webResponse(call, ctx, taint) },
      { callee: ['{Handlebars,handlebars,hbs,express-handlebars,exphbs}.SafeString', 'handlebars.SafeString', 'SafeString'], args: [0], label: 'Handlebars SafeString' },
    ],
    assignSinks: [{ target: ['ctx.body', 'this.body', 'context.body'], where: koaBody, label: 'the Koa response body' }],
    returnSink: (fn, _ctx, taint) => {
      if (!reflectable(taint)) return false;
      if (hapiHandler(fn) || fastifyHandler(fn)) return fn.body === null || fn.body.type === 'statement_block' || (!notMarkup(fn.body, false) && !toolkitResult(fn.body));
      return fn.name === 'handler' && fn.body?.type === 'statement_block';
    },
    sanitizers: ['ejs.render', 'ejs.renderFile', 'pug.render', 'pug.renderFile', 'nunjucks.render', '*.renderToString', '*.renderToStaticMarkup', 'mustache.render', 'Mustache.render'],
    params: 'never',
    local: 'never',
    check: (taint, ctx, at) => {
      if (at.type !== 'return_statement') return true;
      if (!reflectable(taint)) return false;
      const fn = ctx.fn;
      if (!fn) return false;
      if (hapiHandler(fn) || fastifyHandler(fn)) {
        const value = at.namedChildren[0];
        return value !== undefined && declaredContentType(fn.node.text) !== 'other' && !notMarkup(value, false) && !toolkitResult(value);
      }
      return lambdaHtml(fn, at);
    },
  },
});
