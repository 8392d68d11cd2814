import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { inDevelopmentCode } from '../../lang/ruby/predicates.ts';

const DEBUGGER_CALLS = /^(?:byebug|debugger|remote_byebug)$/;
const BINDING_METHODS = /^(?:pry|remote_pry|pry_remote|irb|break|b)$/;
/** Signs that a Rails environment file is for development or test, where local error pages are expected. */
const DEV_ENV = /config\.(?:eager_load|cache_classes)[ \t]*=[ \t]*false|config\.enable_reloading[ \t]*=[ \t]*true|Rails\.env\.(?:development|test)\?|configure[ \t]*(?:\([ \t]*)?:(?:development|test)|action_controller\.perform_caching\s*=\s*false/;

function debugCode(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (node.type === 'call' || node.type === 'identifier') {
    const isCall = node.type === 'call';
    const method = isCall ? (node.child('method')?.text ?? '') : node.text;
    const receiver = isCall ? (node.child('receiver')?.text ?? null) : null;
    if (!isCall && (node.field === 'method' || node.field === 'name' || node.field === 'left')) return false;
    if (receiver === null && DEBUGGER_CALLS.test(method)) {
      return inDevelopmentCode(node) ? false : { message: `\`${method}\` breakpoint left in the code` };
    }
    if (receiver === 'binding' && BINDING_METHODS.test(method)) return inDevelopmentCode(node) ? false : { message: `\`binding.${method}\` breakpoint left in the code` };
    if (receiver === 'Pry' && method === 'start') return { message: '`Pry.start` opens a debugging console' };
    // Sinatra: set :show_exceptions, true / enable :show_exceptions
    if (isCall && receiver === null && (method === 'set' || method === 'enable')) {
      const args = node.child('arguments')?.namedChildren ?? [];
      const first = args[0]?.text;
      if (first !== ':show_exceptions' && first !== ':dump_errors' && first !== ':raise_errors') return false;
      if (first !== ':show_exceptions') return false;
      if (method === 'set' && args[1]?.type !== 'true') return false;
      return inDevelopmentCode(node) ? false : { message: 'Sinatra `show_exceptions` renders stack traces and environment details to clients' };
    }
    return false;
  }
  if (node.type === 'assignment') {
    const left = node.child('left')?.text.replace(/\s+/g, '') ?? '';
    const right = node.child('right');
    if (!/(?:^|\.)consider_all_requests_local$/.test(left) || right?.type !== 'true') return false;
    if (DEV_ENV.test(ctx.code) || inDevelopmentCode(node)) return false;
    return { message: '`consider_all_requests_local = true` shows detailed exception pages (stack traces, source, environment) to every client' };
  }
  return false;
}

export default defineRule({
  id: 'ruby.debug-enabled',
  title: 'Debug code or detailed errors enabled',
  severity: 'low',
  confidence: 'medium',
  cwe: ['CWE-489', 'CWE-215'],
  owasp: ['A05:2021'],
  languages: ['ruby'],
  message: 'Debugging code or detailed error pages are enabled',
  remediation:
    'Remove `binding.pry` / `byebug` calls before committing (guard them with a linter), keep `config.consider_all_requests_local = false` in production, and enable Sinatra `show_exceptions` only in `configure :development`.',
  references: [
    'https://cwe.mitre.org/data/definitions/489.html',
    'https://guides.rubyonrails.org/configuring.html#config-consider-all-requests-local',
    'https://sinatrarb.com/configuration.html',
  ],
  matcher: { kind: 'node', types: ['call', 'identifier', 'assignment'], where: debugCode },
});
