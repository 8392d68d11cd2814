/**
 * Named checks for code-injection sinks (models: jdk, spring-expression, jakarta-el): which receivers
 * evaluate scripts and expressions, and where a parsed expression is judged.
 */
import type { CallView } from '../../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../../rule.ts';
import type { SyntaxNode } from '../../../syntax.ts';
import { initialisingCall, probing, receiverIs, runLaterBy } from '../predicates.ts';
import { chainRoot, classRef, findDeclaration, typeOf, unwrap } from '../tree.ts';

const SCRIPT_TYPES = new Set([
  'ScriptEngine',
  'Compilable',
  'NashornScriptEngine',
  'GraalJSScriptEngine',
  'ELProcessor',
  'Interpreter',
  'GroovyShell',
  'JexlEngine',
  'JexlBuilder',
  'ScriptEvaluator',
]);
const SCRIPT_NAMES = /(?:engine|script|js|javascript|nashorn|graal|groovy|shell|interpreter|interp|bsh|elProcessor|processor|jexl|evaluator)$/i;
const SCRIPT_SEGMENTS = new Set(['getEngineByName', 'getEngineByExtension', 'getEngineByMimeType', 'GroovyShell', 'ELProcessor']);
const EL_TYPES = new Set(['ExpressionFactory', 'ExpressionFactoryImpl']);

export function scriptReceiver(call: CallView, ctx: MatchContext, _taint: Taint): boolean {
  return receiverIs(call, ctx, { types: SCRIPT_TYPES, names: SCRIPT_NAMES, segments: SCRIPT_SEGMENTS });
}

export function elFactory(call: CallView, ctx: MatchContext, _taint: Taint): boolean {
  return receiverIs(call, ctx, { types: EL_TYPES, names: /(?:factory|expressionFactory|ef)$/i, segments: new Set(['newInstance', 'getExpressionFactory']) });
}

export function jndiContext(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (taint.strength !== 'remote') return false;
  return (
    receiverIs(call, ctx, {
      types: new Set(['InitialContext', 'Context', 'JndiTemplate']),
      segments: new Set(['InitialContext']),
      names: /^(?:jndi|jndiContext|initialContext|ic|namingContext|jndiTemplate)$/i,
    }) || classRef(call.receiver) === 'InitialContext'
  );
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
export function parsedHere(call: CallView, _ctx: MatchContext, _taint: Taint): boolean {
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
export function spelEvaluation(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!initialisingCall(call.receiver, PARSES, EVALUATIONS)) return false;
  if (probing(taint, ctx)) return true;
  return !call.args.some((a) => a.index >= 0 && simpleContext(a.node));
}
