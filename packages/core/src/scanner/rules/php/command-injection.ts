import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';
import { unwrap } from '../../lang/php/helpers.ts';

/** `proc_open([...])`, `new Process([...])`, `Process::run([...])`: an argument vector runs without a shell. */
function commandString(call: CallView, _ctx: MatchContext): boolean {
  const first = call.args.find((a) => a.index === 0) ?? call.args.find((a) => a.name === 'command');
  if (!first) return false;
  return unwrap(first.node).type !== 'array_creation_expression';
}

export default defineRule({
  class: 'command-injection',
  confidence: 'high',
  cwe: ['CWE-78'],
  languages: ['php'],
  remediation:
    "Avoid the shell: use a PHP API for the task, or run a fixed program with an argument vector (`proc_open(['ping', '-c', '1', $host], …)`, Symfony `new Process(['ping', $host])`). If a shell is unavoidable, quote every untrusted value with `escapeshellarg()` and validate it against an allow-list.",
  references: [
    'https://cwe.mitre.org/data/definitions/78.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/OS_Command_Injection_Defense_Cheat_Sheet.html',
    'https://www.php.net/manual/en/function.escapeshellarg.php',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['system', 'exec', 'shell_exec', 'passthru', 'popen', 'pcntl_exec', 'expect_popen', 'ssh2_exec'], args: [0] },
      { callee: ['ssh2_exec'], args: [1] },
      { callee: ['proc_open'], args: [0], where: (call, ctx) => commandString(call, ctx) },
      // mail($to, $subject, $message, $headers, $params): the fifth argument goes to sendmail's command line.
      { callee: ['mail', 'mb_send_mail'], args: [4] },
      {
        callee: ['Process.fromShellCommandline', 'Process.run', 'Process.start', 'Process.pipe', 'Process.command', '*.fromShellCommandline'],
        args: [0],
        where: (call, ctx) => commandString(call, ctx),
      },
      { callee: ['Process', 'Symfony.Component.Process.Process'], args: [0], where: (call, ctx) => call.isNew && commandString(call, ctx) },
      {
        callee: ['*.exec'],
        args: [0],
        where: (call, ctx) =>
          /^(?:ssh|sftp|connection|shell|remote|server|session)$/i.test(
            ctx
              .pathText(call.receiver ?? call.node)
              ?.split('.')
              .pop()
              ?.replace(/^\$/, '') ?? '',
          ),
      },
    ],
    params: 'built',
  },
});
