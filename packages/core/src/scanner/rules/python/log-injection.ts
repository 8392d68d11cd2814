import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { findAfter, wordChar } from '../../lang/python/text.ts';

/**
 * Log forging matters where logs are evidence: authentication, authorisation and audit events. A
 * log line about those with request data written raw (a fake "login succeeded for admin" line after
 * a CR/LF) is reported; structured loggers that encode values, `%r` / `!r` (which escape line
 * breaks) and values stripped of CR/LF are not.
 */
const AUDIT = {
  test: (text: string): boolean =>
    /\b(?:log(?:ged)?[ _-]?in|log(?:ged)?[ _-]?out|sign(?:ed)?[ _-]?in|sign[ _-]?up)\b/i.test(text) ||
    /\b(?:auth[nz]?|password|passwd|credentials?|failed attempt|unauthori[sz]ed|forbidden|denied|audit|permission|privilege|admin|transfer|payment|deleted?)\b/i.test(text) ||
    // authenticated, authorization, impersonating: any word that starts so
    /\b(?:authenticat|authori[sz]|impersonat)/i.test(text),
};
const LOGGER = /^(?:logging|logger|log|_log|_logger|LOGGER|LOG|audit_log|audit_logger|security_logger|auth_logger|app\.logger|current_app\.logger|self\.logger|self\.log|self\.app\.logger|request\.app\.logger)$/;

/** The literal text of a log call's message (format string, f-string fragments, `+` parts). */
function messageText(node: SyntaxNode | null, ctx: MatchContext): string {
  if (!node) return '';
  const whole = ctx.stringValue(node);
  if (whole !== null) return whole;
  let out = '';
  const stack = [node];
  while (stack.length > 0 && out.length < 400) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'string_content') out += ` ${n.text}`;
    else if (n.type === 'string' || n.type === 'binary_operator' || n.type === 'concatenated_string' || n.type === 'parenthesized_expression') for (const c of n.children) stack.push(c);
  }
  return out;
}

/** The rest of a `%` placeholder: flags, width, precision and a string (`%-10s`, `%r`) or number (`%05d`, `%.2f`) conversion. */
const PRINTF_STRING = /^[-#0 +]*(?:[1-9]\d*)?(?:\.\d+)?[sr]/;
const PRINTF_NUMBER = /^[-#0 +]*(?:[1-9]\d*)?(?:\.\d+)?[dif]/;

/** `text` without its `%r` placeholders and `{…!r}` fields (`/%r\b|\{[^}]*!r\}/g` replaced by nothing). */
function withoutRepr(text: string): string {
  let out = '';
  let close = -2; // the first `}` at or after the current `{` (-1: none left)
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '%' && text[i + 1] === 'r' && !wordChar(text[i + 2])) {
      i++;
      continue;
    }
    if (c === '{') {
      if (close !== -1 && close < i) close = text.indexOf('}', i);
      if (close >= i + 3 && text[close - 1] === 'r' && text[close - 2] === '!') {
        i = close;
        continue;
      }
    }
    out += c;
  }
  return out;
}

/** A `%s` placeholder or a `{…}` field without a `!` conversion (`/%s|\{[^}!]*\}/`). */
function rawField(text: string): boolean {
  if (text.includes('%s')) return true;
  let open = false;
  for (const c of text) {
    if (c === '}' && open) return true;
    if (c === '{') open = true;
    else if (c === '}' || c === '!') open = false;
  }
  return false;
}

/** A function body that strips CR/LF: `.replace("\\n", …)`, `re.sub(r"[\\r\\n]", …)`, `.splitlines()`, `.translate(`, `sanitize_log…(`. */
function stripsBreaks(body: string): boolean {
  return (
    body.includes('.splitlines()') ||
    body.includes('.translate(') ||
    findAfter(body, '.replace(', /^\s*["']\\[rn]["']/) ||
    findAfter(body, 're.sub(', /^[^)]*\\[rn]/) ||
    findAfter(body, 'sanitize_log', /^\w*\(/, true) ||
    findAfter(body, 'escape_log', /^\w*\(/, true)
  );
}

function rawLogLine(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!call.receiver || !LOGGER.test(call.receiver.text)) return false;
  const msg = call.args.find((a) => a.index === 0)?.node ?? null;
  const text = messageText(msg, ctx);
  // %r and f"{x!r}" escape CR/LF; a message without a string field cannot take the value raw.
  if (/%r\b|!r\}/.test(msg?.text ?? '') && !rawField(withoutRepr(msg?.text ?? ''))) return false;
  // "user id=%d": numeric placeholders only.
  if (!findAfter(text, '%', PRINTF_STRING) && findAfter(text, '%', PRINTF_NUMBER) && !/\{/.test(msg?.text ?? '') && msg?.type === 'string') return false;
  const fn = ctx.fn;
  const body = fn?.node.text ?? '';
  if (stripsBreaks(body)) return false;
  void taint;
  return AUDIT.test(text) || /login|logout|signin|signup|auth|password|register|audit|permission/i.test(fn?.name ?? '');
}

export default defineRule({
  class: 'log-injection',
  confidence: 'medium',
  languages: ['python'],
  remediation:
    'Log untrusted values with `%r` (`logger.warning("login failed for %r", username)`), strip CR/LF first (`username.replace("\\r", "").replace("\\n", "")`), or use a structured / JSON log formatter that encodes field values.',
  references: [
    'https://cwe.mitre.org/data/definitions/117.html',
    'https://owasp.org/www-community/attacks/Log_Injection',
    'https://docs.python.org/3/howto/logging-cookbook.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [{ callee: ['*.{debug,info,warning,warn,error,critical,exception,log}'], args: 'all', where: rawLogLine }],
    params: 'never',
    local: 'never',
  },
});
