import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { keyword, positional } from '../../lang/ruby/predicates.ts';

/** Words in a filter's name that say it checks who the user is or what they may do. */
const ACCESS_WORDS = ['authenticat', 'authoriz', 'login', 'logged_in', 'signed_in', 'sign_in', 'require_user', 'require_admin', 'current_user', 'admin', 'permission', 'access'];

function isAccessFilter(name: string): boolean {
  const lower = name.toLowerCase();
  return ACCESS_WORDS.some((w) => lower.includes(w));
}

/** `skip_before_action :authenticate_user!, except: [:show]`: skipped for every action but the listed ones, present and future. */
function skippedByDenyList(call: CallView, ctx: MatchContext): Verdict {
  const except = keyword(call, 'except');
  if (!except) return false;
  const filter = positional(call)
    .map((a) => ctx.stringValue(a))
    .find((n) => n !== null && isAccessFilter(n));
  if (!filter) return false;
  return { message: `\`${filter}\` is skipped for every action except ${except.text}: an action added later is public by default (use \`only:\`)` };
}

export default defineRule({
  class: 'authentication-skipped',
  confidence: 'medium',
  languages: ['ruby'],
  remediation: 'Name the public actions: `skip_before_action :authenticate_user!, only: [:index, :show]`.',
  references: ['https://guides.rubyonrails.org/action_controller_overview.html#filters'],
  matcher: {
    kind: 'call',
    callee: ['skip_before_action', 'skip_before_filter', 'skip_filter', 'skip_action_callback'],
    where: skippedByDenyList,
  },
});
