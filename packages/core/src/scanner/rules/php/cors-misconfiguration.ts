import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { arrayEntries, unwrap } from '../../lang/php/helpers.ts';
import { soleAssignment } from '../../lang/php/summaries.ts';

const ALLOW_ORIGIN = 'access-control-allow-origin';

/** `header('Access-Control-Allow-Origin: *')`. */
function wildcardHeaderLine(line: string | null): boolean {
  if (line === null) return false;
  const colon = line.indexOf(':');
  return colon > 0 && line.slice(0, colon).trim().toLowerCase() === ALLOW_ORIGIN && line.slice(colon + 1).trim() === '*';
}

/** A name/value pair: `->headers->set('Access-Control-Allow-Origin', '*')`, `->header(…)`, `->withHeader(…)`. */
function wildcardPair(name: string | null, value: string | null): boolean {
  return name !== null && value !== null && name.trim().toLowerCase() === ALLOW_ORIGIN && value.trim() === '*';
}

function check(call: CallView, ctx: MatchContext): Verdict {
  const at = (i: number) => call.args.find((a) => a.index === i)?.node;
  const value = (i: number) => {
    const n = at(i);
    return n ? ctx.stringValue(n) : null;
  };
  let open = false;
  if (call.name.toLowerCase() === 'header' && !call.receiver) open = wildcardHeaderLine(value(0));
  else if (call.isNew) {
    // `new Response($body, $status, ['Access-Control-Allow-Origin' => '*'])` (Symfony, Laravel, and responses named …Response).
    const headers = at(2);
    const entries = arrayEntries((headers && unwrap(headers).type === 'variable_name' ? soleAssignment(unwrap(headers)) : headers) ?? null);
    open = entries?.some((e) => wildcardPair(e.key, ctx.stringValue(e.value))) ?? false;
  } else open = wildcardPair(value(0), value(1));
  if (!open) return false;
  return { message: 'Access-Control-Allow-Origin is `*`: any website can read the responses of this endpoint from its visitors’ browsers' };
}

export default defineRule({
  class: 'cors-misconfiguration',
  confidence: 'medium',
  languages: ['php'],
  remediation:
    "Answer with the origins you trust only: compare the request's `Origin` against an allow-list and echo that one origin back (with `Vary: Origin`), or configure the framework's CORS middleware (`config/cors.php` `allowed_origins`, NelmioCorsBundle `allow_origin`) with explicit origins.",
  references: ['https://cwe.mitre.org/data/definitions/942.html', 'https://developer.mozilla.org/en-US/docs/Web/HTTP/CORS'],
  matcher: {
    kind: 'call',
    callee: ['header', '*.headers.set', '*.header', '*.withHeader', '*.withAddedHeader', '{Response,response,*Response}'],
    where: check,
  },
});
