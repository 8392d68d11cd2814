import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { argAt, receiverFramework, urlHostFixed } from '../../lang/go/util.ts';

/** A target that starts with a local path (`"/orders/" + id`) or a fixed host stays on the site. */
function offsite(index: number) {
  return (call: CallView, ctx: MatchContext, taint: Taint): boolean => {
    const arg = argAt(call, index);
    return arg !== null && !urlHostFixed(arg, ctx, taint);
  };
}

function onFramework(index: number, ...frameworks: string[]) {
  const check = offsite(index);
  return (call: CallView, ctx: MatchContext, taint: Taint): boolean => {
    const f = receiverFramework(call);
    return f !== null && frameworks.includes(f) && check(call, ctx, taint);
  };
}

/** `w.Header().Set("Location", target)`, gin `c.Header("Location", target)`. */
function locationHeader(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const name = argAt(call, 0);
  const value = name ? ctx.stringValue(name) : null;
  return value !== null && value.toLowerCase() === 'location' && offsite(1)(call, ctx, taint);
}

export default defineRule({
  class: 'open-redirect',
  confidence: 'high',
  languages: ['go'],
  remediation:
    'Redirect only to local paths or allow-listed hosts: parse the target with `url.Parse` and accept it only when it has no scheme and no host and starts with a single `/` (not `//` or `/\\`), or map a key from the request to a fixed set of destinations.',
  references: [
    'https://cwe.mitre.org/data/definitions/601.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: 'http.Redirect', args: [2], where: offsite(2) },
      { callee: 'http.RedirectHandler', args: [0], where: offsite(0) },
      { callee: '*.Redirect', args: [1], where: onFramework(1, 'gin', 'echo') },
      { callee: '*.Redirect', args: [0], where: onFramework(0, 'fiber') },
      { callee: '*.Header().{Set,Add}', args: [1], where: locationHeader },
      { callee: '*.Header', args: [1], where: (call, ctx, taint) => receiverFramework(call) === 'gin' && locationHeader(call, ctx, taint) },
      { callee: '*.Set', args: [1], where: (call, ctx, taint) => receiverFramework(call) === 'fiber' && locationHeader(call, ctx, taint) },
      { callee: '*.Location', args: [0], where: onFramework(0, 'fiber') },
    ],
    params: 'built',
    local: 'never',
  },
});
