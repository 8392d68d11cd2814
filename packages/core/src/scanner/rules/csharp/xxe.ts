import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { simpleName } from '../../lang/csharp/adapter.ts';
import {
  assignedName,
  boundLocal,
  descendants,
  findAfter,
  hasType,
  initializerValues,
  invocationArg,
  laterUses,
  propertyValues,
  scopeOf,
  scopeText,
  span,
  statementOf,
} from '../../lang/csharp/helpers.ts';

/** DTDs switched off in the same method: an XmlDocument loading through such a reader resolves nothing. */
const PROHIBITED = {
  test: (text: string): boolean =>
    findAfter(text, 'DtdProcessing', /^\s*=\s*DtdProcessing\.(?:Prohibit|Ignore)\b/, true) !== null || findAfter(text, 'ProhibitDtd', /^\s*=\s*true\b/, true) !== null,
};
const XML_DOCUMENT = new Set(['XmlDocument', 'XmlDataDocument', 'ConfigXmlDocument']);

/**
 * Request data parsed by `XmlDocument.LoadXml/Load` or an `XmlTextReader` left at its defaults:
 * before .NET Framework 4.5.2 both resolve external entities (XmlUrlResolver, DtdProcessing.Parse).
 * Reported at medium confidence unless the method sets `XmlResolver = null` or prohibits DTDs.
 */
function defaultParser(node: SyntaxNode, ctx: MatchContext): Verdict {
  let arg: SyntaxNode | null = null;
  if (node.type === 'invocation_expression') {
    const fn = node.child('function');
    if (fn?.type !== 'member_access_expression' || !/^(?:LoadXml|Load)$/.test(simpleName(fn.child('name')))) return false;
    if (!hasType(fn.child('expression'), XML_DOCUMENT)) return false;
    const first = node.child('arguments')?.namedChildren.find((a) => a.type === 'argument');
    arg = first?.namedChildren[first.namedChildren.length - 1] ?? null;
    if (arg && /Reader\b|reader$/i.test(arg.text)) return false;
  } else if (node.type === 'object_creation_expression' && simpleName(node.child('type')) === 'XmlTextReader') {
    const first = node.child('arguments')?.namedChildren.find((a) => a.type === 'argument');
    arg = first?.namedChildren[first.namedChildren.length - 1] ?? null;
  }
  if (!arg) return false;
  // Configured safely: `doc.XmlResolver = null`, `reader.DtdProcessing = DtdProcessing.Prohibit` (or in the initializer).
  const target = node.type === 'invocation_expression' ? (node.child('function')?.child('expression') ?? null) : node;
  const name = target ? (target === node ? assignedName(node) : target.text.replace(/^this\./, '')) : null;
  const settings = name ? ['XmlResolver', 'DtdProcessing', 'ProhibitDtd'].flatMap((p) => propertyValues(scopeOf(node), name, p)) : [];
  if (node.type === 'object_creation_expression') settings.push(...initializerValues(node).values());
  // Explicit settings decide: safe ones are safe, unsafe ones are reported where they are made.
  if (settings.length > 0) return false;
  const taint = ctx.taint(arg);
  if (!taint || taint.strength !== 'remote') return false;
  return {
    message:
      'Untrusted XML is parsed with the default XmlDocument/XmlTextReader settings, which resolve external entities before .NET Framework 4.5.2: set `XmlResolver = null` (and prohibit DTDs)',
    confidence: 'medium',
  };
}

/**
 * XML parsers configured to process DTDs or resolve external entities. Since .NET Framework 4.5.2
 * (and in .NET Core) `XmlReaderSettings` and `XmlDocument` are safe by default, so only explicit
 * opt-ins are reported: `DtdProcessing = DtdProcessing.Parse`, `ProhibitDtd = false`, and an
 * `XmlResolver = new XmlUrlResolver()`.
 */
function setting(name: string, value: SyntaxNode | null): Verdict {
  if (!value) return false;
  const v = value.text.replace(/\s+/g, '');
  if (name === 'DtdProcessing' && /(?:^|\.)Parse$|^\(DtdProcessing\)2$/.test(v)) {
    return { message: 'DtdProcessing.Parse makes the XML parser process DTDs: entity expansion (billion laughs) and, with a resolver, external entities (XXE)' };
  }
  if (name === 'ProhibitDtd' && v === 'false') return { message: 'ProhibitDtd = false makes the XML parser process DTDs, including external entities (XXE)' };
  if (
    name === 'XmlResolver' &&
    value.type === 'object_creation_expression' &&
    /^(?:XmlUrlResolver|XmlPreloadedResolver)$/.test(simpleName(value.child('type'))) &&
    !PROHIBITED.test(scopeText(value))
  ) {
    return { message: 'An XmlUrlResolver lets the XML parser fetch external entities and DTDs named by the document (XXE: local file disclosure, SSRF)' };
  }
  return false;
}

const SETTINGS = new Set(['DtdProcessing', 'ProhibitDtd', 'XmlResolver']);
const CREATES = new Set(['Create']);
const LOADS = new Set(['Load', 'LoadXml']);

/** The local a setting is made on: `settings.DtdProcessing = …`, or `var settings = new XmlReaderSettings { DtdProcessing = … }`. */
function ownerOf(node: SyntaxNode): { name: string; from: SyntaxNode } | null {
  const left = node.child('left');
  if (left?.type === 'member_access_expression') {
    const obj = left.child('expression');
    return obj?.type === 'identifier' ? { name: obj.text, from: node } : null;
  }
  const creation = node.parent?.type === 'initializer_expression' ? node.parent.parent : null;
  if (!creation || (creation.type !== 'object_creation_expression' && creation.type !== 'implicit_object_creation_expression')) return null;
  const name = boundLocal(creation);
  return name ? { name, from: creation } : null;
}

/** Where the configured object is used to parse: `XmlReader.Create(input, settings)`, `doc.Load(…)`, `doc.Load(reader)`. */
function parsedBy(from: SyntaxNode, name: string): SyntaxNode | null {
  const uses = [...laterUses(from, name, CREATES, 1), ...laterUses(from, name, LOADS, 'receiver'), ...laterUses(from, name, LOADS, 0)];
  return uses.sort((a, b) => a.start - b.start)[0] ?? null;
}

/**
 * A parse with an object configured unsafely earlier in the method (`settings.DtdProcessing =
 * DtdProcessing.Parse; … XmlReader.Create(input, settings)`, `doc.XmlResolver = new
 * XmlUrlResolver(); doc.Load(input)`): reported at the parse, the sink, when what it parses comes
 * from outside the method (a parameter or a source); a document the method makes or loads itself
 * is not reported.
 */
function configuredParse(node: SyntaxNode, ctx: MatchContext): Verdict {
  const fn = node.child('function');
  if (fn?.type !== 'member_access_expression') return false;
  const method = simpleName(fn.child('name'));
  let owner: SyntaxNode | null = null;
  let input: SyntaxNode | null = null;
  if (CREATES.has(method)) {
    owner = invocationArg(node, 1);
    input = invocationArg(node, 0);
  } else if (LOADS.has(method)) {
    const receiver = fn.child('expression');
    const first = invocationArg(node, 0);
    const own = receiver?.type === 'identifier' ? unsafeSetting(node, receiver.text) : null;
    if (own) return reportAt(node, own, first, ctx);
    owner = first;
  }
  if (owner?.type !== 'identifier') return false;
  const made = unsafeSetting(node, owner.text);
  return made ? reportAt(node, made, input, ctx) : false;
}

/** One finding per parse, over the lines from the unsafe setting to the parse (either line finds it). */
function reportAt(node: SyntaxNode, made: { verdict: Verdict; at: SyntaxNode }, input: SyntaxNode | null, ctx: MatchContext): Verdict {
  const verdict = made.verdict;
  if (!verdict || typeof verdict !== 'object' || !('message' in verdict)) return false;
  if (input && ctx.taint(input) === null) return false;
  return { message: `${verdict.message}; the document parsed here is read with it`, node: span(statementOf(made.at), node) };
}

/** The unsafe setting made on a local before a point in its method (assignments and initializer entries). */
function unsafeSetting(before: SyntaxNode, name: string): { verdict: Verdict; at: SyntaxNode } | null {
  for (const n of descendants(scopeOf(before), 100000)) {
    if (n.type !== 'assignment_expression' || n.start >= before.start) continue;
    const left = n.child('left');
    const prop = left?.type === 'member_access_expression' ? simpleName(left.child('name')) : left?.type === 'identifier' ? left.text : '';
    if (!SETTINGS.has(prop)) continue;
    const verdict = setting(prop, n.child('right'));
    if (verdict && ownerOf(n)?.name === name) return { verdict, at: n };
  }
  return null;
}

/** An unsafe setting on an object this method then parses with is reported at the parse (configuredParse). */
function parsedHere(node: SyntaxNode): boolean {
  const owner = ownerOf(node);
  return owner !== null && parsedBy(owner.from, owner.name) !== null;
}

export default defineRule({
  class: 'xxe',
  confidence: 'high',
  cwe: ['CWE-611'],
  languages: ['csharp'],
  message: 'The XML parser is configured to process DTDs or resolve external entities',
  remediation:
    'Leave `DtdProcessing = DtdProcessing.Prohibit` (or `Ignore`) and `XmlResolver = null` on `XmlReaderSettings`, `XmlDocument` and `XmlTextReader`; parse with `XmlReader.Create(stream, settings)`.',
  references: [
    'https://cwe.mitre.org/data/definitions/611.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/XML_External_Entity_Prevention_Cheat_Sheet.html#net',
    'https://learn.microsoft.com/en-us/dotnet/fundamentals/code-analysis/quality-rules/ca3075',
  ],
  matcher: {
    kind: 'node',
    types: ['assignment_expression', 'invocation_expression', 'object_creation_expression'],
    where: (node, ctx) => {
      if (node.type === 'invocation_expression') return configuredParse(node, ctx) || defaultParser(node, ctx);
      if (node.type !== 'assignment_expression') return defaultParser(node, ctx);
      const left = node.child('left');
      if (!left) return false;
      const name = left.type === 'member_access_expression' ? simpleName(left.child('name')) : left.type === 'identifier' ? left.text : '';
      const verdict = setting(name, node.child('right'));
      return verdict && !parsedHere(node) ? verdict : false;
    },
  },
});
