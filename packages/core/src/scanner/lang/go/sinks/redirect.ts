import type { SinkCheck } from '../../../models/compile.ts';
import type { CallView } from '../../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../../rule.ts';
import { argAt, receiverFramework, urlHostFixed } from '../util.ts';

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

/** Named checks of the redirect sinks (models go/net-http, go/gin, go/echo, go/fiber). */
export const redirectChecks: Readonly<Record<string, SinkCheck>> = {
  /** `http.Redirect(w, r, target, code)`, `http.RedirectHandler(target, code)`: the target leaves the site. */
  'redirect-offsite': (call, ctx, taint) => offsite(call.name === 'Redirect' ? 2 : 0)(call, ctx, taint),
  /** `w.Header().Set("Location", target)`. */
  'location-header': locationHeader,
  /** gin `c.Redirect(code, target)`. */
  'gin-redirect': onFramework(1, 'gin'),
  /** echo `c.Redirect(code, target)`. */
  'echo-redirect': onFramework(1, 'echo'),
  /** fiber `c.Redirect(target)`, `c.Location(target)`. */
  'fiber-redirect': onFramework(0, 'fiber'),
  /** gin `c.Header("Location", target)`. */
  'gin-location-header': (call, ctx, taint) => receiverFramework(call) === 'gin' && locationHeader(call, ctx, taint),
  /** fiber `c.Set("Location", target)`. */
  'fiber-location-header': (call, ctx, taint) => receiverFramework(call) === 'fiber' && locationHeader(call, ctx, taint),
};
