import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { enclosingClass, keyword, positional } from '../../lang/ruby/predicates.ts';

/** API, webhook and callback controllers authenticate requests another way (tokens, signatures). */
const NON_BROWSER_WORDS = ['Webhook', 'Hook', 'Callback', 'Stripe', 'Twilio', 'Slack', 'Github', 'Notification', 'Integration'];

/** `Api::…`, `…::V1::…`, `ApiUsersController`, `WebhooksController`: a class that serves machines, not browsers. */
const NON_BROWSER = {
  test(cls: string): boolean {
    if (NON_BROWSER_WORDS.some((w) => cls.includes(w))) return true;
    for (const part of cls.split('::')) {
      if (part === 'Api' || part === 'API') return true;
      if (part.length >= 2 && part[0] === 'V' && [...part.slice(1)].every((c) => c >= '0' && c <= '9')) return true;
      const c = part.charCodeAt(3);
      if (part.startsWith('Api') && c >= 65 && c <= 90 && part.endsWith('Controller')) return true;
    }
    return false;
  },
};

function disablesCsrf(call: CallView, ctx: MatchContext): Verdict {
  const { name: cls, base } = enclosingClass(call.node);
  const nonBrowser = NON_BROWSER.test(cls) || /ActionController::API|Api|API/.test(base);
  switch (call.name) {
    case 'skip_before_action':
    case 'skip_before_filter':
    case 'skip_action_callback': {
      if (!positional(call).some((a) => ctx.stringValue(a) === 'verify_authenticity_token')) return false;
      if (nonBrowser) return false;
      // `if: :json_request?` limits the skip to token-authenticated requests: less certain.
      const conditional = keyword(call, 'if') !== null || keyword(call, 'unless') !== null;
      return { message: 'CSRF protection is skipped (`skip_before_action :verify_authenticity_token`)', ...(conditional ? { confidence: 'medium' as const } : {}) };
    }
    case 'skip_forgery_protection':
      return nonBrowser ? false : { message: 'CSRF protection is skipped (`skip_forgery_protection`)' };
    case 'protect_from_forgery': {
      if (nonBrowser) return false;
      const except = keyword(call, 'except');
      if (except) return { message: `CSRF protection is turned off for ${except.text}`, confidence: 'medium' };
      const cond = keyword(call, 'if');
      if (cond?.type === 'false') return { message: 'CSRF protection is turned off (`protect_from_forgery if: false`)' };
      return false;
    }
    case 'disable': {
      if (call.receiver || !positional(call).some((a) => ctx.stringValue(a) === 'protection')) return false;
      return { message: 'Sinatra `disable :protection` turns off Rack::Protection (CSRF, session hijacking, XSS headers)' };
    }
    case 'set': {
      const args = positional(call);
      if (call.receiver || ctx.stringValue(args[0] ?? call.node) !== 'protection' || args[1]?.type !== 'false') return false;
      return { message: 'Sinatra `set :protection, false` turns off Rack::Protection (CSRF, session hijacking, XSS headers)' };
    }
    default:
      return false;
  }
}

export default defineRule({
  class: 'csrf-disabled',
  confidence: 'high',
  languages: ['ruby'],
  message: 'Cross-site request forgery protection is disabled for browser-facing actions',
  remediation:
    'Keep `protect_from_forgery with: :exception` for controllers that use cookie sessions; if an endpoint must accept cross-site posts (webhooks, token-authenticated APIs), move it to a controller that inherits from `ActionController::API` and authenticate each request with a signature or token.',
  references: [
    'https://cwe.mitre.org/data/definitions/352.html',
    'https://guides.rubyonrails.org/security.html#cross-site-request-forgery-csrf',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cross-Site_Request_Forgery_Prevention_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'call',
    callee: ['skip_before_action', 'skip_before_filter', 'skip_action_callback', 'skip_forgery_protection', 'protect_from_forgery', 'disable', 'set'],
    where: disablesCsrf,
  },
});
