import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { isSecretName, nameWords } from '../../secrets/credentials.ts';
import { unparen } from '../../lang/go/util.ts';

/** The name a logged value goes by: `password`, `req.Password`, `creds.APIKey`. */
function valueName(node: SyntaxNode): string | null {
  const n = unparen(node);
  if (n.type === 'identifier') return n.text;
  if (n.type === 'selector_expression') return n.child('field')?.text ?? null;
  return null;
}

/** Names that hold secrets in the clear (not hashes, lengths, ids, or presence flags). */
function secretValue(name: string): boolean {
  if (!isSecretName(name)) return false;
  const words = nameWords(name);
  return !words.some((w) =>
    ['hash', 'hashed', 'digest', 'id', 'len', 'length', 'count', 'expiry', 'expires', 'type', 'ttl', 'valid', 'ok', 'err', 'error', 'name', 'header', 'url'].includes(w),
  );
}

function logsSecret(call: CallView, ctx: MatchContext) {
  const p = call.receiver ? ctx.path(call.receiver) : (ctx.path(call.callee ?? call.node) ?? []).slice(0, -1);
  const root = (p ?? []).join('.');
  const logger = /^(?:log|slog|logrus|zap|zerolog|glog|klog)$/.test(root) || /(?:^|\.)(?:log|logger|l|lg|sugar|zlog|slogger|auditLog)$/i.test(root);
  if (!logger) return false;
  for (const a of call.args) {
    const name = valueName(a.node);
    if (name && secretValue(name)) return { node: call.node, message: `"${name}" is written to the log in the clear` };
  }
  return false;
}

export default defineRule({
  class: 'sensitive-data-logging',
  cwe: ['CWE-532'],
  confidence: 'medium',
  languages: ['go'],
  message: 'A password, token or key is written to the log',
  remediation: 'Never log secrets: log an identifier or a redacted form instead (`"token", token[:4]+"…"`), and mark secret fields with a `LogValue()` that redacts them for slog.',
  references: ['https://cwe.mitre.org/data/definitions/532.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Logging_Cheat_Sheet.html'],
  matcher: {
    kind: 'call',
    callee: [
      'log.{Print,Printf,Println,Fatal,Fatalf,Fatalln,Panic,Panicf,Panicln}',
      '*.{Print,Printf,Println,Info,Infof,Infow,Debug,Debugf,Debugw,Warn,Warnf,Warnw,Error,Errorf,Errorw,Trace,Tracef}',
    ],
    where: logsSecret,
  },
});
