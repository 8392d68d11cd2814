import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { arrayValue, isTruthy, skipSpaces } from '../../lang/php/helpers.ts';
import { literalContent } from '../../lang/php/adapter.ts';

/** Keys of framework configuration arrays that turn on error pages with stack traces (Laravel `debug`, Slim `displayErrorDetails`). */
const DEBUG_KEYS = new Set(['debug', 'app_debug', 'displayerrordetails', 'display_errors', 'show_errors']);
/** Configuration files for development machines and tests, where debug output is expected. */
const DEV_FILE = /(?:^|[\\/_.-])(?:dev|development|local|testing|test|tests)(?:[\\/_.-]|$)/i;

/**
 * `return ['debug' => true, …];` — a configuration file (Laravel `config/app.php`, a Slim settings
 * file) that hard-codes debug on instead of reading it from the environment (`env('APP_DEBUG', false)`).
 */
function configDebug(node: SyntaxNode, ctx: MatchContext): Verdict {
  const kids = node.namedChildren.filter((c) => c.type !== 'comment');
  if (kids.length !== 2) return false;
  const key = literalContent(kids[0] as SyntaxNode);
  if (key === null || !DEBUG_KEYS.has(key.toLowerCase()) || !/^true$/i.test((kids[1] as SyntaxNode).text)) return false;
  if (ctx.filename && DEV_FILE.test(ctx.filename)) return false;
  // Only in an array the file returns at top level: the shape of a framework configuration file.
  let n: SyntaxNode | null = node.parent;
  while (n && (n.type === 'array_creation_expression' || n.type === 'array_element_initializer')) n = n.parent;
  if (n?.type !== 'return_statement' || n.parent?.type !== 'program') return false;
  return { message: `'${key}' => true is hard-coded in a configuration file: error pages show stack traces, queries and environment to visitors` };
}

const RUNTIME_SWITCHES = new Set(['phpinfo', 'ini_set', 'define', 'config', 'putenv']);

function check(call: CallView, ctx: MatchContext): Verdict {
  const first = call.args.find((a) => a.index === 0);
  const second = call.args.find((a) => a.index === 1);
  switch (call.name) {
    case 'phpinfo':
      return { message: 'phpinfo() discloses the server configuration, environment variables and secrets to whoever can reach it', cwe: ['CWE-489', 'CWE-200'] };
    case 'ini_set': {
      const key = first ? ctx.stringValue(first.node) : null;
      if (key !== 'display_errors' && key !== 'display_startup_errors') return false;
      return isTruthy(second?.node ?? null, ctx) ? { message: `${key} is turned on: errors with paths, queries and stack traces are shown to visitors` } : false;
    }
    case 'define': {
      const key = first ? ctx.stringValue(first.node) : null;
      if (key !== 'WP_DEBUG_DISPLAY' && key !== 'WP_DEBUG') return false;
      if (!second || !/^true$/i.test(second.node.text)) return false;
      if (key === 'WP_DEBUG' && debugDisplayOff(ctx.code)) return false;
      return { message: `${key} is enabled: PHP errors are displayed on the site` };
    }
    // Laravel at run time: `config(['app.debug' => true])`, `putenv('APP_DEBUG=true')`.
    case 'config': {
      const value = arrayValue(first?.node ?? null, 'app.debug');
      return value && isTruthy(value, ctx) ? { message: 'app.debug is switched on at run time: error pages show stack traces, queries and environment' } : false;
    }
    case 'putenv': {
      const setting = first ? ctx.stringValue(first.node) : null;
      return setting !== null && /^APP_DEBUG\s*=\s*(?:true|1|on)$/i.test(setting.trim()) ? { message: 'APP_DEBUG is switched on at run time' } : false;
    }
    default:
      return false;
  }
}

/** `$_ENV['APP_DEBUG'] = 'true'`. */
function envDebug(node: SyntaxNode, ctx: MatchContext): Verdict {
  const left = node.child('left');
  if (!left || left.type !== 'subscript_expression' || !left.text.startsWith('$_ENV')) return false;
  const key = left.namedChildren[1];
  if (!key || ctx.stringValue(key) !== 'APP_DEBUG' || !isTruthy(node.child('right'), ctx)) return false;
  return { message: 'APP_DEBUG is switched on at run time' };
}

/** `define('WP_DEBUG_DISPLAY', false)` somewhere in the file: errors are logged, not shown. */
function debugDisplayOff(code: string): boolean {
  for (let i = code.indexOf('WP_DEBUG_DISPLAY'); i >= 0; i = code.indexOf('WP_DEBUG_DISPLAY', i + 1)) {
    const quote = code[i + 16];
    if (quote !== "'" && quote !== '"') continue;
    const comma = skipSpaces(code, i + 17);
    if (code[comma] !== ',') continue;
    const value = skipSpaces(code, comma + 1);
    if (code.slice(value, value + 5).toLowerCase() === 'false') return true;
  }
  return false;
}

export default defineRule({
  class: 'debug-mode',
  confidence: 'medium',
  cwe: ['CWE-489', 'CWE-200'],
  languages: ['php'],
  message: 'Debug output is enabled and exposes internal details to users',
  remediation:
    'Turn display off in production (`display_errors=0`, `log_errors=1`; WordPress `WP_DEBUG_DISPLAY` false; Laravel `APP_DEBUG=false`) and remove `phpinfo()` pages; log errors instead of showing them.',
  references: ['https://cwe.mitre.org/data/definitions/489.html', 'https://www.php.net/manual/en/errorfunc.configuration.php#ini.display-errors'],
  matcher: {
    kind: 'node',
    types: ['function_call_expression', 'array_element_initializer', 'assignment_expression'],
    where: (node, ctx) => {
      if (node.type === 'array_element_initializer') return configDebug(node, ctx);
      if (node.type === 'assignment_expression') return envDebug(node, ctx);
      const call = ctx.call(node);
      return call && RUNTIME_SWITCHES.has(call.name) ? check(call, ctx) : false;
    },
  },
});
