import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';
import { findAfter } from '../../lang/csharp/helpers.ts';

const LOGGER = /log(?:ger)?$|^_?log|^Log$|^logger$|Logger$/i;
/** What follows `.Replace(` when it strips line breaks: `"\n"`, `'\r'`, `Environment.NewLine`, or `"")` (anchored). */
const LINE_BREAK_ARG = /^\s*(?:"\\[rn]|'\\[rn]'|Environment\.NewLine|""\s*\))/;

/**
 * The message template of a log call built from input (`"Login failed for " + user`,
 * `$"… {user}"`). Structured placeholders (`LogInformation("Login failed for {User}", user)`)
 * keep the value out of the template and are not reported; neither are values already
 * stripped of line breaks (`.Replace("\n", "")`, `.ReplaceLineEndings("")`).
 */
function messageTemplate(call: CallView, ctx: MatchContext): boolean {
  const receiver = call.receiver;
  if (
    receiver &&
    !LOGGER.test(
      receiver.text
        .replace(/^this\./, '')
        .split('.')
        .pop() ?? '',
    )
  )
    return false;
  const first = ctx.arg(call, 0) ?? ctx.arg(call, 'message');
  const message = first && /^(?:ex|e|exception|err|error)$/i.test(first.text) ? ctx.arg(call, 1) : first;
  if (!message) return false;
  if (message.text.includes('ReplaceLineEndings') || findAfter(message.text, '.Replace(', LINE_BREAK_ARG) !== null) return false;
  return message.type === 'binary_expression' || message.type === 'interpolated_string_expression' || (ctx.taint(message)?.built ?? false);
}

export default defineRule({
  class: 'log-injection',
  confidence: 'medium',
  languages: ['csharp'],
  remediation:
    'Use message templates with placeholders (`_logger.LogWarning("Login failed for {User}", user)`) so the value is logged as a separate property, and strip or encode CR/LF (`value.ReplaceLineEndings(" ")`) when logging to plain-text sinks.',
  references: [
    'https://cwe.mitre.org/data/definitions/117.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Logging_Cheat_Sheet.html',
    'https://learn.microsoft.com/en-us/dotnet/core/extensions/logging#log-message-template',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      {
        callee: ['*.{LogTrace,LogDebug,LogInformation,LogWarning,LogError,LogCritical}', '**.Log.{Verbose,Debug,Information,Warning,Error,Fatal}'],
        args: [0, 1],
        keywords: ['message', 'messageTemplate'],
        where: messageTemplate,
      },
      { callee: ['*.{Info,Warn,Error,Debug,Fatal,Trace,InfoFormat,WarnFormat,ErrorFormat,DebugFormat}'], args: [0], where: messageTemplate },
    ],
    params: 'never',
    local: 'never',
  },
});
