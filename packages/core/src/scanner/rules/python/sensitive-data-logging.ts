import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { isSecretName, nameWords } from '../../secrets/credentials.ts';

const LOGGER = /^(?:logging|logger|log|_log|_logger|LOGGER|LOG|audit_log|audit_logger|app\.logger|current_app\.logger|self\.logger|self\.log|self\.app\.logger)$/;
const NOT_VALUE = new Set([
  'hash',
  'hashed',
  'digest',
  'id',
  'len',
  'length',
  'count',
  'expiry',
  'expires',
  'type',
  'ttl',
  'valid',
  'ok',
  'err',
  'error',
  'name',
  'header',
  'url',
  'field',
  'policy',
  'reset',
  'changed',
  'set',
  'required',
  'strength',
  'prefix',
  'suffix',
  'masked',
  'redacted',
  'last4',
  'hint',
  'pos',
  'position',
  'starting',
  'next',
  'page',
  'pagination',
  'continuation',
  'ignored',
  'source',
  'provider',
  'method',
  'file',
  'path',
]);

/** The name a logged value goes by: `password`, `user.password`, `creds["api_key"]`. */
function valueName(node: SyntaxNode): string | null {
  let n = node;
  while (n.type === 'parenthesized_expression' && n.namedChildren[0]) n = n.namedChildren[0];
  if (n.type === 'identifier') return n.text;
  if (n.type === 'attribute') return n.child('attribute')?.text ?? null;
  if (n.type === 'subscript') {
    const key = n.child('subscript');
    if (key?.type === 'string' && !key.children.some((c) => c.type === 'interpolation')) return key.text.replace(/^[rbuf]{0,4}["']|["']$/g, '');
  }
  return null;
}

/** Names that hold secrets in the clear (not hashes, lengths, ids, or presence flags). */
const SECRET_LAST = /^(?:password|passwd|pwd|pass|passphrase|passcode|secret|token|apikey|pin|otp|cvv|cvc|ssn)$/;

function secretValue(name: string): boolean {
  if (!isSecretName(name)) return false;
  const words = nameWords(name);
  if (words.some((w) => NOT_VALUE.has(w))) return false;
  // The value is the secret itself: `password`, `api_key`, `access_token`, `client_secret` — not `token_pos`.
  const last = words[words.length - 1] ?? '';
  return SECRET_LAST.test(last) || (last === 'key' && words.length > 1) || /(?:password|passwd|secret|token)$/.test(last);
}

/** Values written by a log call: its arguments and the fields of f-strings, `%` and `+` messages. */
function loggedValues(node: SyntaxNode, out: SyntaxNode[], depth = 0): void {
  if (depth > 6 || out.length > 20) return;
  switch (node.type) {
    case 'string':
      for (const c of node.children) if (c.type === 'interpolation' && c.child('expression')) out.push(c.child('expression') as SyntaxNode);
      return;
    case 'binary_operator':
      for (const c of [node.child('left'), node.child('right')]) if (c) loggedValues(c, out, depth + 1);
      return;
    case 'tuple':
    case 'parenthesized_expression':
      for (const c of node.namedChildren) loggedValues(c, out, depth + 1);
      return;
    case 'call': {
      // "...".format(password=password) / "...".format(password)
      const fn = node.child('function');
      if (fn?.type === 'attribute' && fn.child('attribute')?.text === 'format') {
        for (const a of node.child('arguments')?.namedChildren ?? []) out.push(a.type === 'keyword_argument' ? (a.child('value') ?? a) : a);
      }
      return;
    }
    default:
      out.push(node);
  }
}

function logsSecret(call: CallView, ctx: MatchContext): Verdict {
  if (!call.receiver || !LOGGER.test(call.receiver.text)) return false;
  const values: SyntaxNode[] = [];
  for (const a of call.args) if (a.name === null) loggedValues(a.node, values);
  for (const v of values) {
    const name = valueName(v);
    if (name && secretValue(name)) return { message: `\`${name}\` is written to the log in the clear` };
  }
  void ctx;
  return false;
}

export default defineRule({
  class: 'sensitive-data-logging',
  cwe: ['CWE-532'],
  confidence: 'medium',
  languages: ['python'],
  message: 'A password, token or key is written to the log',
  remediation: 'Never log secrets: log the user or key id instead, or a redacted form (`token[:4] + "…"`); add a logging filter that masks known secret fields.',
  references: ['https://cwe.mitre.org/data/definitions/532.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Logging_Cheat_Sheet.html'],
  matcher: {
    kind: 'call',
    callee: ['*.{debug,info,warning,warn,error,critical,exception}', 'print'],
    where: (call, ctx) => (call.name === 'print' ? false : logsSecret(call, ctx)),
  },
});
