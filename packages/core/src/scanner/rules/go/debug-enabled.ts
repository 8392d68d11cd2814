import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { findAfter, importsPath } from '../../lang/go/util.ts';

function importPath(spec: SyntaxNode): string {
  const p = spec.child('path');
  return p ? p.text.replace(/^["`]|["`]$/g, '') : '';
}

function debugUse(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (node.type === 'import_spec') {
    if (importPath(node) !== 'net/http/pprof') return false;
    // The documented safe setup: the default mux served on loopback only.
    if (findAfter(ctx.code, 'ListenAndServe(', /^\s*"(?:localhost|127\.0\.0\.1|\[::1\]):\d+"\s*,\s*nil\s*\)/)) return false;
    return {
      cwe: ['CWE-489', 'CWE-215', 'CWE-200'],
      message:
        'Importing net/http/pprof registers /debug/pprof/ handlers on http.DefaultServeMux, exposing profiles, goroutine stacks and the command line to anyone who can reach the server',
    };
  }
  if (node.type === 'call_expression') {
    const call = ctx.call(node);
    if (!call || call.name !== 'SetMode') return false;
    const path = ctx.path(call.callee ?? node);
    if (!path || path[0] !== 'gin') return false;
    const arg = ctx.arg(call, 0);
    if (!arg) return false;
    const p = ctx.path(arg);
    if ((p && p.join('.') === 'gin.DebugMode') || ctx.stringValue(arg) === 'debug') {
      return { message: 'gin.SetMode(gin.DebugMode) runs the server in debug mode (route dumps and verbose errors)' };
    }
    return false;
  }
  if (node.type === 'assignment_statement') {
    // e := echo.New(); e.Debug = true
    const left = node.child('left')?.namedChildren[0];
    const right = node.child('right')?.namedChildren[0];
    if (left?.type !== 'selector_expression' || left.child('field')?.text !== 'Debug' || right?.type !== 'true') return false;
    if (!importsPath(node, 'github.com/labstack/echo/v4') && !importsPath(node, 'github.com/labstack/echo')) return false;
    return { message: 'Echo debug mode sends detailed error messages to clients' };
  }
  return false;
}

export default defineRule({
  class: 'debug-mode',
  confidence: 'high',
  cwe: ['CWE-489', 'CWE-215'],
  languages: ['go'],
  message: 'Debug features are enabled in server code',
  remediation:
    'Do not import net/http/pprof into a public server: serve it from a separate, internal-only listener (`go http.ListenAndServe("localhost:6060", nil)`) or register its handlers on a private mux behind authentication. Run gin in release mode (`gin.SetMode(gin.ReleaseMode)` / `GIN_MODE=release`) and keep Echo `Debug` off in production.',
  references: ['https://cwe.mitre.org/data/definitions/489.html', 'https://pkg.go.dev/net/http/pprof', 'https://github.com/securego/gosec#available-rules'],
  matcher: { kind: 'node', types: ['import_spec', 'call_expression', 'assignment_statement'], where: debugUse },
});
