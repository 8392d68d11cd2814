import type { CallView } from '../../engine/adapter.ts';
import { cgiHtml, hasMarkup, htmlType, literalParts, statementOf, stdoutWriter } from '../../lang/c/web.ts';
import { callArgs, enclosingFunction, findDeclaration, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';

/** Whether a `<<` chain writes HTML markup: `html << "<td>" << name << "</td>"`. */
function markupChain(node: SyntaxNode): boolean {
  return literalParts(statementOf(node)).some(hasMarkup);
}

/** The taint already went through a reported `html << x` insertion: the response that sends it is the same flaw. */
function insertedBefore(taint: Taint): boolean {
  return taint.steps.some((s) => s.note === 'copied by <<()' && markupChain(s.node));
}

/** `res.set_content(body, "text/html")` (cpp-httplib), `request.reply(status, body, "text/html")` (cpprestsdk). */
function htmlContent(position: number) {
  return (call: CallView, ctx: MatchContext, taint: Taint): boolean => {
    const type = call.args.find((a) => a.index === position)?.node;
    if (!type || insertedBefore(taint)) return false;
    const value = ctx.stringValue(type) ?? type.text;
    return htmlType(value);
  };
}

/** Whether `text` calls `call` with an argument starting with `prefix` but not with `html` (a plain scan). */
function otherType(text: string, call: string, prefix: string, html: string): boolean {
  for (let i = text.indexOf(call), n = 0; i >= 0 && n < 32; i = text.indexOf(call, i + 1), n++) {
    let j = i + call.length;
    while (text[j] === ' ' || text[j] === '\n' || text[j] === '\t') j++;
    if (text.startsWith(prefix, j) && !text.startsWith(html, j)) return true;
  }
  return false;
}

/** Drogon's responses are text/html unless the handler sets another content type. */
function drogonHtml(call: CallView, _ctx: MatchContext, taint: Taint): boolean {
  if (insertedBefore(taint)) return false;
  const fn = enclosingFunction(call.node);
  const text = fn ? fn.text : '';
  return !otherType(text, 'setContentTypeCode(', 'CT_', 'CT_TEXT_HTML') && !otherType(text, 'setContentTypeString(', '"', '"text/html');
}

/** `Location: %s`, `Set-Cookie: …`: a response header line, not the page. */
function headerLine(call: CallView): boolean {
  const first = literalParts(call.node, 1)[0] ?? '';
  const colon = first.indexOf(':');
  if (colon <= 0 || colon > 40) return false;
  for (let i = 0; i < colon; i++) {
    const c = first[i] as string;
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '-')) return false;
  }
  return true;
}

/** A CGI program that answers with an HTML page writes its body to stdout. */
function cgiBody(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (insertedBefore(taint) || !stdoutWriter(call.name, callArgs(call.node)) || headerLine(call) || !cgiHtml(ctx.code)) return false;
  // `printf(msg)` with msg from input: the format string is the worse flaw (c.format-string reports it).
  const format = call.args.find((a) => a.index === (call.name === 'fprintf' ? 1 : 0));
  return !(format && (call.name === 'printf' || call.name === 'fprintf' || call.name === 'FCGI_printf') && ctx.taint(format.node) !== null && ctx.stringValue(format.node) === null);
}

/** Content types of a response that is not a page (`application/json`, `text/plain`, images, downloads). */
function otherContentType(text: string): boolean {
  const t = text.trim().toLowerCase();
  return t.startsWith('application/') ? !t.includes('xhtml') : t.startsWith('text/plain') || t.startsWith('text/csv') || t.startsWith('image/') || t.startsWith('text/css') || t.startsWith('text/javascript');
}

/** The variable an lvalue's member chain starts from: `res.body` → `res`, `resp->body` → `resp`. */
function rootVariable(node: SyntaxNode): SyntaxNode | null {
  let n = unwrap(node);
  for (let i = 0; i < 8 && n.type === 'field_expression'; i++) n = unwrap(n.child('argument') ?? n);
  return n.type === 'identifier' ? n : null;
}

/**
 * `res.body = page` on a response object (cpp-httplib `Response`, Crow `response`, a server's own
 * `HttpResponse`): the page is HTML when the handler says so (`text/html`), or when it was built from
 * markup and no other content type is set.
 */
function htmlBody(target: SyntaxNode, _ctx: MatchContext, taint: Taint): boolean {
  if (insertedBefore(taint)) return false;
  const t = unwrap(target);
  if (t.type !== 'field_expression') return false;
  const root = rootVariable(t.child('argument') ?? t);
  if (!root) return false;
  const d = findDeclaration(root.text, root);
  if (!d || !/response|reply/i.test(d.type)) return false;
  const fn = enclosingFunction(target);
  const parts = fn ? literalParts(fn, 256) : [];
  if (parts.some(htmlType)) return true;
  return !parts.some(otherContentType) && hasMarkup(taint.text);
}

export default defineRule({
  class: 'xss',
  confidence: 'high',
  cwe: ['CWE-79'],
  languages: ['c', 'cpp'],
  remediation:
    'Escape every value written into HTML (`&`, `<`, `>`, `"`, `\'` → entities) with an escaping helper, or render the page with a template engine that escapes by default; send data that is not HTML with a text/plain or application/json content type.',
  references: [
    'https://cwe.mitre.org/data/definitions/79.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html',
    'https://github.com/yhirose/cpp-httplib#server',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['*.set_content'], args: [0], where: htmlContent(1), label: 'an HTML response' },
      { callee: ['*.reply'], args: [1], where: htmlContent(2), label: 'an HTML response' },
      { callee: ['*.send'], args: [1], where: htmlContent(2), label: 'an HTML response' },
      { callee: ['*.setBody'], args: [0], where: drogonHtml, label: 'an HTML response' },
      { callee: ['mg_http_reply'], args: [3, 4, 5, 6, 7, 8], where: (call, ctx) => htmlType(ctx.stringValue(call.args.find((a) => a.index === 2)?.node as SyntaxNode) ?? ''), label: 'an HTML response' },
      // `html << "<td>" << name << "</td>"`: untrusted text inserted into markup.
      { callee: ['<<'], args: [2], where: (call) => markupChain(call.node), label: 'HTML markup' },
      { callee: ['printf', 'puts', 'fputs', 'fprintf', 'FCGI_printf', 'std.printf', 'std.puts', 'std.fputs', 'std.fprintf'], args: 'all', where: cgiBody, label: 'the CGI page' },
    ],
    assignSinks: [{ target: ['*.body', '*.content'], where: htmlBody, label: 'an HTML response' }],
    params: 'never',
    local: 'never',
  },
});
