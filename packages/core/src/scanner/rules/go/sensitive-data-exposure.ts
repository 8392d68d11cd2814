import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { isSecretName, nameWords } from '../../secrets/credentials.ts';
import { enclosingFunction } from '../../lang/go/adapter.ts';
import { receiverFramework, unparen, walk } from '../../lang/go/util.ts';

/** Field types that hold a secret's text. */
const TEXT_TYPES = new Set(['string', '*string', '[]string', '[]*string', '[]byte']);
/** Words that make a secret-sounding field something else: a count, a flag, a hash, a name. */
const NOT_VALUE = new Set([
  'hash',
  'hashed',
  'digest',
  'count',
  'max',
  'min',
  'len',
  'length',
  'expiry',
  'expires',
  'ttl',
  'type',
  'id',
  'name',
  'url',
  'header',
  'policy',
  'set',
  'required',
  'enabled',
]);

interface StructInfo {
  /** Exported fields holding secrets that encoding/json writes. */
  secrets: string[];
  /** The type has its own MarshalJSON (it decides what is written). */
  custom: boolean;
}

/** Struct types declared in the file (also inside functions), by name. */
function structs(root: SyntaxNode): Map<string, StructInfo> {
  const out = new Map<string, StructInfo>();
  const custom = new Set<string>();
  for (const n of walk(root, 400000)) {
    if (n.type === 'method_declaration' && n.child('name')?.text === 'MarshalJSON') {
      const recv = n.child('receiver')?.namedChildren[0]?.child('type')?.text.replace(/^\*/, '');
      if (recv) custom.add(recv);
    }
    if (n.type !== 'type_spec') continue;
    const name = n.child('name')?.text;
    const type = n.child('type');
    if (!name || type?.type !== 'struct_type') continue;
    const secrets: string[] = [];
    for (const field of walk(type)) {
      if (field.type !== 'field_declaration' || field.parent?.parent !== type) continue;
      const ftype = field.child('type')?.text ?? '';
      const tag = field.child('tag')?.text ?? '';
      if (!TEXT_TYPES.has(ftype) || /json:"-"/.test(tag)) continue;
      for (const f of field.fieldChildren('name')) {
        const first = f.text.charCodeAt(0);
        if (first < 65 || first > 90) continue; // unexported: never marshalled
        const singular = f.text.endsWith('s') ? f.text.slice(0, -1) : f.text; // `ApiTokens`, `Passwords`
        if ((isSecretName(f.text) || isSecretName(singular)) && !nameWords(f.text).some((w) => NOT_VALUE.has(w))) secrets.push(f.text);
      }
    }
    out.set(name, { secrets, custom: false });
  }
  for (const c of custom) {
    const info = out.get(c);
    if (info) info.custom = true;
  }
  return out;
}

/** The declared type of a parameter or receiver named `name` in the function around `at`. */
function declaredType(at: SyntaxNode, name: string): string | null {
  const fn = enclosingFunction(at);
  if (!fn) return null;
  for (const list of [fn.child('receiver'), fn.child('parameters')]) {
    for (const p of list?.namedChildren ?? []) if (p.fieldChildren('name').some((n) => n.text === name)) return p.child('type')?.text ?? null;
  }
  return null;
}

/** The struct a marshalled value is made of, and the literal that builds it when there is one. */
function marshalled(value: SyntaxNode): { type: string; literal: SyntaxNode | null } | null {
  let n = unparen(value);
  if (n.type === 'unary_expression' && n.child('operator')?.text === '&') n = unparen(n.child('operand') ?? n);
  if (n.type === 'identifier') {
    const t = declaredType(n, n.text);
    return t ? { type: t.replace(/^\*/, ''), literal: null } : null;
  }
  if (n.type !== 'composite_literal') return null;
  const type = n.child('type');
  if (!type) return null;
  if (type.type === 'type_identifier') return { type: type.text, literal: n };
  const element = type.type === 'slice_type' || type.type === 'array_type' ? type.child('element') : type.type === 'map_type' ? type.child('value') : null;
  return element?.type === 'type_identifier' ? { type: element.text, literal: null } : null;
}

/** Secret fields the literal sets to the result of a call (`Password: mask(p)`): redacted on purpose. */
function redacted(literal: SyntaxNode | null): Set<string> {
  const out = new Set<string>();
  for (const el of literal?.child('body')?.namedChildren ?? []) {
    if (el.type !== 'keyed_element') continue;
    const key = el.child('key');
    const value = el.child('value');
    const v = value?.type === 'literal_element' ? value.namedChildren[0] : value;
    const k = key?.type === 'literal_element' ? key.namedChildren[0] : key;
    if (k && v && unparen(v).type === 'call_expression') out.add(k.text);
  }
  return out;
}

function exposes(call: CallView, ctx: MatchContext): Verdict {
  const framework = call.name === 'JSON' || call.name === 'IndentedJSON' ? receiverFramework(call) : null;
  if ((call.name === 'JSON' || call.name === 'IndentedJSON') && framework !== 'gin' && framework !== 'echo' && framework !== 'fiber') return false;
  const index = framework === 'gin' || framework === 'echo' ? 1 : 0;
  const value = call.args.find((a) => a.index === index)?.node;
  if (!value) return false;
  const target = marshalled(value);
  if (!target) return false;
  let root = call.node;
  while (root.parent) root = root.parent;
  const info = ctx.fileMemo('go.sensitive-data-exposure.structs', () => structs(root)).get(target.type);
  if (!info || info.custom) return false;
  const masked = redacted(target.literal);
  const field = info.secrets.find((f) => !masked.has(f));
  if (!field) return false;
  return { node: call.node, message: `${target.type}.${field} holds a secret and is written by this encoder; exclude it with \`json:"-"\` or marshal a type without it` };
}

export default defineRule({
  class: 'sensitive-data-exposure',
  confidence: 'low',
  cwe: ['CWE-499', 'CWE-200'],
  languages: ['go'],
  severity: 'medium',
  message: 'A password, token or key is serialised where it can leave the process',
  remediation:
    'Tag secret fields `json:"-"` (or `json:"-"` plus a separate request type for input), give the type a `MarshalJSON` that leaves them out, or encode a response struct that has no such field.',
  references: ['https://cwe.mitre.org/data/definitions/499.html', 'https://pkg.go.dev/encoding/json#Marshal'],
  matcher: {
    kind: 'call',
    callee: ['json.{Marshal,MarshalIndent}', 'json.NewEncoder().Encode', '*.{JSON,IndentedJSON}'],
    where: exposes,
  },
});
