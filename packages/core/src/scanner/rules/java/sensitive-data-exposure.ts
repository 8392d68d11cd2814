import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { writesResponse } from '../../lang/java/checks/web.ts';
import { classRef, descendants, enclosingMethod, invocationParts, literalText } from '../../lang/java/tree.ts';

const STRINGS = new Set(['string_literal']);
const INVOCATIONS = new Set(['method_invocation']);
const PASSWORD = /pass(?:word|wd)?|pwd|secret|pin\b/i;

/** A literal's text with `\"` and `\'` read as the quotes they stand for. */
function unescaped(node: SyntaxNode): string | null {
  const text = literalText(node);
  return text === null ? null : text.replace(/\\(["'])/g, '$1');
}

/** The attributes of the HTML tags of a kind in a text (`<input name="password" type="text">`), lower-cased. */
function tags(text: string, tag: string): string[] {
  const out: string[] = [];
  const lower = text.toLowerCase();
  for (let i = lower.indexOf(`<${tag}`); i >= 0 && out.length < 32; i = lower.indexOf(`<${tag}`, i + 1)) {
    const end = lower.indexOf('>', i);
    out.push(lower.slice(i, end < 0 ? lower.length : end));
  }
  return out;
}

/** The value of an attribute in a tag's text (`type="text"`, `type='text'`, `type=text`). */
function attribute(tag: string, name: string): string | null {
  let at = tag.indexOf(` ${name}=`);
  if (at < 0) at = tag.indexOf(`\t${name}=`);
  if (at < 0) return null;
  let v = tag.slice(at + name.length + 2).trimStart();
  const q = v[0];
  if (q === '"' || q === "'") v = v.slice(1, v.indexOf(q, 1) < 0 ? v.length : v.indexOf(q, 1));
  else v = v.split(/[\s/]/)[0] ?? '';
  return v;
}

/** The markup of a form: its own literal when it closes there, else the literals the method writes after it up to `</form>`. */
function formFields(node: SyntaxNode, text: string): string[] {
  const rest = text.slice(text.toLowerCase().indexOf('<form'));
  if (rest.toLowerCase().includes('</form')) return [rest];
  const method = enclosingMethod(node);
  if (!method) return [rest];
  const out: string[] = [rest];
  for (const s of descendants(method, STRINGS)) {
    if (s.start <= node.start) continue;
    const t = unescaped(s) ?? '';
    out.push(t);
    if (t.toLowerCase().includes('</form') || out.length > 64) break;
  }
  return out;
}

/** HTML written from Java: a password field shown in clear, a password form sent with GET, credentials in an HTML comment. */
function html(node: SyntaxNode): Verdict {
  const text = unescaped(node);
  if (text === null || text.indexOf('<') < 0) return false;
  for (const input of tags(text, 'input')) {
    const name = `${attribute(input, 'name') ?? ''} ${attribute(input, 'id') ?? ''}`;
    if (PASSWORD.test(name) && attribute(input, 'type') === 'text') {
      return { cwe: ['CWE-549'], message: 'This password field is a plain text input: the password shows on screen (use type="password")' };
    }
  }
  for (const form of tags(text, 'form')) {
    if (attribute(form, 'method') !== 'get') continue;
    if (formFields(node, text).some((f) => tags(f, 'input').some((i) => attribute(i, 'type') === 'password'))) {
      return { cwe: ['CWE-598'], message: 'This form sends a password with GET: it ends up in the URL, browser history and server logs' };
    }
  }
  const open = text.indexOf('<!--');
  if (open >= 0) {
    const close = text.indexOf('-->', open);
    const comment = text.slice(open + 4, close < 0 ? text.length : close);
    if (PASSWORD.test(comment) && /[=:]/.test(comment)) return { cwe: ['CWE-615'], message: 'An HTML comment sent to the browser names a password' };
  }
  return false;
}

/** `response.getWriter().println(… System.getenv(…) …)`: the server's environment written to the client. */
function environment(node: SyntaxNode): Verdict {
  const { name, object, args } = invocationParts(node);
  if (!object || !/^(?:print|println|write|append|printf|format)$/.test(name) || !writesResponse(object)) return false;
  const leaks = args.some((a) =>
    descendants(a, INVOCATIONS)
      .concat(a.type === 'method_invocation' ? [a] : [])
      .some((inv) => {
        const p = invocationParts(inv);
        return p.name === 'getenv' && classRef(p.object) === 'System';
      }),
  );
  return leaks ? { cwe: ['CWE-526'], message: 'An environment variable of the server is written into the response' } : false;
}

export default defineRule({
  class: 'sensitive-data-exposure',
  confidence: 'medium',
  languages: ['java'],
  remediation: 'Mask password fields (`type="password"`), post credentials (never GET), keep credentials out of HTML comments, and do not echo environment variables to clients.',
  references: [
    'https://cwe.mitre.org/data/definitions/549.html',
    'https://cwe.mitre.org/data/definitions/598.html',
    'https://cwe.mitre.org/data/definitions/615.html',
    'https://cwe.mitre.org/data/definitions/526.html',
  ],
  matcher: { kind: 'node', types: ['string_literal', 'method_invocation'], where: (node, _ctx: MatchContext) => (node.type === 'string_literal' ? html(node) : environment(node)) },
});
