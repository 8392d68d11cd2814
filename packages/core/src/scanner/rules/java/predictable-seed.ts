import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { CallView } from '../../engine/adapter.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { invocationParts, simpleTypeName, typeOf, unwrap } from '../../lang/java/tree.ts';

/** A seed anyone can know: a constant, or the clock. */
function predictable(seed: SyntaxNode, ctx: MatchContext): 'constant' | 'clock' | null {
  const u = unwrap(seed);
  if (u.type === 'method_invocation' && /^(?:currentTimeMillis|nanoTime)$/.test(invocationParts(u).name)) return 'clock';
  return ctx.isConstant(u) ? 'constant' : null;
}

/** `secureRandom.setSeed(CONSTANT)`, `new SecureRandom(FIXED_BYTES)`: a cryptographic generator made to repeat its output. */
function check(call: CallView, ctx: MatchContext): Verdict {
  const seed = call.args.find((a) => a.index === 0)?.node;
  if (!seed) return false;
  if (call.isNew) {
    if (call.name !== 'SecureRandom') return false;
  } else if (simpleTypeName(typeOf(call.receiver ? unwrap(call.receiver) : null) ?? '') !== 'SecureRandom') return false;
  const kind = predictable(seed, ctx);
  if (!kind) return false;
  return {
    cwe: [kind === 'constant' ? 'CWE-336' : 'CWE-337'],
    message: `This SecureRandom is seeded with ${kind === 'constant' ? 'a constant' : 'the clock'}: its output can be predicted`,
  };
}

export default defineRule({
  class: 'predictable-seed',
  confidence: 'high',
  languages: ['java'],
  remediation: 'Let SecureRandom seed itself (`new SecureRandom()` / `SecureRandom.getInstanceStrong()`); never call setSeed with a constant or the time before first use.',
  references: ['https://cwe.mitre.org/data/definitions/336.html', 'https://cwe.mitre.org/data/definitions/337.html'],
  matcher: { kind: 'call', callee: ['*.setSeed', 'SecureRandom'], where: check },
});
