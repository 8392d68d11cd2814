import { literalParts, stdoutWriter } from '../../lang/c/web.ts';
import { callArgs, calledName } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const HEADER_SETTERS = /^(?:set_header|add_header|setHeader|addHeader|insert_header|set|insert|add|header|append_header|appendHeader)$/;

/** The flags a Set-Cookie value lacks, judged from its literal text; null for a cookie being deleted. */
function missingFlags(text: string): { secure: boolean; httpOnly: boolean } | null {
  const t = text.toLowerCase();
  if (t.includes('max-age=0') || t.includes('expires=thu, 01 jan 1970')) return null;
  return { secure: !t.includes('secure'), httpOnly: !t.includes('httponly') };
}

function verdict(flags: { secure: boolean; httpOnly: boolean } | null): Verdict {
  if (!flags || (!flags.secure && !flags.httpOnly)) return false;
  const missing = [flags.secure ? 'Secure' : '', flags.httpOnly ? 'HttpOnly' : ''].filter(Boolean);
  return {
    cwe: [...(flags.secure ? ['CWE-614'] : []), ...(flags.httpOnly ? ['CWE-1004'] : [])],
    message: `The cookie is set without the ${missing.join(' and ')} attribute${missing.length > 1 ? 's' : ''}: ${flags.secure ? 'it is also sent over plain HTTP' : 'scripts in the page can read it'}`,
  };
}

const STDOUT_WRITERS = new Set([
  'printf',
  'puts',
  'vprintf',
  'fputs',
  'fprintf',
  'vfprintf',
  'fwrite',
  'FCGI_printf',
  'FCGI_puts',
  'FCGX_FPrintF',
  'mg_printf',
  'setSecure',
  'setHttpOnly',
]);

/** `http::field::set_cookie` / `boost::beast::http::field::set_cookie` → `set-cookie`. */
function beastField(node: SyntaxNode): string | null {
  const text = node.text.replace(/\s+/g, '');
  return text.endsWith('field::set_cookie') ? 'set-cookie' : null;
}

function insecureCookie(node: SyntaxNode, ctx: MatchContext): Verdict {
  const name = calledName(node);
  if (!name || (!HEADER_SETTERS.test(name) && !STDOUT_WRITERS.has(name))) return false;
  const args = callArgs(node);
  const fn = node.child('function');
  // `res.set_header("Set-Cookie", "sid=" + token + "; Path=/; HttpOnly")`
  if (fn?.type === 'field_expression' && HEADER_SETTERS.test(name) && args.length >= 2) {
    // Boost.Beast names the header with an enum: `res.set(http::field::set_cookie, …)`.
    const header = beastField(args[0] as SyntaxNode) ?? ctx.stringValue(args[0] as SyntaxNode);
    if (header === null || header.toLowerCase() !== 'set-cookie') return false;
    const parts = literalParts(args[1]);
    if (parts.length === 0 || !parts.some((p) => p.includes('='))) return false;
    return verdict(missingFlags(parts.join('')));
  }
  // CGI: `printf("Set-Cookie: sid=%s; Path=/\r\n", sid)`
  if (stdoutWriter(name, args) || name === 'FCGX_FPrintF' || name === 'mg_printf') {
    const parts = literalParts(node);
    if (!parts.some((p) => p.trimStart().toLowerCase().startsWith('set-cookie:'))) return false;
    return verdict(missingFlags(parts.join('')));
  }
  // Drogon: `cookie.setSecure(false)`, `cookie.setHttpOnly(false)`
  if ((name === 'setSecure' || name === 'setHttpOnly') && args.length === 1 && args[0]?.text === 'false') {
    return verdict(name === 'setSecure' ? { secure: true, httpOnly: false } : { secure: false, httpOnly: true });
  }
  return false;
}

export default defineRule({
  class: 'insecure-cookie',
  confidence: 'high',
  cwe: ['CWE-614', 'CWE-1004'],
  languages: ['c', 'cpp'],
  message: 'A cookie is set without the Secure or HttpOnly attribute',
  remediation: 'Add `; Secure; HttpOnly; SameSite=Lax` to session and authentication cookies so they are only sent over HTTPS and cannot be read by scripts.',
  references: [
    'https://cwe.mitre.org/data/definitions/614.html',
    'https://cwe.mitre.org/data/definitions/1004.html',
    'https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Set-Cookie',
  ],
  matcher: { kind: 'node', types: ['call_expression'], where: insecureCookie },
});
