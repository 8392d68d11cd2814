import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { isTrue, literalString, objectLiteral, pairKey, propValue, underEnvironmentCheck, unwrap } from '../../lang/javascript/helpers.ts';

/** `app.use(errorhandler())` / Express 3 `express.errorHandler({ showStack: true })`: full stack traces in error pages. */
function errorHandler(node: SyntaxNode, ctx: MatchContext): Verdict {
  const call = ctx.call(node);
  if (!call || call.name !== 'use' || !call.receiver) return false;
  for (const a of call.args) {
    const inner = ctx.call(unwrap(a.node));
    if (!inner) continue;
    const path = ctx.pathText(inner.callee ?? inner.node) ?? '';
    if (
      path === 'errorhandler' ||
      path === 'express.errorHandler' ||
      path === 'express-errorhandler' ||
      (path === 'strong-error-handler' && /debug:\s{0,8}true/.test(inner.node.text))
    ) {
      if (underEnvironmentCheck(node)) return false;
      return { message: `The ${path} middleware renders stack traces and error details to clients; mount it only in development (if (process.env.NODE_ENV === 'development'))` };
    }
  }
  return false;
}

/** `new ApolloServer({ debug: true })`, `{ dumpExceptions: true, showStack: true }`. */
function debugOption(node: SyntaxNode): Verdict {
  const key = pairKey(node);
  if (key !== 'debug' && key !== 'showStack' && key !== 'dumpExceptions' && key !== 'includeStacktraceInErrorResponses') return false;
  if (!isTrue(node.child('value'))) return false;
  const obj = node.parent;
  const call = obj?.parent?.type === 'arguments' ? obj.parent.parent : null;
  const callee = call ? ((call.child('function') ?? call.child('constructor'))?.text ?? '') : '';
  if ((key === 'debug' || key === 'includeStacktraceInErrorResponses') && !/ApolloServer|graphqlHTTP|createYoga|GraphQLServer|errorHandler|mercurius/i.test(callee)) return false;
  if (underEnvironmentCheck(node)) return false;
  return { message: `${key}: true sends stack traces and internal error details to clients` };
}

/** `process.env.NODE_ENV = 'development'` / `app.set('env', 'development')` hard-coded in server code. */
function forcedDevelopment(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (node.type === 'assignment_expression') {
    const left = node.child('left')?.text.replace(/\s{1,8}/g, '') ?? '';
    const right = node.child('right');
    if (/^process\.env(?:\.NODE_ENV|\[['"]NODE_ENV['"]\])$/.test(left) && right && /^(?:development|dev)$/.test(ctx.stringValue(right) ?? '')) {
      return underEnvironmentCheck(node) ? false : { message: 'NODE_ENV is forced to development: frameworks then show detailed errors and skip production hardening' };
    }
    return false;
  }
  const call = ctx.call(node);
  if (!call || call.name !== 'set' || !call.receiver || !/^app$|App$|^server$/.test(call.receiver.text)) return false;
  const [k, v] = call.args;
  if (k && v && literalString(k.node) === 'env' && /^(?:development|dev)$/.test(ctx.stringValue(v.node) ?? '')) {
    return underEnvironmentCheck(node) ? false : { message: "app.set('env', 'development') turns on development error pages" };
  }
  return false;
}

function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (node.type === 'pair') return debugOption(node);
  if (node.type === 'assignment_expression') return forcedDevelopment(node, ctx);
  return errorHandler(node, ctx) || forcedDevelopment(node, ctx);
}

export default defineRule({
  class: 'debug-mode',
  confidence: 'medium',
  cwe: ['CWE-489', 'CWE-215'],
  languages: ['javascript', 'typescript'],
  message: 'Debug output or a development error handler is enabled unconditionally',
  remediation:
    'Enable development error handlers and debug options only when `process.env.NODE_ENV === "development"`, and use a production error handler that logs the details server-side and returns a generic message.',
  references: ['https://cwe.mitre.org/data/definitions/489.html', 'https://expressjs.com/en/advanced/best-practice-security.html', 'https://github.com/expressjs/errorhandler'],
  matcher: { kind: 'node', types: ['call_expression', 'pair', 'assignment_expression'], where: check },
});
