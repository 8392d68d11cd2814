import type { SinkCheck } from '../../../models/compile.ts';
import type { CallView } from '../../../engine/adapter.ts';
import type { MatchContext } from '../../../rule.ts';
import type { SyntaxNode } from '../../../syntax.ts';
import {
  argAt,
  declaredContentType,
  handlerText,
  importsPath,
  isResponseWriter,
  leadingLiteral,
  localNames,
  receiverFramework,
  unparen,
  writesMarkup,
  findAfter,
} from '../util.ts';

/**
 * Whether what a handler writes is served as HTML. An explicit content type decides; otherwise
 * net/http sniffs the first bytes (`http.DetectContentType`): a body that starts with constant text
 * other than `<` is served as text/plain — unless the handler writes markup elsewhere.
 */
function servedAsHtml(call: CallView, ctx: MatchContext, body: SyntaxNode | null, format: boolean): boolean {
  const text = handlerText(call.node);
  const declared = declaredContentType(text);
  if (declared) return declared === 'html';
  if (writesMarkup(text)) return true;
  if (!body) return true;
  const lead = leadingLiteral(body, ctx);
  if (lead === null) return true;
  const first = lead.replace(/^[\t\n\f\r ]+/, '').charAt(0);
  if (first === '') return true;
  return first === '<' || (format && first === '%');
}

function fprint(call: CallView, ctx: MatchContext): boolean {
  if (!isResponseWriter(argAt(call, 0))) return false;
  return servedAsHtml(call, ctx, argAt(call, 1), call.name === 'Fprintf');
}

function writerMethod(call: CallView, ctx: MatchContext): boolean {
  return isResponseWriter(call.receiver) && servedAsHtml(call, ctx, argAt(call, 0), false);
}

function writeString(call: CallView, ctx: MatchContext): boolean {
  return isResponseWriter(argAt(call, 0)) && servedAsHtml(call, ctx, argAt(call, 1), false);
}

/** gin `c.Data(200, "text/html; charset=utf-8", body)`. */
function ginData(call: CallView, ctx: MatchContext): boolean {
  if (receiverFramework(call) !== 'gin') return false;
  const type = argAt(call, 1);
  const value = type ? ctx.stringValue(type) : null;
  return value !== null ? /html/i.test(value) : /MIMEHTML|TextHTML/.test(type?.text ?? '');
}

/** gin `c.String(…)`, fiber `c.SendString(…)`: text/plain unless the handler sets an HTML content type. */
function plainUnlessHtml(framework: 'gin' | 'fiber' | 'echo') {
  return (call: CallView): boolean => receiverFramework(call) === framework && declaredContentType(handlerText(call.node)) === 'html';
}

/** What follows a template's name where it is bound: `:= template.Must(tpl.New(`, ` *tpl.Template` (the package captured). */
const TEMPLATE_ASSIGNED = /^[ \t]*:?=[ \t]*(?:template\.Must\()?([A-Za-z_]\w*)\.(?:Must|New|ParseFiles|ParseGlob|ParseFS)\(/;
const TEMPLATE_TYPED = /^[ \t]+\*([A-Za-z_]\w*)\.Template\b/;

/**
 * text/template executed into a response writer (html/template escapes; text/template does not).
 * When a file imports both, the receiver's declaration says which one it is.
 */
function textTemplate(call: CallView, ctx: MatchContext): boolean {
  if (!importsPath(call.node, 'text/template') || !isResponseWriter(argAt(call, 0))) return false;
  if (!importsPath(call.node, 'html/template')) return true;
  const receiver = call.receiver ? unparen(call.receiver) : null;
  const name = receiver?.type === 'identifier' ? receiver.text : receiver?.type === 'selector_expression' ? (receiver.child('field')?.text ?? '') : '';
  if (!/^[A-Za-z_]\w*$/.test(name)) return false;
  const pkg = templatePackage(handlerText(call.node), name) ?? fileTemplatePackage(call.node, ctx.code, name);
  return pkg !== null && localNames(call.node, 'texttemplate').includes(pkg);
}

/** The package a template named `name` comes from, by where it is bound in a text: `:= tpl.New(`, ` *tpl.Template`. */
function templatePackage(text: string, name: string): string | null {
  const decl = findAfter(text, name, TEMPLATE_ASSIGNED, true, 256, ' \t:=')?.match ?? findAfter(text, name, TEMPLATE_TYPED, true, 256, ' \t')?.match;
  return decl ? (decl[1] as string) : null;
}

const filePackages = new WeakMap<SyntaxNode, Map<string, string | null>>();

/** `templatePackage` over the whole file, once per name. */
function fileTemplatePackage(node: SyntaxNode, code: string, name: string): string | null {
  let root = node;
  while (root.parent) root = root.parent;
  let byName = filePackages.get(root);
  if (!byName) filePackages.set(root, (byName = new Map()));
  let pkg = byName.get(name);
  if (pkg === undefined) byName.set(name, (pkg = templatePackage(code, name)));
  return pkg;
}

/** Named checks of the HTML response sinks (models go/net-http, go/html-template, go/gin, go/echo, go/fiber). */
export const xssChecks: Readonly<Record<string, SinkCheck>> = {
  /** `fmt.Fprintf(w, …)` into a response writer served as HTML. */
  'response-print': fprint,
  /** `io.WriteString(w, s)` into a response writer served as HTML. */
  'response-write-string': writeString,
  /** `w.Write(b)` on a response writer served as HTML. */
  'response-write': writerMethod,
  /** gin `c.Data(200, "text/html", body)`. */
  'gin-html-data': ginData,
  /** gin `c.String(…)` in a handler that declares an HTML content type. */
  'gin-string-as-html': plainUnlessHtml('gin'),
  /** fiber `c.SendString(…)` in a handler that declares an HTML content type. */
  'fiber-string-as-html': plainUnlessHtml('fiber'),
  /** A text/template (no escaping) executed into a response writer. */
  'text-template-to-response': textTemplate,
};
