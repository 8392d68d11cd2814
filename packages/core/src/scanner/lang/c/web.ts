/**
 * What the C and C++ web rules (XSS, open redirect, cookies) need to know about responses: the
 * literal text an expression is built from, whether a content type is HTML, whether a CGI program
 * answers with HTML, and which `<<` chains write markup. Plain string code, bounded.
 */
import type { SyntaxNode } from '../../syntax.ts';
import { stringLiteralValue, unwrap } from './syntax.ts';

/** The string literals an expression is built from, in order (`"sid=" + token + "; Path=/"` → `sid=`, `; Path=/`). */
export function literalParts(node: SyntaxNode | null | undefined, limit = 64): string[] {
  const out: string[] = [];
  if (!node) return out;
  const stack: SyntaxNode[] = [node];
  let budget = 2000;
  while (stack.length > 0 && budget-- > 0 && out.length < limit) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'string_literal' || n.type === 'raw_string_literal') {
      out.push(stringLiteralValue(n));
      continue;
    }
    if (n.type === 'lambda_expression' || n.type === 'comment') continue;
    for (let i = n.children.length - 1; i >= 0; i--) {
      const c = n.children[i] as SyntaxNode;
      if (c.named) stack.push(c);
    }
  }
  return out;
}

/** Whether a content type names HTML (`text/html`, `application/xhtml+xml`, Pistache's `MIME(Text, Html)`, Drogon's `CT_TEXT_HTML`). */
export function htmlType(text: string): boolean {
  const t = text.toLowerCase();
  return t.includes('text/html') || t.includes('xhtml') || t.includes('ct_text_html') || /\bhtml\)/.test(t);
}

/** Whether text contains an HTML tag (`<h1>`, `</td>`, `<a href=`). */
export function hasMarkup(text: string): boolean {
  for (let i = text.indexOf('<'); i >= 0 && i < text.length - 1; i = text.indexOf('<', i + 1)) {
    const c = text[i + 1] as string;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '/' || c === '!') return true;
  }
  return false;
}

let lastCode: string | null = null;
let lastHtml = false;

/**
 * Whether a program writes an HTML page: its text announces `text/html` (a CGI program's
 * `Content-Type: text/html` header) or holds a doctype / `<html>` tag. One scan of the file's text,
 * remembered for the file.
 */
export function cgiHtml(code: string): boolean {
  if (code === lastCode) return lastHtml;
  lastCode = code;
  lastHtml = /text\/html|<!doctype html|<html[\s>]/i.test(code);
  return lastHtml;
}

/** The statement an expression belongs to (its expression statement, declaration or return). */
export function statementOf(node: SyntaxNode): SyntaxNode {
  let n = node;
  for (let i = 0; i < 64 && n.parent; i++) {
    if (n.type === 'expression_statement' || n.type === 'declaration' || n.type === 'return_statement') return n;
    n = n.parent;
  }
  return n;
}

/** Whether a call writes to standard output: `printf`, `puts`, `fputs(x, stdout)`, `fprintf(stdout, …)`, `FCGI_printf`. */
export function stdoutWriter(name: string, args: readonly SyntaxNode[]): boolean {
  if (name === 'printf' || name === 'puts' || name === 'vprintf' || name === 'FCGI_printf' || name === 'FCGI_puts') return true;
  if (name === 'fputs' || name === 'fputc') return unwrap(args[1] ?? (args[0] as SyntaxNode)).text === 'stdout';
  if (name === 'fprintf' || name === 'vfprintf' || name === 'fwrite') return unwrap((name === 'fwrite' ? args[3] : args[0]) ?? (args[0] as SyntaxNode)).text === 'stdout';
  return false;
}
