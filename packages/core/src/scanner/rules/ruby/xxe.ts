import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { blockOf } from '../../lang/ruby/predicates.ts';

const OPTION_CONSTANTS = ['NOENT', 'DTDLOAD', 'DTDATTR', 'DTDVALID'];
const OPTION_METHODS = ['.noent', '.dtdload', '.dtdattr', '.dtdvalid'];

function wordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/** Whether `word` occurs in `text` with no word character right after it (and, when `before`, none right before). */
function occurs(text: string, word: string, before: boolean): boolean {
  for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + 1)) {
    if (before && i > 0 && wordChar(text.charCodeAt(i - 1))) continue;
    if (!wordChar(text.charCodeAt(i + word.length))) return true;
  }
  return false;
}

/**
 * Options that expand entities or load DTDs: `Nokogiri::XML::ParseOptions::NOENT`, `config.noent`,
 * `.dtdload`, `noent: true` / `:noent => true`, `substitute_entities`.
 */
function entityOptions(text: string): boolean {
  if (OPTION_CONSTANTS.some((w) => occurs(text, w, true)) || OPTION_METHODS.some((w) => occurs(text, w, false))) return true;
  if (occurs(text, 'substitute_entities', true)) return true;
  for (let i = text.indexOf('noent'); i >= 0; i = text.indexOf('noent', i + 1)) {
    if (i > 0 && wordChar(text.charCodeAt(i - 1))) continue;
    let j = i + 5;
    while (text[j] === ' ' || text[j] === '\t') j++;
    if (text.startsWith('=>', j)) j += 2;
    else if (text[j] === ':') j++;
    else continue;
    while (text[j] === ' ' || text[j] === '\t') j++;
    if (text.startsWith('true', j)) return true;
  }
  return false;
}

/**
 * Nokogiri / libxml-ruby parse safely by default; turning on entity substitution (`NOENT`) or DTD
 * loading (`DTDLOAD`) in the options or the config block lets a document read local files and
 * reach internal URLs.
 */
function expandsEntities(call: CallView, ctx: MatchContext) {
  const input = call.args.find((a) => a.index === 0)?.node;
  if (!input || ctx.isConstant(input)) return false;
  const options = call.args
    .filter((a) => a.index >= 1 || a.name === 'options')
    .map((a) => a.node.text)
    .join(' ');
  const block = blockOf(call)?.text ?? '';
  if (!entityOptions(options) && !entityOptions(block)) return false;
  const t = ctx.taint(input);
  return t ? { confidence: 'high' as const } : { confidence: 'medium' as const };
}

const PARSERS =
  /^(?:Nokogiri\.XML|Nokogiri\.XML\.(?:Document|DocumentFragment)\.parse|Nokogiri\.XML\.parse|Nokogiri\.XML\.Reader(?:\.from_memory)?|Nokogiri\.XSLT|Nokogiri\.XML\.Schema|(?:LibXML\.)?XML\.(?:Parser|Document)\.(?:string|io|file))$/;

/** Parser calls with entity options, and `LibXML::XML.default_substitute_entities = true` (process-wide). */
function xxeNode(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (node.type === 'assignment') {
    const left = node.child('left');
    if (!left || !/(?:^|\.|::)default_(?:substitute_entities|load_external_dtd)$/.test(left.text) || node.child('right')?.type !== 'true') return false;
    return { message: `\`${left.text} = true\` makes every libxml parse expand external entities` };
  }
  const call = ctx.call(node);
  if (!call) return false;
  const path = (ctx.path(call.receiver ?? call.node) ?? []).concat(call.receiver ? [call.name] : []);
  if (!PARSERS.test((call.receiver ? path : [call.name]).join('.').replace(/\(\)/g, ''))) return false;
  return expandsEntities(call, ctx);
}

export default defineRule({
  class: 'xxe',
  confidence: 'high',
  cwe: ['CWE-611'],
  languages: ['ruby'],
  message: 'XML is parsed with external entity substitution or DTD loading enabled (NOENT / DTDLOAD), which lets a document read files or reach internal hosts',
  remediation:
    'Parse with the defaults (`Nokogiri::XML(xml)`, or `Nokogiri::XML(xml) { |c| c.strict.nonet }`): do not set `noent`, `dtdload` or `dtdattr`, and do not enable `LibXML::XML.default_substitute_entities`.',
  references: [
    'https://cwe.mitre.org/data/definitions/611.html',
    'https://nokogiri.org/rdoc/Nokogiri/XML/ParseOptions.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/XML_External_Entity_Prevention_Cheat_Sheet.html',
  ],
  matcher: { kind: 'node', types: ['call', 'assignment'], where: xxeNode },
});
