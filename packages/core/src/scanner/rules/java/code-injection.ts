import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { receiverIs } from '../../lang/java/predicates.ts';
import { classRef } from '../../lang/java/tree.ts';

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

export default defineRule({
  id: 'java.code-injection',
  title: 'Code or expression-language injection',
  severity: 'critical',
  confidence: 'high',
  cwe: ['CWE-94', 'CWE-95', 'CWE-917'],
  owasp: ['A03:2021'],
  languages: ['java'],
  message: 'Untrusted data from {source} is evaluated as code or as an expression by {sink}',
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
    class: 'code',
    sinks: [
      { callee: ['*.eval', '*.compile', '*.evaluate', '*.createExpression', '*.createScript'], args: [0], where: scriptReceiver },
      { callee: ['{shell,groovyShell,groovy,gs}.{parse,run}', '*.{shell,groovyShell}.{parse,run}', 'GroovyShell().{parse,run,evaluate}'], args: [0] },
      { callee: ['*.parseExpression', '*.parseRaw'], args: [0] },
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
