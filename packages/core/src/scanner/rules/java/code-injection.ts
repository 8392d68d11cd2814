import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { initialisingCall, probing, receiverIs, runLaterBy } from '../../lang/java/predicates.ts';
import { chainRoot, classRef, findDeclaration, typeOf, unwrap } from '../../lang/java/tree.ts';
import type { SyntaxNode } from '../../syntax.ts';

const SCRIPT_TYPES = new Set(['ScriptEngine', 'Compilable', 'NashornScriptEngine', 'GraalJSScriptEngine', 'ELProcessor', 'Interpreter', 'GroovyShell', 'JexlEngine', 'JexlBuilder', 'ScriptEvaluator']);
const SCRIPT_NAMES = /(?:engine|script|js|javascript|nashorn|graal|groovy|shell|interpreter|interp|bsh|elProcessor|processor|jexl|evaluator)$/i;
const SCRIPT_SEGMENTS = new Set(['getEngineByName', 'getEngineByExtension', 'getEngineByMimeType', 'GroovyShell', 'ELProcessor']);
const EL_TYPES = new Set(['ExpressionFactory', 'ExpressionFactoryImpl']);

function scriptReceiver(call: CallView, ctx: MatchContext, _taint: Taint): boolean {
  return receiverIs(call, ctx, { types: SCRIPT_TYPES, names: SCRIPT_NAMES, segments: SCRIPT_SEGMENTS });
}

function elFactory(call: CallView, ctx: MatchContext, _taint: Taint): boolean {
  return receiverIs(call, ctx, { types: EL_TYPES, names: /(?:factory|expressionFactory|ef)$/i, segments: new Set(['newInstance', 'getExpressionFactory']) });
}

function jndiContext(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (taint.strength !== 'remote') return false;
  return receiverIs(call, ctx, { types: new Set(['InitialContext', 'Context', 'JndiTemplate']), segments: new Set(['InitialContext']), names: /^(?:jndi|jndiContext|initialContext|ic|namingContext|jndiTemplate)$/i }) || classRef(call.receiver) === 'InitialContext';
}

/** Methods that evaluate a parsed SpEL `Expression`. */
const EVALUATIONS = new Set(['getValue', 'setValue', 'getValueType', 'getValueTypeDescriptor']);
const PARSES = new Set(['parseExpression', 'parseRaw']);

/** `parser.parseExpression(x).getValue(…)`: evaluated in place. */
function evaluatedInPlace(call: CallView): boolean {
  let n = call.node;
  for (let p = n.parent; p && p.type === 'parenthesized_expression'; p = p.parent) n = p;
  const parent = n.parent;
  return parent?.type === 'method_invocation' && parent.child('object') === n && EVALUATIONS.has(parent.child('name')?.text ?? '');
}

/**
 * `parseExpression(x)`: an expression parsed and evaluated in the same method is judged where it is
 * evaluated, with the evaluation context it gets; one parsed and handed on, where it is parsed.
 */
function parsedHere(call: CallView, _ctx: MatchContext, _taint: Taint): boolean {
  return !evaluatedInPlace(call) && !runLaterBy(call, EVALUATIONS, 'receiver');
}

/** A `SimpleEvaluationContext` (no types, constructors or bean references): the restricted SpEL the Spring docs recommend for untrusted expressions. */
function simpleContext(node: SyntaxNode): boolean {
  let n = unwrap(node);
  if (n.type === 'identifier') {
    if (typeOf(n) === 'SimpleEvaluationContext') return true;
    const d = findDeclaration(n.text, n);
    if (!d?.init || (d.kind !== 'local' && d.kind !== 'field')) return false;
    n = unwrap(d.init);
  }
  return classRef(chainRoot(n)) === 'SimpleEvaluationContext' || typeOf(n) === 'SimpleEvaluationContext';
}

/** `expr.getValue(ctx)` on an expression this method parsed, unless evaluated with a SimpleEvaluationContext. */
function spelEvaluation(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!initialisingCall(call.receiver, PARSES, EVALUATIONS)) return false;
  if (probing(taint, ctx)) return true;
  return !call.args.some((a) => a.index >= 0 && simpleContext(a.node));
}

export default defineRule({
  class: 'code-injection',
  confidence: 'high',
  cwe: ['CWE-94', 'CWE-95', 'CWE-917'],
  languages: ['java'],
  remediation:
    'Never evaluate scripts or expressions (JavaScript, Groovy, SpEL, OGNL, EL, MVEL, JEXL) built from request data. Map user choices to fixed expressions, pass user values as variables/bindings of a constant expression, and for SpEL use a `SimpleEvaluationContext` with read-only data binding.',
  references: [
    'https://cwe.mitre.org/data/definitions/94.html',
    'https://cwe.mitre.org/data/definitions/917.html',
    'https://owasp.org/www-community/attacks/Code_Injection',
    'https://docs.spring.io/spring-framework/reference/core/expressions/evaluation.html#expressions-evaluation-context',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['*.eval', '*.compile', '*.evaluate', '*.createExpression', '*.createScript'], args: [0], where: scriptReceiver },
      { callee: ['{shell,groovyShell,groovy,gs}.{parse,run}', '*.{shell,groovyShell}.{parse,run}', 'GroovyShell().{parse,run,evaluate}'], args: [0] },
      { callee: ['*.parseExpression', '*.parseRaw'], args: [0], where: parsedHere },
      { callee: [...EVALUATIONS].map((m) => `*.${m}`), args: [], receiver: true, where: spelEvaluation, label: 'Expression.getValue' },
      { callee: ['Ognl.{getValue,setValue,parseExpression,compile}', 'OgnlUtil.{getValue,setValue,compile}', '*.ognlUtil.{getValue,setValue}'], args: [0] },
      { callee: ['MVEL.{eval,evalToString,compileExpression,compileSetExpression,executeExpression}', 'Eval.{me,x,xy,xyz}', 'TemplateRuntime.eval'], args: [0] },
      { callee: ['*.createValueExpression', '*.createMethodExpression'], args: [1], where: elFactory },
      { callee: ['*.parseClass'], args: [0] },
      // Bean Validation message templates are EL: `buildConstraintViolationWithTemplate("… " + value)`.
      { callee: ['*.buildConstraintViolationWithTemplate'], args: [0] },
      // JNDI look-ups of a client-chosen name load remote objects (ldap://, rmi://): remote code execution.
      { callee: ['*.lookup', '*.doLookup'], args: [0], where: jndiContext },
    ],
    params: 'built',
  },
});
