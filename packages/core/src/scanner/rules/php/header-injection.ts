import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';
import { isRedirectHeader, leadingLiteral } from '../../lang/php/helpers.ts';

/**
 * `header($line)`: PHP's header() has refused CR/LF since 5.1.2, so a value after a fixed
 * `Name: ` prefix cannot split the response; the client choosing the header line itself (its
 * name, e.g. `header($_GET['h'])` or `header("$name: $value")`) can. Location/Refresh are redirects.
 */
function clientChoosesHeader(call: CallView, ctx: MatchContext): boolean {
  const first = call.args.find((a) => a.index === 0);
  if (!first) return false;
  const lead = leadingLiteral(first.node, ctx);
  if (isRedirectHeader(lead)) return false;
  return !/^\s*[\w-]+\s*:/.test(lead);
}

export default defineRule({
  class: 'header-injection',
  confidence: 'medium',
  languages: ['php'],
  remediation:
    "Do not put request data into response headers. If a value must go there (a download file name), restrict it to an allow-list or strip CR/LF and quote it (`rawurlencode()`; `filename*=UTF-8''…`). Never let the client choose the whole header line.",
  references: [
    'https://cwe.mitre.org/data/definitions/113.html',
    'https://owasp.org/www-community/attacks/HTTP_Response_Splitting',
    'https://www.php.net/manual/en/function.header.php',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['header'], args: [0], where: (call, ctx) => clientChoosesHeader(call, ctx) },
      // PSR-7 and Symfony: the client picking the header name.
      { callee: ['*.withHeader', '*.withAddedHeader'], args: [0] },
      // mail($to, $subject, $message, $headers): extra headers (From:, Cc:) built from input inject headers.
      { callee: ['mail', 'mb_send_mail'], args: [3], where: (_call, _ctx, taint) => taint.built || taint.strength === 'remote' },
      { callee: ['*.headers.set'], args: [0] },
    ],
    params: 'never',
    local: 'never',
  },
});
