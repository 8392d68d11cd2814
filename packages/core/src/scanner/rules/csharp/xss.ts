import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { isHtmlContentType, scopeText } from '../../lang/csharp/helpers.ts';

/** `Content(x, "text/html")`, `Results.Content(x, "text/html")`: HTML only with an HTML content type (the default is text/plain). */
function htmlContentType(call: CallView, ctx: MatchContext): boolean {
  const type = ctx.arg(call, 1) ?? ctx.arg(call, 'contentType');
  if (!type) return false;
  return isHtmlContentType(ctx.stringValue(type)) || /MediaTypeNames\.Text\.Html|\bHtml\b/.test(type.text);
}

/** `new ContentResult { Content = x, ContentType = "text/html" }`. */
function contentResultHtml(call: CallView, ctx: MatchContext): boolean {
  const type = ctx.arg(call, 'ContentType');
  return type !== null && (isHtmlContentType(ctx.stringValue(type)) || /MediaTypeNames\.Text\.Html/.test(type.text));
}

/**
 * ASP.NET Core's `Response.WriteAsync(text)` sets no content type: it is a page only when the
 * code says so (`ContentType = "text/html"`) or writes markup.
 */
function writesHtml(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (/<[a-zA-Z!/]/.test(taint.text)) return true;
  return /text\/html/i.test(scopeText(call.node));
}

export default defineRule({
  class: 'xss',
  confidence: 'high',
  cwe: ['CWE-79'],
  languages: ['csharp'],
  remediation:
    'Let Razor encode output (`@Model.Name`), or encode explicitly with `HtmlEncoder.Default.Encode(value)` / `WebUtility.HtmlEncode(value)` before `Response.Write`, `Html.Raw`, `new HtmlString(…)` or an HTML `Content(…)`; sanitize rich text with an HTML sanitizer (e.g. Ganss.Xss `HtmlSanitizer`).',
  references: [
    'https://cwe.mitre.org/data/definitions/79.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html',
    'https://learn.microsoft.com/en-us/aspnet/core/security/cross-site-scripting',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['**.Response.Write', '**.Response.Output.Write', '**.Response.BinaryWrite'] },
      { callee: ['**.Response.WriteAsync', '**.Response.{OutputStream,Body}.{Write,WriteAsync}'], where: writesHtml },
      { callee: ['**.Html.Raw', '**.HtmlString', '**.MvcHtmlString', '**.MvcHtmlString.Create', '**.HtmlString.Create', '*.{AppendHtml,AppendHtmlLine,SetHtmlContent}'] },
      { callee: ['Content', '**.{Results,TypedResults}.{Content,Text}'], args: [0], where: htmlContentType },
      { callee: ['**.ContentResult'], args: [], keywords: ['Content'], where: contentResultHtml },
      { callee: ['**.ClientScript.{RegisterStartupScript,RegisterClientScriptBlock}'], args: [2] },
      { callee: ['**.ScriptManager.{RegisterStartupScript,RegisterClientScriptBlock}'], args: [3] },
    ],
    assignSinks: [
      { target: ['*.InnerHtml'] },
      { target: ['System.Web.UI.WebControls.Label.Text'], label: 'Label.Text' },
      { target: ['System.Web.UI.WebControls.Literal.Text'], label: 'Literal.Text' },
      {
        target: ['*.Content'],
        where: (target, ctx) => /ContentResult|^result$/i.test(target.child('expression')?.text ?? '') && /text\/html/.test(scopeText(target)) && ctx.path(target) !== null,
      },
    ],
    params: 'built',
    local: 'never',
  },
});
