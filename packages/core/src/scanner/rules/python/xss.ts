import type { CallView, FunctionView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { declaredContentType, definitionOf, isFalse, keyword, notHtml, originCall } from '../../lang/python/predicates.ts';
import { decoratorIs, findAfter } from '../../lang/python/text.ts';

const ROUTE_MEMBERS = new Set(['route', 'get', 'post', 'put', 'patch', 'delete', 'api_route']);
const ROUTE_BARE = new Set(['route', 'get', 'post', 'put', 'patch', 'delete']);
const ROUTE = { test: (d: string): boolean => decoratorIs(d, ROUTE_MEMBERS, ROUTE_BARE) };
/** Frameworks whose route functions serialise a returned value as JSON, not HTML. */
const JSON_FRAMEWORKS = /^\s*(?:from|import)\s+(?:fastapi|starlette|litestar|ninja|flask_restful|flask_restx|flask_smorest|connexion|rest_framework|apiflask)\b/m;

/** `Response(body)`, `make_response(body)`, `HttpResponse(body)`: HTML unless another content type is declared. */
function htmlResponse(call: CallView, ctx: MatchContext): boolean {
  return !notHtml(declaredContentType(call, ctx));
}

/** aiohttp's `web.Response(text=…)` is text/plain unless the handler says text/html. */
function aiohttpHtml(call: CallView, ctx: MatchContext): boolean {
  const type = declaredContentType(call, ctx);
  return type !== null && /html/i.test(type);
}

/** Tornado `self.write(str)` / `self.finish(str)` in a RequestHandler (a dict is written as JSON). */
function tornadoWrite(call: CallView, ctx: MatchContext): boolean {
  const bases = ctx.fn?.classBases ?? [];
  if (!bases.some((b) => /RequestHandler|Handler\b/.test(b))) return false;
  const arg = call.args.find((a) => a.index === 0)?.node;
  if (!arg || arg.type === 'dictionary' || arg.type === 'list') return false;
  const def = arg.type === 'identifier' ? definitionOf(arg) : null;
  if (def && (def.type === 'dictionary' || def.type === 'list' || def.type === 'dictionary_comprehension')) return false;
  return !findAfter((ctx.fn?.node.text ?? '').toLowerCase(), 'set_header(', /^\s*["']content-type["']\s*,\s*["'](?:application\/json|text\/plain)/);
}

/** `format_html(f"<b>{x}</b>")`: the value was formatted in before format_html could escape it. */
function preformatted(_call: CallView, _ctx: MatchContext, taint: Taint): boolean {
  return taint.built;
}

function autoescapeOff(call: CallView | null, ctx: MatchContext): boolean {
  if (!call) return true;
  const v = keyword(call, 'autoescape');
  return v === null || isFalse(v) || ctx.stringValue(v) === '';
}

function looksHtml(text: string | null): boolean {
  return text !== null && (/<\/?[a-zA-Z][\w-]{0,64}[\s>/]/.test(text) || /\.(?:html?|xhtml|jinja2?|j2)$/i.test(text));
}

/**
 * `Template(src).render(name=x)` / `env.get_template("page.html").render(x=…)` with Jinja2's
 * autoescaping off (the default outside Flask) or a Mako template: values are inserted raw.
 */
function unescapedRender(call: CallView, ctx: MatchContext): boolean {
  const origin = originCall(call.receiver, ctx);
  if (!origin) return false;
  const path = ctx.pathText(origin.callee ?? origin.node) ?? '';
  const source = origin.args.find((a) => a.index === 0)?.node ?? null;
  const sourceText = source ? ctx.stringValue(source) : null;
  if (/^(?:jinja2\.Template|jinja2\.environment\.Template)$/.test(path)) return autoescapeOff(origin, ctx) && looksHtml(sourceText);
  if (/^mako\.template\.Template$/.test(path)) {
    const filters = keyword(origin, 'default_filters');
    return !(filters && /['"]h['"]/.test(filters.text)) && looksHtml(sourceText ?? ctx.stringValue(keyword(origin, 'text') ?? origin.node));
  }
  if (origin.name === 'get_template' || origin.name === 'from_string' || origin.name === 'select_template') {
    const env = originCall(origin.receiver, ctx);
    const envPath = env ? (ctx.pathText(env.callee ?? env.node) ?? '') : '';
    if (!/^jinja2\.(?:Environment|sandbox\.SandboxedEnvironment|environment\.Environment)$/.test(envPath)) return false;
    return autoescapeOff(env, ctx) && looksHtml(sourceText);
  }
  return false;
}

const STRING_METHODS = /^(?:format|format_map|join|replace|strip|lstrip|rstrip|lower|upper|title|capitalize|decode|get|substitute|safe_substitute|str|center|ljust|rjust)$/;

/**
 * Whether untrusted text reaches a returned value as text: a request value, or a string built from
 * one (f-string, `+`, `%`, `.format`, `.join`) — not the result of some other function (rows,
 * objects, rendered templates) that merely took the input as an argument.
 */
function textFlow(node: SyntaxNode | null, ctx: MatchContext, depth = 0): boolean {
  if (!node || depth > 6) return false;
  // A request read itself (`self.get_argument("q")`, `request.args.get("q")`).
  if (ctx.taint(node)?.source === node) return true;
  switch (node.type) {
    case 'string':
      return node.children.some((c) => c.type === 'interpolation' && textFlow(c.child('expression'), ctx, depth + 1));
    case 'concatenated_string':
      return node.namedChildren.some((c) => textFlow(c, ctx, depth + 1));
    case 'binary_operator': {
      const op = node.child('operator')?.text;
      if (op !== '+' && op !== '%') return false;
      return textFlow(node.child('left'), ctx, depth + 1) || textFlow(node.child('right'), ctx, depth + 1);
    }
    case 'parenthesized_expression':
    case 'expression_list':
    case 'tuple':
    case 'list':
      // `return body, 200` / `"%s %s" % (a, b)`
      return node.type === 'expression_list' || node.type === 'parenthesized_expression' ? textFlow(node.namedChildren[0] ?? null, ctx, depth + 1) : node.namedChildren.some((c) => textFlow(c, ctx, depth + 1));
    case 'conditional_expression':
      return [node.namedChildren[0], node.namedChildren[2]].some((c) => textFlow(c ?? null, ctx, depth + 1));
    case 'boolean_operator':
      return textFlow(node.child('left'), ctx, depth + 1) || textFlow(node.child('right'), ctx, depth + 1);
    case 'attribute':
    case 'subscript':
      return ctx.taint(node) !== null;
    case 'call': {
      const fn = node.child('function');
      const name = fn?.type === 'attribute' ? fn.child('attribute')?.text : fn?.text;
      if (!STRING_METHODS.test(name ?? '')) return false;
      if (fn?.type === 'attribute' && textFlow(fn.child('object'), ctx, depth + 1)) return true;
      if (name === 'get' && fn?.type === 'attribute') return ctx.taint(node) !== null;
      return (node.child('arguments')?.namedChildren ?? []).some((a) => textFlow(a.type === 'keyword_argument' ? a.child('value') : a, ctx, depth + 1));
    }
    case 'generator_expression':
    case 'list_comprehension':
      return textFlow(node.child('body'), ctx, depth + 1);
    case 'identifier': {
      const def = definitionOf(node);
      if (def === null) return ctx.taint(node) !== null;
      if (textFlow(def, ctx, depth + 1)) return true;
      // html = ""; html += f"<li>{name}</li>": built up with +=.
      return ctx.taint(node) !== null && new RegExp(`\\b${node.text}\\s*\\+=`).test(ctx.fn?.node.text ?? '');
    }
    default:
      return false;
  }
}

/** A Flask / Quart / Bottle route returning text: the framework sends it as text/html. */
function htmlRoute(fn: FunctionView, ctx: MatchContext): boolean {
  if (!fn.decorators.some((d) => ROUTE.test(d))) return false;
  if (fn.decorators.some((d) => /HTMLResponse/.test(d))) return true;
  if (JSON_FRAMEWORKS.test(ctx.code)) return false;
  if (fn.decorators.some((d) => /\b(?:response_model|response_class)\s{0,8}=/.test(d))) return false;
  // mimetype="text/plain", content_type='application/json', response["Content-Type"] = "text/csv"
  return !/(?:mimetype|content_type)\s{0,8}=\s{0,8}["'](?!text\/html)/i.test(fn.node.text) && !findAfter(fn.node.text, '[', /^\s*["']Content-Type["']\s*\]\s*=\s*["'](?!text\/html)/i);
}

export default defineRule({
  class: 'xss',
  confidence: 'high',
  cwe: ['CWE-79'],
  languages: ['python'],
  remediation:
    'Render through an autoescaping template (`render_template("page.html", name=name)`, Django templates), escape values with `markupsafe.escape()` / `html.escape()` / `django.utils.html.format_html("<b>{}</b>", name)`, never wrap input in `Markup()` / `mark_safe()`, and return JSON with `jsonify()` / `JsonResponse`.',
  references: [
    'https://cwe.mitre.org/data/definitions/79.html',
    'https://flask.palletsprojects.com/en/stable/security/#cross-site-scripting-xss',
    'https://docs.djangoproject.com/en/stable/ref/utils/#django.utils.safestring.mark_safe',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      {
        callee: [
          'flask.make_response', 'flask.Response', 'flask.wrappers.Response', 'werkzeug.Response', 'werkzeug.wrappers.Response', 'quart.Response',
          'quart.make_response', 'django.http.HttpResponse', 'django.http.response.HttpResponse', 'bottle.HTTPResponse', 'sanic.response.html',
          'sanic.html', 'starlette.responses.HTMLResponse', 'fastapi.responses.HTMLResponse', 'django.http.StreamingHttpResponse',
        ],
        args: [0],
        keywords: ['response', 'content', 'body'],
        where: htmlResponse,
      },
      { callee: ['aiohttp.web.Response', 'aiohttp.web_response.Response'], args: [], keywords: ['text', 'body'], where: aiohttpHtml },
      {
        callee: [
          'django.utils.safestring.mark_safe', 'mark_safe', 'django.utils.safestring.SafeString', 'django.utils.safestring.SafeText', 'SafeString',
          'markupsafe.Markup', 'flask.Markup', 'jinja2.Markup', 'jinja2.utils.Markup', 'Markup',
        ],
        args: [0],
      },
      { callee: ['django.utils.html.format_html', 'format_html'], args: [0], where: preformatted, label: 'format_html (pre-formatted string)' },
      { callee: ['self.write', 'self.finish'], args: [0], where: tornadoWrite, label: 'RequestHandler.write' },
      { callee: ['*.render'], args: 'all', where: unescapedRender, label: 'a template rendered without autoescaping' },
    ],
    returnSink: (fn, ctx) => htmlRoute(fn, ctx),
    sanitizers: [
      'flask.render_template', 'render_template', 'quart.render_template', 'django.shortcuts.render', 'django.template.loader.render_to_string',
      'render_to_string', 'django.template.response.TemplateResponse', '*.TemplateResponse', 'bottle.template', 'template', 'flask.redirect',
      'redirect', 'django.shortcuts.redirect', 'flask.send_file', 'send_file', 'flask.send_from_directory', 'send_from_directory',
      'django.http.JsonResponse', 'JsonResponse',
      // Django templates and autoescaping Jinja2 environments escape what they render (the unescaped ones are sinks above).
      '*.render', '*.render_to_string', '*.TemplateResponse',
    ],
    local: 'never',
    params: 'built',
    check: (taint, ctx, at) => {
      if (at.type === 'return_statement') return taint.strength === 'remote' && textFlow(at.namedChildren[0] ?? null, ctx);
      // A response body: the input itself or text built from it, not whatever some other function returned for it.
      const call = at.parent?.type === 'keyword_argument' ? at.parent.parent?.parent : at.parent?.parent;
      const callee = call?.type === 'call' ? (call.child('function')?.text ?? '') : '';
      if (/(?:^|\.)(?:HttpResponse|StreamingHttpResponse|Response|HTTPResponse|make_response|HTMLResponse|html|write|finish)$/.test(callee)) return textFlow(at, ctx);
      return true;
    },
  },
});
