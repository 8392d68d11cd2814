import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { resolveLocal } from '../../lang/java/predicates.ts';
import { descendants, enclosingFunction, findDeclaration, invocations, mentions, simpleTypeName, unwrap } from '../../lang/java/tree.ts';

const RESPONSE = /^(?:response|resp|res|httpResponse|servletResponse|httpServletResponse)$/;
const IDENTIFIERS = new Set(['identifier']);
const TRACE = /getStackTrace|printStackTrace|getStackTraceAsString|ExceptionUtils\.get(?:Full)?StackTrace|getRootCauseStackTrace/;

/** A writer to the HTTP response: `response.getWriter()`, `new PrintWriter(response.getOutputStream())`, or a local made from one. */
function responseWriter(node: SyntaxNode | null, depth = 0): boolean {
  if (!node || depth > 3) return false;
  const u = unwrap(node);
  const text = u.text;
  if (/^\w+\s*\.\s*get(?:Writer|OutputStream)\s*\(\s*\)$/.test(text)) return RESPONSE.test(text.split('.')[0]?.trim() ?? '');
  if (u.type === 'object_creation_expression') return responseWriter(u.child('arguments')?.namedChildren[0] ?? null, depth + 1);
  if (u.type === 'identifier') {
    const d = findDeclaration(u.text, u);
    if (d?.type && /^(?:JspWriter)$/.test(simpleTypeName(d.type))) return true;
    return d?.init ? responseWriter(d.init, depth + 1) : false;
  }
  return false;
}

const DETAILS = /^(?:getMessage|getLocalizedMessage|toString|getCause|getStackTrace|printStackTrace|getSuppressed)$/;

/** The exception itself is written (`"Error: " + e`, `out.print(e)`) or its details are (`e.getMessage()`). */
function exposesException(id: SyntaxNode, root: SyntaxNode): boolean {
  if (id === root) return true;
  const p = id.parent;
  if (!p) return false;
  if (p.type === 'method_invocation' && p.child('object') === id) return DETAILS.test(p.child('name')?.text ?? '');
  if (p.type === 'binary_expression' || p.type === 'parenthesized_expression' || p.type === 'ternary_expression') return true;
  if (p.type === 'argument_list')
    return p.parent === root || /^(?:valueOf|format|join|getStackTrace|getFullStackTrace|getRootCauseMessage|getMessage)$/.test(p.parent?.child('name')?.text ?? '');
  return false;
}

/** An exception, its message or its stack trace: mentions a catch variable (directly or through a local). */
function exceptionDetails(node: SyntaxNode, requireTrace: boolean, depth = 0): boolean {
  if (depth > 3) return false;
  if (TRACE.test(node.text)) return true;
  for (const id of node.type === 'identifier' ? [node] : descendants(node, IDENTIFIERS, 500)) {
    const d = findDeclaration(id.text, id);
    if (d?.kind === 'catch') {
      if (!requireTrace && exposesException(id, node)) return true;
      continue;
    }
    if (d?.kind === 'local') {
      const init = resolveLocal(id);
      if (init && exceptionDetails(init, requireTrace, depth + 1)) return true;
      // StringWriter sw filled by e.printStackTrace(new PrintWriter(sw)).
      if (d.type && simpleTypeName(d.type) === 'StringWriter' && filledWithTrace(id)) return true;
    }
  }
  return false;
}

const TRACE_CALLS = new Set(['printStackTrace']);

/**
 * Whether a StringWriter gets a stack trace in its method: `e.printStackTrace(new PrintWriter(sw))`,
 * or through a PrintWriter local made from it. A StringWriter a template renders into holds a page.
 */
function filledWithTrace(sw: SyntaxNode): boolean {
  const fn = enclosingFunction(sw);
  if (!fn) return false;
  const names = new Set([sw.text]);
  for (const d of descendants(fn, DECLARATORS)) {
    const v = d.child('value');
    const n = d.child('name');
    if (v && n && mentions(v, names)) names.add(n.text);
  }
  return invocations(fn, TRACE_CALLS).some((inv) => (inv.child('arguments')?.namedChildren ?? []).some((a) => mentions(a, names)));
}
const DECLARATORS = new Set(['variable_declarator']);

function exposure(call: CallView, ctx: MatchContext): Verdict {
  const first = ctx.arg(call, 0);
  if (call.name === 'printStackTrace') return first !== null && responseWriter(first);
  if (call.name === 'sendError') {
    const msg = ctx.arg(call, 1);
    return msg !== null && exceptionDetails(msg, false);
  }
  if (call.name === 'body' || call.name === 'ok' || call.name === 'entity') {
    // ResponseEntity/JAX-RS bodies: only full stack traces.
    return first !== null && exceptionDetails(first, true);
  }
  if (!call.receiver || !responseWriter(call.receiver)) return false;
  return call.args.some((a) => a.index >= 0 && exceptionDetails(a.node, false));
}

export default defineRule({
  class: 'stack-trace-exposure',
  confidence: 'medium',
  cwe: ['CWE-209'],
  languages: ['java'],
  message: 'An exception message or stack trace is written to the HTTP response, revealing internals to the client',
  remediation:
    'Log the exception on the server (`log.error("…", e)`) and send the client a generic message with a correlation id; use a `@ControllerAdvice`/error page instead of printing stack traces to the response.',
  references: ['https://cwe.mitre.org/data/definitions/209.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Error_Handling_Cheat_Sheet.html'],
  matcher: {
    kind: 'call',
    callee: [
      '*.printStackTrace',
      '*.print',
      '*.println',
      '*.write',
      '*.append',
      '*.printf',
      '*.format',
      '*.sendError',
      '*.body',
      'ResponseEntity.ok',
      'Response.ok().entity',
      '*.entity',
    ],
    where: exposure,
  },
});
