import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { inDevClass, isDevSettingsFile, isSettingsModule, isTestFile, isTrue, keyword } from '../../lang/python/predicates.ts';

const APP = /^(?:app|application|flask_app|server|api|web_app|webapp|wsgi_app|main_app|socketio|sio|self\.app|current_app)$/i;

function enabled(node: SyntaxNode | null): boolean {
  return node !== null && (node.type === 'true' || node.text === '1');
}

function debugOn(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (isTestFile(ctx.filename, ctx.code) || isDevSettingsFile(ctx.filename)) return false;
  if (node.type === 'assignment') {
    const left = node.child('left');
    const right = node.child('right');
    if (!left || !enabled(right)) return false;
    if (inDevClass(node)) return false;
    // Django settings: DEBUG = True
    if (left.type === 'identifier' && left.text === 'DEBUG') {
      const scope = node.parent?.parent;
      if (scope?.type !== 'module' && !(scope?.type === 'block' && scope.parent?.type === 'class_definition')) return false;
      return isSettingsModule(ctx.filename, ctx.code) || /\bapp\.config\.from_object\b|Flask\(/.test(ctx.code)
        ? { message: '`DEBUG = True` in a settings module shows stack traces, settings and SQL to anyone who triggers an error' }
        : false;
    }
    // app.debug = True / app.config["DEBUG"] = True
    if (left.type === 'attribute' && left.child('attribute')?.text === 'debug' && APP.test(left.child('object')?.text ?? ''))
      return { message: '`app.debug = True` enables the interactive Werkzeug debugger, which runs arbitrary code' };
    if (
      left.type === 'subscript' &&
      /^(?:app|application|flask_app|current_app|self\.app)\.config$/.test(left.child('value')?.text ?? '') &&
      ctx.stringValue(left.child('subscript') ?? left) === 'DEBUG'
    ) {
      return { message: '`app.config["DEBUG"] = True` enables the interactive Werkzeug debugger, which runs arbitrary code' };
    }
    return false;
  }
  const call = ctx.call(node);
  if (!call) return false;
  const path = ctx.pathText(call.callee ?? call.node) ?? call.name;
  if (call.name === 'run') {
    if (/^(?:asyncio|trio|anyio|unittest|pytest)\./.test(path)) return false;
    const receiver = call.receiver?.text ?? '';
    if (!APP.test(receiver) && !/(?:^|\.)(?:app|application)$/.test(receiver)) return false;
    if (!enabled(keyword(call, 'debug')) && !enabled(keyword(call, 'use_debugger')) && !enabled(keyword(call, 'use_evalex'))) return false;
    return { message: `\`${call.node.text.replace(/\s+/g, ' ').slice(0, 50)}\` starts the server in debug mode: the Werkzeug debugger lets anyone who can reach it run code` };
  }
  if (/(?:^|\.)run_simple$/.test(path))
    return enabled(keyword(call, 'use_debugger')) || enabled(keyword(call, 'use_evalex'))
      ? { message: '`run_simple(..., use_debugger=True)` serves the interactive debugger, which runs arbitrary code' }
      : false;
  if (/(?:^|\.)DebuggedApplication$/.test(path))
    return enabled(keyword(call, 'evalex')) ? { message: '`DebuggedApplication(app, evalex=True)` lets anyone who sees an error page run Python code' } : false;
  if (/^(?:fastapi\.FastAPI|starlette\.applications\.Starlette|tornado\.web\.Application|sanic\.Sanic|quart\.Quart|litestar\.Litestar)$/.test(path)) {
    return isTrue(keyword(call, 'debug')) ? { message: `\`${call.name}(debug=True)\` returns stack traces to clients`, cwe: ['CWE-215', 'CWE-489'] } : false;
  }
  if (call.name === 'update' && /\.config$/.test(call.receiver?.text ?? '') && enabled(keyword(call, 'DEBUG'))) {
    return inDevClass(node) ? false : { message: '`app.config.update(DEBUG=True)` enables the interactive Werkzeug debugger' };
  }
  return false;
}

export default defineRule({
  class: 'debug-mode',
  confidence: 'medium',
  cwe: ['CWE-489', 'CWE-215'],
  languages: ['python'],
  message: 'The application runs with debug mode on, exposing stack traces or an interactive debugger',
  remediation:
    'Take debug mode from the environment and keep it off in production: `app.run(debug=os.environ.get("FLASK_DEBUG") == "1")`, `DEBUG = env.bool("DJANGO_DEBUG", default=False)`; serve production with gunicorn / uvicorn workers, never `app.run()`.',
  references: [
    'https://cwe.mitre.org/data/definitions/489.html',
    'https://flask.palletsprojects.com/en/stable/debugging/',
    'https://docs.djangoproject.com/en/stable/ref/settings/#debug',
  ],
  matcher: { kind: 'node', types: ['call', 'assignment'], where: debugOn },
});
