import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { onLogger } from '../../lang/java/checks/logging.ts';
import { inWebComponent } from '../../lang/java/checks/web.ts';
import { isSecretName } from '../../secrets/credentials.ts';
import { classRef, descendants, enclosingFunction, findDeclaration, invocationParts, localAssignments, typeOf, unwrap } from '../../lang/java/tree.ts';

const INVOCATIONS = new Set(['method_invocation']);
const IDENTIFIERS = new Set(['identifier']);
/** Levels meant for developers (debug logs end up in places production logs do not). */
const DEBUG_LEVELS = /^(?:debug|trace|fine|finer|finest)$/;

/** What in a message is sensitive: a session id (`session.getId()`), a password getter, or a variable named for a secret. */
function secretIn(arg: SyntaxNode): string | null {
  const calls = arg.type === 'method_invocation' ? [arg, ...descendants(arg, INVOCATIONS)] : descendants(arg, INVOCATIONS);
  for (const inv of calls) {
    const { name, object } = invocationParts(inv);
    if (name === 'getId' && object) {
      const o = unwrap(object);
      const sessionLike = typeOf(o) === 'HttpSession' || /session$/i.test(o.type === 'method_invocation' ? invocationParts(o).name : o.text);
      if (sessionLike) return 'the session id';
    }
    if (/^get(?:Password|Passwd|Secret|ApiKey|AccessToken|RefreshToken)$/.test(name)) return `${name.slice(3)}`;
  }
  const ids = arg.type === 'identifier' ? [arg] : descendants(arg, IDENTIFIERS);
  for (const id of ids) {
    if (!isSecretName(id.text)) continue;
    const d = findDeclaration(id.text, id);
    if (d && (d.kind === 'local' || d.kind === 'param' || d.kind === 'field')) return id.text;
  }
  return null;
}

/** Whether a writer's target is the process's standard error (`new PrintWriter(new OutputStreamWriter(System.err))`), through its locals. */
function toStandardError(node: SyntaxNode | null, depth = 0): boolean {
  if (!node || depth > 6) return false;
  const u = unwrap(node);
  if (u.text.replace(/\s+/g, '') === 'System.err') return true;
  if (u.type === 'object_creation_expression') return (u.child('arguments')?.namedChildren ?? []).some((a) => toStandardError(a, depth + 1));
  if (u.type === 'identifier') {
    const fn = enclosingFunction(u);
    return fn !== null && (localAssignments(fn).get(u.text) ?? []).some((v) => toStandardError(v, depth + 1));
  }
  return false;
}

/** Where a call writes a message: a logger (by level), the servlet container's log, or standard error. */
function sinkOf(node: SyntaxNode, ctx: MatchContext): { cwe: string[]; where: string; args: SyntaxNode[] } | null {
  const { name, object, args } = invocationParts(node);
  const call = ctx.call(node);
  if (!call) return null;
  if (object && onLogger(call, ctx)) {
    const level = name === 'log' && args[0] ? (args[0].text.split('.').pop() ?? '').toLowerCase() : name.toLowerCase();
    const debug = DEBUG_LEVELS.test(level);
    return { cwe: debug ? ['CWE-534', 'CWE-532'] : ['CWE-532'], where: debug ? 'a debug log' : 'a log', args: name === 'log' ? args.slice(1) : args };
  }
  // GenericServlet.log(msg): the container's server log.
  if (name === 'log' && (!object || object.type === 'this' || /getServletContext\(\)$/.test(object.text)) && inWebComponent(node)) {
    return { cwe: ['CWE-533', 'CWE-532'], where: 'the server log', args: args.slice(0, 1) };
  }
  if (
    /^(?:print|println|printf|format|write|append)$/.test(name) &&
    object &&
    (toStandardError(object) || (classRef(object) === null && /^System\s*\.\s*err$/.test(object.text)))
  ) {
    return { cwe: ['CWE-535', 'CWE-532'], where: 'standard error', args };
  }
  return null;
}

function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  // Most calls carry no secret: ask that first, before working out whether the call writes a log.
  if (!invocationParts(node).args.some((a) => secretIn(a) !== null)) return false;
  const sink = sinkOf(node, ctx);
  if (!sink) return false;
  for (const a of sink.args) {
    const secret = secretIn(a);
    if (secret) return { cwe: sink.cwe, message: `${secret} is written to ${sink.where}` };
  }
  return false;
}

export default defineRule({
  class: 'sensitive-data-logging',
  confidence: 'medium',
  languages: ['java'],
  remediation: 'Do not log session ids, passwords or tokens: log a non-secret identifier (a user id, a hash prefix of the session) instead.',
  references: ['https://cwe.mitre.org/data/definitions/532.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Logging_Cheat_Sheet.html'],
  matcher: { kind: 'node', types: ['method_invocation'], where: check },
});
