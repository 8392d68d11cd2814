import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { isTruthy, skipSpaces } from '../../lang/php/helpers.ts';

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
    default:
      return false;
  }
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
  id: 'php.debug-mode',
  title: 'Debug output enabled',
  severity: 'low',
  confidence: 'medium',
  cwe: ['CWE-489', 'CWE-200'],
  owasp: ['A05:2021'],
  languages: ['php'],
  message: 'Debug output is enabled and exposes internal details to users',
  remediation:
    'Turn display off in production (`display_errors=0`, `log_errors=1`; WordPress `WP_DEBUG_DISPLAY` false; Laravel `APP_DEBUG=false`) and remove `phpinfo()` pages; log errors instead of showing them.',
  references: [
    'https://cwe.mitre.org/data/definitions/489.html',
    'https://www.php.net/manual/en/errorfunc.configuration.php#ini.display-errors',
  ],
  matcher: { kind: 'call', callee: ['phpinfo', 'ini_set', 'define'], where: check },
});
