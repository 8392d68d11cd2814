import { secretName } from '../../lang/c/secret-names.ts';
import { callArgs, calledName, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** printf-family writers: position of the stream (-1 for stdout) and of the format. */
const WRITERS: Readonly<Record<string, readonly [number, number]>> = {
  fprintf: [0, 1],
  printf: [-1, 0],
  syslog: [-1, 1],
  fputs: [1, 0],
  fwprintf: [0, 1],
  wprintf: [-1, 0],
};

function secretArgument(args: readonly SyntaxNode[], from: number): SyntaxNode | null {
  for (const a of args.slice(from)) {
    const v = unwrap(a);
    const name = v.type === 'identifier' ? v.text : v.type === 'field_expression' ? (v.child('field')?.text ?? '') : '';
    if (name && secretName(name)) return v;
  }
  return null;
}

/**
 * A password or key written out by a printf-family call: to a log file (CWE-534/532), to standard
 * error (CWE-535), to syslog (CWE-532). Names decide what is secret; lengths, hashes and prompts are not.
 */
function sensitiveOutput(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const name = calledName(node);
  const shape = name ? WRITERS[name] : undefined;
  if (!shape || !name) return false;
  const args = callArgs(node);
  const secret = name === 'fputs' ? (secretArgument(args, 0) && args.length === 2 ? secretArgument(args, 0) : null) : secretArgument(args, shape[1] + 1);
  if (!secret) return false;
  const stream = shape[0] >= 0 ? unwrap(args[shape[0]] ?? node).text : name === 'syslog' ? 'syslog' : 'stdout';
  const cwe = stream === 'stderr' ? ['CWE-535', 'CWE-532'] : stream === 'stdout' ? ['CWE-532'] : stream === 'syslog' ? ['CWE-532'] : ['CWE-534', 'CWE-532'];
  return {
    cwe,
    message: `${secret.text} is written to ${stream === 'stderr' || stream === 'stdout' || stream === 'syslog' ? stream : `the file ${stream}`}: secrets in logs and error output are read by whoever reads those`,
  };
}

export default defineRule({
  class: 'sensitive-data-logging',
  confidence: 'medium',
  languages: ['c', 'cpp'],
  matcher: { kind: 'node', types: ['call_expression'], where: sensitiveOutput },
});
