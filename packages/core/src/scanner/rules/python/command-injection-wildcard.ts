import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { argument, isTrue, keyword } from '../../lang/python/predicates.ts';

/** Programs whose options a file name can impersonate (`--checkpoint-action=exec=…`, `--reference=…`, `-e sh`). */
const WILDCARD_PRONE = new Set(['tar', 'chown', 'chmod', 'chgrp', 'rsync', 'zip', '7z']);

/** Whether a command line runs one of those programs with a bare `*` among its words (split at `;`, `&`, `|`). */
function expandsWildcard(text: string): boolean {
  for (const segment of text.split(/[;&|]/)) {
    const words = segment.trim().split(/\s+/);
    const program = (words[0] ?? '').slice((words[0] ?? '').lastIndexOf('/') + 1);
    if (WILDCARD_PRONE.has(program) && words.slice(1).includes('*')) return true;
  }
  return false;
}

/**
 * A shell command that hands `*` to tar, chown, chmod, rsync or zip: the shell expands it to file
 * names, and a file named like an option (`--checkpoint-action=exec=sh x.sh`) becomes one.
 */
function wildcard(call: CallView, ctx: MatchContext): Verdict {
  const path = ctx.pathText(call.callee ?? call.node) ?? '';
  if (/^subprocess\./.test(path) && !isTrue(keyword(call, 'shell'))) return false;
  const command = argument(call, 0, 'args') ?? keyword(call, 'cmd');
  const text = command ? ctx.stringValue(command) : null;
  if (text === null || !expandsWildcard(text)) return false;
  return {
    message: `\`${text.slice(0, 60)}\` lets the shell expand \`*\` into arguments: a file named like an option (\`--checkpoint-action=exec=…\`, \`--reference=…\`) is taken as one`,
  };
}

export default defineRule({
  class: 'command-injection',
  name: 'wildcard',
  confidence: 'medium',
  cwe: ['CWE-155'],
  languages: ['python'],
  message: 'A shell wildcard is expanded into the arguments of a program that takes options from file names',
  remediation:
    'Pass `--` before the file names (`tar czf backup.tgz -- *`), use `./*` instead of `*`, or list the files in Python (`glob.glob`) and run the program without a shell.',
  references: ['https://cwe.mitre.org/data/definitions/155.html', 'https://www.exploit-db.com/papers/33930'],
  matcher: {
    kind: 'call',
    callee: ['os.system', 'os.popen', 'os.popen2', 'os.popen3', 'os.popen4', 'commands.getoutput', 'subprocess.getoutput', 'subprocess.{run,call,Popen,check_call,check_output}'],
    where: wildcard,
  },
});
