/**
 * Named checks the C and C++ models refer to (`"where": "exec-shell"`): conditions on a sink call
 * that a table cannot state — which program an `execl` runs, whether a response is HTML, whether a
 * `curl_easy_setopt` sets the URL. Each is a plain predicate over the call (or the assignment
 * target), the walker's context and the taint that reached it; docs/writing-rules.md lists them.
 */
import type { CallView } from '../../engine/adapter.ts';
import type { AssignCheck, Heuristics, SinkCheck } from '../../models/compile.ts';
import type { MatchContext, Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { DB_RECEIVER, looksLikeSql } from '../common.ts';
import { stringValueOf } from './analysis.ts';
import { callArgs, callNeverReturns, descendants, enclosingFunction, findDeclaration, scopeDescendants, unwrap } from './syntax.ts';
import { cgiHtml, hasMarkup, htmlType, literalParts, statementOf, stdoutWriter } from './web.ts';

const arg = (call: CallView, index: number): SyntaxNode | undefined => call.args.find((a) => a.index === index)?.node;

// ---- commands ---------------------------------------------------------------------------------

const SHELLS = /^(?:\/usr)?(?:\/bin\/)?(?:sh|bash|dash|zsh|ksh|csh|tcsh|busybox)$|^(?:cmd|cmd\.exe|powershell|powershell\.exe|pwsh)$/i;

/** Taint that is just the program's own command line: a launcher (`execvp(argv[1], &argv[1])`) runs what its user asks. */
function ownCommandLine(taint: Taint): boolean {
  return taint.strength === 'local' && !taint.built && /^(?:argv|__argv|__wargv|lpCmdLine)$/.test(taint.label);
}

/**
 * `execl("/bin/sh", "sh", "-c", cmd, NULL)`: a shell running a command string is as dangerous as
 * system(); otherwise the exec family runs an argument vector, dangerous when the program itself
 * is untrusted.
 */
const execShell: SinkCheck = (call, ctx) => {
  const args = call.args.filter((a) => a.index >= 0).map((a) => a.node);
  const program = args[0];
  if (!program) return false;
  const programTaint = ctx.taint(program);
  if (programTaint && ctx.stringValue(program) === null && !ownCommandLine(programTaint)) return programTaint.strength !== 'param' || programTaint.built;
  const name = stringValueOf(ctx, program);
  if (name === null || (!SHELLS.test(name.replace(/^.*[/\\]/, '')) && !SHELLS.test(name))) return false;
  const dashC = args.findIndex((a, i) => i > 0 && /^(?:-c|\/c|\/C|-Command)$/.test(stringValueOf(ctx, a) ?? ''));
  return dashC > 0 && args.slice(dashC + 1).some((a) => ctx.taint(a) !== null);
};

/** `execvp(args[0], args)`: the program is the first element of the vector. */
const execProgram: SinkCheck = (call, ctx, taint) => {
  const program = arg(call, 0);
  if (!program) return false;
  if (ctx.stringValue(program) !== null) return false;
  if (ownCommandLine(taint)) return false;
  return taint.strength !== 'param' || taint.built;
};

// ---- databases, URLs --------------------------------------------------------------------------

/** A C++ client's `exec`/`execute`/`query` only when the receiver is a database handle or the text is SQL. */
const dbClient: SinkCheck = (call, ctx, taint) => {
  const receiver = call.receiver ? ctx.path(call.receiver) : null;
  const last = receiver?.[receiver.length - 1]?.replace(/\(\)$/, '');
  return (last !== undefined && (DB_RECEIVER.test(last) || /^(?:txn|w|work|tx|stmt|pstmt|query|q|session|sess|db_)$/i.test(last))) || looksLikeSql(taint.text);
};

/** `curl_easy_setopt(h, CURLOPT_URL, url)`, `curl_url_set(u, CURLUPART_URL, url, 0)`. */
const curlUrlOption: SinkCheck = (call) => {
  const option = arg(call, 1)?.text.trim() ?? '';
  return option === 'CURLOPT_URL' || option === 'CURLUPART_URL' || option === 'CURLUPART_HOST' || option === 'CURLOPT_PROXY';
};

// ---- files ------------------------------------------------------------------------------------

/** `f.open(path)` only on a file stream (`std::ifstream f;`). */
const fileStream: SinkCheck = (call) => {
  if (!call.receiver) return false;
  const r = unwrap(call.receiver);
  if (r.type !== 'identifier') return false;
  const d = findDeclaration(r.text, r);
  return d !== null && /fstream|QFile|FILE/.test(d.type);
};

/** The variable a path argument names: `target` in `target`, `target.string()`, `target.c_str()`. */
function pathVariable(node: SyntaxNode | undefined): string | null {
  if (!node) return null;
  let n = unwrap(node);
  for (let i = 0; i < 3 && n.type === 'call_expression'; i++) {
    const fn = n.child('function');
    if (fn?.type !== 'field_expression' || !/^(?:string|c_str|native|u8string|generic_string)$/.test(fn.child('field')?.text ?? '')) break;
    n = unwrap(fn.child('argument') ?? n);
  }
  return n.type === 'identifier' ? n.text : null;
}

/** Whether a statement leaves the function: `throw …`, `return …;`, `exit(1)`, or a block that does. */
function leaves(stmt: SyntaxNode | null): boolean {
  if (!stmt) return false;
  if (stmt.type === 'throw_statement' || stmt.type === 'return_statement') return true;
  if (stmt.type === 'compound_statement') return stmt.namedChildren.some(leaves);
  if (stmt.type === 'expression_statement') {
    const e = stmt.namedChildren[0];
    return e?.type === 'throw_expression' || (e?.type === 'call_expression' && callNeverReturns(e));
  }
  return false;
}

/**
 * The C++17 containment check: `rel = target.lexically_relative(base)` (or `fs::relative(target, base)`)
 * and `if (rel.empty() || *rel.begin() == "..") throw …;` before the file is opened.
 */
function containmentChecked(call: CallView): boolean {
  const name = pathVariable(arg(call, 0));
  if (!name) return false;
  const fn = enclosingFunction(call.node);
  if (!fn) return false;
  const mentions = (n: SyntaxNode, id: string): boolean => descendants(n, new Set(['identifier']), 200).some((x) => x.text === id);
  const relatives = new Set<string>();
  for (const d of scopeDescendants(fn, ['init_declarator', 'assignment_expression'])) {
    if (d.start >= call.node.start) break;
    const value = d.child('value') ?? d.child('right');
    const target = d.child('declarator') ?? d.child('left');
    if (!value || !target || unwrap(target).type !== 'identifier') continue;
    const text = value.text;
    if ((text.includes('lexically_relative') || text.includes('relative(') || text.includes('mismatch(')) && mentions(value, name)) relatives.add(unwrap(target).text);
  }
  if (relatives.size === 0) return false;
  for (const stmt of scopeDescendants(fn, ['if_statement'])) {
    if (stmt.start >= call.node.start) break;
    const cond = stmt.child('condition');
    if (!cond || !cond.text.includes('"..') || ![...relatives].some((r) => mentions(cond, r))) continue;
    if (leaves(stmt.child('consequence'))) return true;
  }
  return false;
}

/**
 * A filesystem operation that is not the `create_directories(out.parent_path())` before writing
 * `out` (the write is where the path is reported) and is not preceded by a C++17 containment check.
 */
const pathOperation: SinkCheck = (call) => {
  const first = arg(call, 0);
  if (first && /\.parent_path\(\)$/.test(first.text.replace(/\s+/g, ''))) return false;
  return !containmentChecked(call);
};

// ---- responses --------------------------------------------------------------------------------

/** Whether a `<<` chain writes HTML markup: `html << "<td>" << name << "</td>"`. */
function markupChain(node: SyntaxNode): boolean {
  return literalParts(statementOf(node)).some(hasMarkup);
}

/** The taint already went through a reported `html << x` insertion: the response that sends it is the same flaw. */
function insertedBefore(taint: Taint): boolean {
  return taint.steps.some((s) => s.note === 'copied by <<()' && markupChain(s.node));
}

/**
 * `res.set_content(body, "text/html")` (cpp-httplib), `request.reply(status, body, "text/html")`
 * (cpprestsdk), `response.send(code, body, MIME(Text, Html))` (Pistache): the content type, the
 * call's last argument, names HTML.
 */
const htmlContentType: SinkCheck = (call, ctx, taint) => {
  const positional = call.args.filter((a) => a.index >= 0);
  const type = positional[positional.length - 1]?.node;
  if (!type || positional.length < 2 || insertedBefore(taint)) return false;
  return htmlType(ctx.stringValue(type) ?? type.text);
};

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
const drogonHtml: SinkCheck = (call, _ctx, taint) => {
  if (insertedBefore(taint)) return false;
  const fn = enclosingFunction(call.node);
  const text = fn ? fn.text : '';
  return !otherType(text, 'setContentTypeCode(', 'CT_', 'CT_TEXT_HTML') && !otherType(text, 'setContentTypeString(', '"', '"text/html');
};

/** `mg_http_reply(c, 200, "Content-Type: text/html\r\n", fmt, …)`: the headers argument says HTML. */
const mongooseHtml: SinkCheck = (call, ctx) => {
  const headers = arg(call, 2);
  return headers !== undefined && htmlType(ctx.stringValue(headers) ?? '');
};

/** `html << "<td>" << name << "</td>"`: untrusted text inserted into markup. */
const htmlMarkup: SinkCheck = (call) => markupChain(call.node);

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
const cgiBody: SinkCheck = (call, ctx, taint) => {
  if (insertedBefore(taint) || !stdoutWriter(call.name, callArgs(call.node)) || headerLine(call) || !cgiHtml(ctx.code)) return false;
  // `printf(msg)` with msg from input: the format string is the worse flaw (c.format-string reports it).
  const format = call.args.find((a) => a.index === (call.name === 'fprintf' ? 1 : 0));
  return !(
    format &&
    (call.name === 'printf' || call.name === 'fprintf' || call.name === 'FCGI_printf') &&
    ctx.taint(format.node) !== null &&
    ctx.stringValue(format.node) === null
  );
};

/** `printf("Location: %s\r\n\r\n", url)` in a CGI program. */
const cgiLocation: SinkCheck = (call) => {
  if (!stdoutWriter(call.name, callArgs(call.node))) return false;
  return literalParts(call.node).some((t) => t.toLowerCase().includes('location:'));
};

/** A target that starts with a fixed local path (`"/account/" + id`) stays on this site. */
function fixedPrefix(node: SyntaxNode | undefined): boolean {
  if (!node) return false;
  const first = literalParts(node, 1)[0];
  if (first === undefined || !node.text.trimStart().startsWith('"')) return false;
  return first.length > 1 && first.startsWith('/') && first[1] !== '/' && first[1] !== '\\';
}

/** `res.redirect(url)`: a target that does not start with a fixed local path. */
const redirectTarget: SinkCheck = (call) => !fixedPrefix(arg(call, 0));

/** `res.set_header("Location", url)`: the header set is the redirect target (and it is not a fixed local path). */
const locationHeader: SinkCheck = (call, ctx) => {
  const name = arg(call, 0);
  return name !== undefined && (ctx.stringValue(name) ?? '').toLowerCase() === 'location' && !fixedPrefix(arg(call, 1));
};

/** Content types of a response that is not a page (`application/json`, `text/plain`, images, downloads). */
function otherContentType(text: string): boolean {
  const t = text.trim().toLowerCase();
  return t.startsWith('application/')
    ? !t.includes('xhtml')
    : t.startsWith('text/plain') || t.startsWith('text/csv') || t.startsWith('image/') || t.startsWith('text/css') || t.startsWith('text/javascript');
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
const htmlBody: AssignCheck = (target, _ctx, taint) => {
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
};

/** Data built into the argument (`"uid=" + name + ",ou=people"`), not a value passed through as given. */
const built: SinkCheck = (_call: CallView, _ctx: MatchContext, taint: Taint) => taint.built;

/** The named checks of the C and C++ packs. */
export const cHeuristics: Heuristics = {
  calls: {
    built,
    'cgi-html-body': cgiBody,
    'cgi-location': cgiLocation,
    'curl-url-option': curlUrlOption,
    'db-client': dbClient,
    'drogon-html': drogonHtml,
    'exec-program': execProgram,
    'exec-shell': execShell,
    'file-stream': fileStream,
    'html-content-type': htmlContentType,
    'html-markup': htmlMarkup,
    'location-header': locationHeader,
    'mongoose-html': mongooseHtml,
    'path-operation': pathOperation,
    'redirect-target': redirectTarget,
  },
  assignments: { 'html-body': htmlBody },
};
