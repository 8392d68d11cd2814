import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { nonStringMembers, simpleName, typeName } from '../../lang/csharp/adapter.ts';
import { localValues } from '../../lang/csharp/helpers.ts';

/** Calls whose result is encoded, sanitized or serialised markup (or a developer-authored resource string). */
const SAFE_CALL =
  /^(?:HtmlEncode|HtmlAttributeEncode|JavaScriptStringEncode|Encode|EscapeHtml|EncodeHtml|Sanitize|SanitizeHtml|GetSafeHtml|GetSafeHtmlFragment|Serialize|GetString|nameof)$/;
/** Calls that return their receiver's text transformed: as safe as the receiver (`Encode(x).Replace("\n", "<br/>")`). */
const TEXT_TRANSFORMS = /^(?:Replace|Trim|TrimStart|TrimEnd|ToUpper|ToLower|ToUpperInvariant|ToLowerInvariant|ToString|Substring|PadLeft|PadRight|Normalize)$/;
/** Localizers: their values are the application's own resources. */
const LOCALIZER = /^(?:_?(?:localizer|l|t|loc|strings|resources)|Localizer|L|T)$/;

function valueOf(arg: SyntaxNode): SyntaxNode {
  return arg.type === 'argument' ? (arg.namedChildren[arg.namedChildren.length - 1] ?? arg) : arg;
}

/**
 * Whether raw markup is the application's own: constant text, encoded or sanitized values, numbers,
 * localized resources, or a local assigned only such values. Data loaded from a store, a service or
 * the request is not.
 */
function safeMarkup(node: SyntaxNode, ctx: MatchContext, depth = 0): boolean {
  if (depth > 6) return false;
  const n = node;
  if (ctx.isConstant(n)) return true;
  switch (n.type) {
    case 'string_literal':
    case 'verbatim_string_literal':
    case 'raw_string_literal':
    case 'integer_literal':
    case 'real_literal':
    case 'boolean_literal':
    case 'null_literal':
    case 'character_literal':
      return true;
    case 'parenthesized_expression':
    case 'argument':
      return n.namedChildren.length > 0 && safeMarkup(valueOf(n.namedChildren[n.namedChildren.length - 1] as SyntaxNode), ctx, depth + 1);
    case 'interpolated_string_expression':
      return n.namedChildren
        .filter((c) => c.type === 'interpolation')
        .every((c) => {
          const e = c.namedChildren.find((x) => !x.type.startsWith('interpolation_'));
          return !e || safeMarkup(e, ctx, depth + 1);
        });
    case 'binary_expression': {
      const l = n.child('left');
      const r = n.child('right');
      const op = n.child('operator')?.text ?? '';
      if (op !== '+' && op !== '??') return true;
      return l !== null && r !== null && safeMarkup(l, ctx, depth + 1) && safeMarkup(r, ctx, depth + 1);
    }
    case 'conditional_expression': {
      const parts = [n.child('consequence'), n.child('alternative')];
      return parts.every((p) => p === null || safeMarkup(p, ctx, depth + 1));
    }
    case 'invocation_expression': {
      const fn = n.child('function');
      const name = fn?.type === 'member_access_expression' ? simpleName(fn.child('name')) : fn ? simpleName(fn) : '';
      if (SAFE_CALL.test(name)) return true;
      const obj = fn?.type === 'member_access_expression' ? fn.child('expression') : null;
      if (obj && TEXT_TRANSFORMS.test(name)) return safeMarkup(obj, ctx, depth + 1);
      if (obj && /^(?:Join|Concat|Format)$/.test(name) && /^(?:string|String)$/.test(obj.text)) {
        const args = (n.child('arguments')?.namedChildren ?? []).filter((a) => a.type === 'argument').map(valueOf);
        return args.every((a) => safeMarkup(a, ctx, depth + 1));
      }
      return false;
    }
    case 'element_access_expression': {
      const obj = n.child('expression');
      return obj !== null && LOCALIZER.test(obj.text.replace(/^this\./, ''));
    }
    case 'member_access_expression':
      // A number or flag the file declares (`c.Score` of `int Score { get; }`).
      return nonStringMembers(n).has(simpleName(n.child('name')));
    case 'identifier': {
      if (nonStringMembers(n).has(n.text)) return true;
      const values = localValues(n);
      return values.length > 0 && values.every((v) => safeMarkup(v, ctx, depth + 1));
    }
    default:
      return false;
  }
}

/** The markup a Blazor construct renders unencoded: `AddMarkupContent(seq, html)`, `new MarkupString(html)`, `(MarkupString)html`. */
function rawMarkup(node: SyntaxNode): SyntaxNode | null {
  switch (node.type) {
    case 'invocation_expression': {
      const fn = node.child('function');
      if (fn?.type !== 'member_access_expression' || simpleName(fn.child('name')) !== 'AddMarkupContent') return null;
      const args = (node.child('arguments')?.namedChildren ?? []).filter((a) => a.type === 'argument');
      const named = args.find((a) => a.child('name')?.text === 'markupContent');
      const v = named ?? args[1];
      return v ? valueOf(v) : null;
    }
    case 'object_creation_expression': {
      if (typeName(node.child('type')?.text ?? '') !== 'MarkupString') return null;
      const first = (node.child('arguments')?.namedChildren ?? []).find((a) => a.type === 'argument');
      return first ? valueOf(first) : null;
    }
    case 'cast_expression':
      return typeName(node.child('type')?.text ?? '') === 'MarkupString' ? node.child('value') : null;
    default:
      return null;
  }
}

function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  const markup = rawMarkup(node);
  if (!markup || safeMarkup(markup, ctx)) return false;
  const t = ctx.taint(markup);
  if (t && t.strength === 'remote') return { confidence: 'high', message: `Request data (${t.label}) is rendered as raw HTML by a Blazor MarkupString: it can carry scripts` };
  return true;
}

export default defineRule({
  class: 'xss',
  confidence: 'medium',
  cwe: ['CWE-79'],
  languages: ['csharp'],
  message: "This value is rendered as raw HTML (`AddMarkupContent` / `MarkupString` bypass Blazor's encoding); stored or user-supplied content here is cross-site scripting",
  remediation:
    'Render text with `builder.AddContent(seq, value)` (encoded), or sanitize rich text with an HTML sanitizer (e.g. Ganss.Xss `new HtmlSanitizer().Sanitize(html)`) before wrapping it in a `MarkupString`; encode each value you splice into markup with `HtmlEncoder.Default.Encode`.',
  references: [
    'https://cwe.mitre.org/data/definitions/79.html',
    'https://learn.microsoft.com/en-us/aspnet/core/blazor/components/#raw-html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'node',
    types: ['invocation_expression', 'object_creation_expression', 'cast_expression'],
    where: check,
  },
});
