import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';

/** `socket.send(data, 0)` sends bytes, it does not dispatch a method. */
function dispatches(call: CallView, ctx: MatchContext): boolean {
  const receiver = call.receiver ? (ctx.path(call.receiver)?.at(-1) ?? '') : '';
  if (/(?:socket|sock|udp|tcp|ws|websocket|channel|conn|connection|client|server|queue|mailer|io)(?:\(\))?$/i.test(receiver)) return false;
  const second = call.args.find((a) => a.index === 1)?.node;
  return !(call.name === 'send' && second?.type === 'integer');
}

export default defineRule({
  class: 'unsafe-reflection',
  confidence: 'high',
  cwe: ['CWE-470', 'CWE-94'],
  languages: ['ruby'],
  remediation:
    'Map the input to an allowed class or method with an explicit table (`{ "csv" => CsvExporter, "pdf" => PdfExporter }.fetch(params[:format])`) or check it against an allow-list before `constantize`, `const_get`, `send` or `public_send`.',
  references: [
    'https://cwe.mitre.org/data/definitions/470.html',
    'https://guides.rubyonrails.org/security.html#injection',
    'https://api.rubyonrails.org/classes/String.html#method-i-constantize',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['*.constantize', '*.safe_constantize'], receiver: true, label: 'String#constantize' },
      { callee: ['constantize', 'safe_constantize', 'ActiveSupport.Inflector.{constantize,safe_constantize}', '**.const_get', '**.qualified_const_get', '**.const_source_location'] },
      { callee: ['**.send', '**.__send__', '**.public_send', '**.try', '**.try!', '**.method', '**.public_method', '**.instance_method', '**.instance_variable_get', '**.instance_variable_set'], where: dispatches },
    ],
    local: 'never',
    params: 'never',
  },
});
