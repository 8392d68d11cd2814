import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { inDevelopmentCode } from '../../lang/ruby/predicates.ts';

const DEBUGGER_CALLS = /^(?:byebug|debugger|remote_byebug)$/;
const BINDING_METHODS = /^(?:pry|remote_pry|pry_remote|irb|break|b)$/;
/** `name = value` settings that mark a development or test environment file. */
const DEV_SETTINGS: readonly [string, string][] = [
  ['config.eager_load', 'false'],
  ['config.cache_classes', 'false'],
  ['config.enable_reloading', 'true'],
  ['action_controller.perform_caching', 'false'],
];

function skipBlanks(text: string, i: number, newlines = false): number {
  while (i < text.length && (text[i] === ' ' || text[i] === '\t' || (newlines && (text[i] === '\n' || text[i] === '\r')))) i++;
  return i;
}

/** Signs that a Rails environment file is for development or test, where local error pages are expected. */
function developmentEnvironment(code: string): boolean {
  if (code.includes('Rails.env.development?') || code.includes('Rails.env.test?')) return true;
  for (const [setting, value] of DEV_SETTINGS) {
    for (let i = code.indexOf(setting); i >= 0; i = code.indexOf(setting, i + 1)) {
      const eq = skipBlanks(code, i + setting.length, setting.startsWith('action'));
      if (code[eq] !== '=' || code[eq + 1] === '=') continue;
      if (code.startsWith(value, skipBlanks(code, eq + 1, setting.startsWith('action')))) return true;
    }
  }
  // `configure :development do`, `configure(:test)`
  for (let i = code.indexOf('configure'); i >= 0; i = code.indexOf('configure', i + 1)) {
    let j = skipBlanks(code, i + 9);
    if (code[j] === '(') j = skipBlanks(code, j + 1);
    if (code.startsWith(':development', j) || code.startsWith(':test', j)) return true;
  }
  return false;
}

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
    if (developmentEnvironment(ctx.code) || inDevelopmentCode(node)) return false;
    return { message: '`consider_all_requests_local = true` shows detailed exception pages (stack traces, source, environment) to every client' };
  }
  return false;
}

export default defineRule({
  class: 'debug-mode',
  confidence: 'medium',
  cwe: ['CWE-489', 'CWE-215'],
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
