import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { keyName } from '../../lang/ruby/adapter.ts';
import { isTrue, keyword } from '../../lang/ruby/predicates.ts';

/** The pattern of a regex literal without its delimiters and flags, or null when it interpolates. */
function regexSource(node: SyntaxNode): string | null {
  if (node.type !== 'regex' || node.namedChildren.some((c) => c.type === 'interpolation')) return null;
  let out = '';
  for (const c of node.namedChildren) if (c.type === 'string_content' || c.type === 'escape_sequence') out += c.text;
  return out;
}

/** The value of a key of a hash literal (`{ with: /…/, on: :create }`). */
function hashValue(hash: SyntaxNode, key: string): SyntaxNode | null {
  for (const pair of hash.namedChildren) {
    const k = pair.type === 'pair' ? pair.child('key') : null;
    if (k && keyName(k) === key) return pair.child('value');
  }
  return null;
}

/**
 * Which end of a whole-input match a pattern leaves open: Ruby's `^` and `$` match at every line
 * break, so `/^\d+$/` accepts "1\n<script>"; a pattern without anchors accepts any input that
 * contains a match. Escaped characters are skipped, so `\^` and `\$` are literal text.
 */
function openEnds(source: string): { start: 'line' | 'none' | null; end: 'line' | 'none' | null } {
  const start = source.startsWith('\\A') ? null : source.startsWith('^') ? 'line' : 'none';
  let end: 'line' | 'none' | null = 'none';
  // The last unescaped character decides: `\z` / `\Z` close the input, `$` only the line.
  let i = 0;
  let last = '';
  while (i < source.length) {
    if (source[i] === '\\') {
      last = source.slice(i, i + 2);
      i += 2;
    } else {
      last = source[i] as string;
      i += 1;
    }
  }
  if (last === '\\z' || last === '\\Z') end = null;
  else if (last === '$') end = 'line';
  return { start, end };
}

/** `validates :x, format: /…/` / `format: { with: /…/ }` / `validates_format_of :x, with: /…/` with a pattern that does not span the whole input. */
function permissiveValidation(call: CallView): Verdict {
  let pattern: SyntaxNode | null = null;
  let options: SyntaxNode | null = null;
  if (call.name === 'validates_format_of') {
    pattern = keyword(call, 'with');
  } else {
    const format = keyword(call, 'format');
    if (format?.type === 'hash') {
      pattern = hashValue(format, 'with');
      options = format;
    } else pattern = format;
  }
  const source = pattern ? regexSource(pattern) : null;
  if (!pattern || source === null || source.length === 0) return false;
  const { start, end } = openEnds(source);
  if (start === null && end === null) return false;
  // `\A` with an open end is a prefix check (`%r{\Ahttps?://}`: the value starts with a scheme).
  if (start === null && end === 'none') return false;
  // `multiline: true` says the author means line anchors (a text area checked line by line).
  const multiline = keyword(call, 'multiline') ?? (options ? hashValue(options, 'multiline') : null);
  if (isTrue(multiline) && start !== 'none' && end !== 'none') return false;
  const line = start === 'line' || end === 'line';
  return {
    node: pattern,
    message: line
      ? `The validation pattern ${pattern.text} uses the line anchors ^ / $: a value with a newline passes as long as one line matches (use \\A … \\z)`
      : `The validation pattern ${pattern.text} is not anchored to the whole value (\\A … \\z): anything that contains a match passes`,
    cwe: line ? ['CWE-185', 'CWE-777'] : ['CWE-185', 'CWE-625'],
  };
}

export default defineRule({
  class: 'permissive-regex',
  confidence: 'medium',
  languages: ['ruby'],
  remediation: 'Write Rails format validations as `format: { with: /\\A…\\z/ }`: `\\A` and `\\z` anchor the whole value, `^` and `$` only a line of it.',
  references: ['https://guides.rubyonrails.org/active_record_validations.html#format'],
  matcher: {
    kind: 'call',
    callee: ['validates', 'validates_format_of', 'validates!'],
    where: permissiveValidation,
  },
});
