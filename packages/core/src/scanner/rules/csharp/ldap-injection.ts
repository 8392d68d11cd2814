import type { CallView } from '../../engine/adapter.ts';
import { classBit, defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { creationArg, laterUses, localCreation, propertyAt, runLater, typesOf } from '../../lang/csharp/helpers.ts';

/**
 * LDAP filter syntax in the literal text around the input: `(uid=`, `(&(objectClass=user)(cn=`.
 * A plain scan for `(`, then a short look at what follows: no backtracking.
 */
function filterText(text: string): boolean {
  for (let i = text.indexOf('('); i >= 0 && i < text.length; i = text.indexOf('(', i + 1)) {
    let j = i + 1;
    while (j < text.length && '&|!( \t'.includes(text[j] as string)) j++;
    if (!/[A-Za-z]/.test(text[j] ?? '')) continue;
    while (j < text.length && /[\w-]/.test(text[j] as string)) j++;
    if (text[j] === ' ') j++;
    if (text[j] === '~' || text[j] === '<' || text[j] === '>') j++;
    if (text[j] === '=') return true;
  }
  return false;
}

const LDAP = classBit('ldap');

/** Taint that counts here: request data, or unknown-origin data built into a string, not escaped for LDAP. */
function counts(t: Taint | null): boolean {
  return t !== null && (t.sanitized & LDAP) === 0 && (t.strength === 'remote' || (t.strength === 'param' && t.built));
}

const SEARCHER = new Set(['DirectorySearcher']);
const SEARCH_REQUEST = new Set(['SearchRequest']);
const FINDS = new Set(['FindOne', 'FindAll']);
const SENDS = new Set(['SendRequest', 'BeginSendRequest']);

/** The filter a `new DirectorySearcher(…)` is given: `(filter)`, `(filter, props)`, `(entry, filter…)`. */
function constructorFilter(creation: SyntaxNode): SyntaxNode | null {
  const first = creationArg(creation, 0);
  if (!first) return null;
  // A filter is text: a literal, a concatenation or interpolation; anything else is looked at more closely.
  if (first.type === 'string_literal' || first.type === 'verbatim_string_literal' || first.type === 'interpolated_string_expression' || first.type === 'binary_expression')
    return first;
  const entry =
    (first.type === 'identifier' && /entry|root|^de$|directory|^_?(?:ad|ldap)/i.test(first.text)) ||
    first.type === 'object_creation_expression' ||
    [...typesOf(first)].includes('DirectoryEntry');
  return entry ? creationArg(creation, 1) : first;
}

/**
 * `searcher.FindAll()` / `FindOne()` on a searcher built in this method: the filter it holds when it
 * runs (the constructor's, the initializer's, or the last `searcher.Filter = …`).
 */
function searcherRuns(call: CallView, ctx: MatchContext): boolean {
  const recv = call.receiver;
  if (!recv || call.args.length > 0) return false;
  const creation = localCreation(recv, SEARCHER);
  if (!creation) return false;
  if (ctx.probing) return true;
  const filter = propertyAt(creation, recv.text, 'Filter', call.node, constructorFilter(creation));
  return filter !== null && counts(ctx.taint(filter));
}

/** `connection.SendRequest(request)` with a `new SearchRequest(dn, filter, …)` built in this method. */
function searchRequestRuns(call: CallView, ctx: MatchContext): boolean {
  const arg = ctx.arg(call, 0);
  if (!arg) return false;
  const creation = localCreation(arg, SEARCH_REQUEST);
  if (!creation) return false;
  if (ctx.probing) return true;
  const dn = propertyAt(creation, arg.text, 'DistinguishedName', call.node, creationArg(creation, 0));
  const filter = propertyAt(creation, arg.text, 'Filter', call.node, creationArg(creation, 1));
  return [dn, filter].some((n) => n !== null && counts(ctx.taint(n)));
}

/** `searcher.Filter = …` on a searcher this method runs later: judged where it runs. */
function runLaterTarget(target: SyntaxNode): boolean {
  const obj = target.child('expression');
  return obj?.type === 'identifier' && laterUses(target, obj.text, FINDS, 'receiver').length > 0;
}

export default defineRule({
  class: 'ldap-injection',
  confidence: 'high',
  languages: ['csharp'],
  remediation:
    'Escape values for LDAP before building a filter (`Encoder.LdapFilterEncode(value)` from AntiXSS, or escape `*`, `(`, `)`, `\\` and NUL as `\\2a`, `\\28`, `\\29`, `\\5c`, `\\00`) and distinguished names with `Encoder.LdapDistinguishedNameEncode`; validate user names against a strict pattern.',
  references: ['https://cwe.mitre.org/data/definitions/90.html', 'https://cheatsheetseries.owasp.org/cheatsheets/LDAP_Injection_Prevention_Cheat_Sheet.html'],
  matcher: {
    kind: 'taint',
    // A searcher or request built in a method and run there is reported where it runs
    // (`searcher.FindAll()`, `connection.SendRequest(request)`); one handed on, where it is built.
    sinks: [
      // new DirectorySearcher(filter) / (entry, filter) / { Filter = … }
      {
        callee: ['**.DirectorySearcher'],
        args: [0, 1],
        keywords: ['Filter', 'filter'],
        where: (call, ctx, taint) => (taint.built || ctx.arg(call, 'Filter') !== null || call.args.length <= 2) && !runLater(call.node, FINDS, 'receiver'),
      },
      { callee: ['*.{FindOne,FindAll}'], args: [], receiver: true, where: searcherRuns },
      { callee: ['**.DirectoryEntry'], args: [0], keywords: ['Path', 'path'] },
      // System.DirectoryServices.Protocols: new SearchRequest(baseDn, filter, scope, …)
      { callee: ['**.SearchRequest'], args: [0, 1], keywords: ['Filter', 'DistinguishedName'], where: (call) => !runLater(call.node, SENDS, 0) },
      { callee: ['*.{SendRequest,BeginSendRequest}'], args: [0], where: searchRequestRuns },
      // Novell / LdapForNet: conn.Search(base, scope, filter, attrs, typesOnly)
      {
        callee: ['*.{Search,SearchAsync}'],
        args: [0, 2],
        where: (call, ctx, taint) => filterText(taint.text) && /ldap|conn|connection/i.test(call.receiver?.text ?? '') && ctx.arg(call, 2) !== null,
      },
      { callee: ['*.{FindOne,FindAll}'], args: [0], where: (_call, _ctx, taint) => filterText(taint.text) },
    ],
    assignSinks: [
      { target: ['*.Filter'], where: (target, _ctx, taint) => (/search/i.test(target.child('expression')?.text ?? '') || filterText(taint.text)) && !runLaterTarget(target) },
      {
        target: ['*.Path'],
        where: (target, _ctx, taint) => /entry|\bde\b|directory/i.test(target.child('expression')?.text ?? '') && /^LDAP:\/\/|(?:CN|OU|DC)=/i.test(taint.text),
      },
    ],
    params: 'built',
    local: 'never',
  },
});
