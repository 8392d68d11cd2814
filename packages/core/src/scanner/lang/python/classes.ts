/**
 * What a Python file declares about its own classes: the fields of Pydantic models, dataclasses
 * and attrs classes with their annotations, and which classes are enums. Used to tell a validated
 * number (`item.quantity` with `quantity: int`) from free text (`item.name` with `name: str`).
 */
import type { SyntaxNode } from '../../syntax.ts';

export interface ClassInfo {
  name: string;
  bases: string[];
  /** Field name → annotation text (`quantity` → `int`, `status` → `Literal['a', 'b']`). */
  fields: Map<string, string>;
  /** Fields whose declaration pins the value (`Field(pattern=r'^[a-z]+$')`, `constr(regex=…)`). */
  constrained: Set<string>;
}

const cache = new WeakMap<SyntaxNode, Map<string, ClassInfo>>();

/** The `[…]` character classes of a pattern, left to right (what `/\[[^\]]*\]/g` matches). */
function bracketed(pattern: string): string[] {
  const out: string[] = [];
  for (let open = pattern.indexOf('['); open >= 0; open = pattern.indexOf('[', open)) {
    const close = pattern.indexOf(']', open + 1);
    if (close < 0) break;
    out.push(pattern.slice(open, close + 1));
    open = close + 1;
  }
  return out;
}

/** An anchored pattern made of letters, digits, `_` and `-` only (`^[a-z0-9_-]{3,32}$`): the value cannot carry syntax. */
export function tightPattern(text: string): boolean {
  // The first `regex=` / `pattern=` keyword with a literal (`/(?:regex|pattern)\s*=\s*[rR]?["'](…)["']/`).
  let p: string | null = null;
  for (const kw of text.matchAll(/regex|pattern/g)) {
    const start = kw.index + kw[0].length;
    const m = /^\s*=\s*[rR]?["']([^"'\n]{1,200})["']/.exec(text.slice(start, start + 320));
    if (m) {
      p = m[1] as string;
      break;
    }
  }
  if (p === null) return false;
  if (!p.startsWith('^') || !p.endsWith('$')) return false;
  let rest = p.slice(1, -1);
  for (const cls of bracketed(p)) {
    const inner = cls.slice(1, -1).replace(/\\[dw]|\\-/g, '');
    if (inner.startsWith('^') || !/^[A-Za-z0-9_-]*$/.test(inner)) return false;
    rest = rest.replace(cls, '');
  }
  return /^(?:[A-Za-z0-9_{},+*?()|-]|\\[dw])*$/.test(rest);
}

function collect(root: SyntaxNode): Map<string, ClassInfo> {
  const out = new Map<string, ClassInfo>();
  const visit = (n: SyntaxNode, depth: number): void => {
    if (depth > 3) return;
    for (const c of n.children) {
      let cls = c;
      if (c.type === 'decorated_definition') cls = c.child('definition') ?? c;
      if (cls.type !== 'class_definition') {
        if (c.type === 'if_statement' || c.type === 'try_statement' || c.type === 'block') visit(c, depth + 1);
        continue;
      }
      const name = cls.child('name')?.text;
      if (!name) continue;
      const bases = (cls.child('superclasses')?.namedChildren ?? []).map((b) => b.text);
      const info: ClassInfo = { name, bases, fields: new Map(), constrained: new Set() };
      const body = cls.child('body');
      for (const stmt of body?.children ?? []) {
        if (stmt.type !== 'expression_statement') continue;
        const a = stmt.namedChildren[0];
        if (!a || a.type !== 'assignment') continue;
        const left = a.child('left');
        const type = a.child('type');
        if (!left || left.type !== 'identifier') continue;
        if (type) info.fields.set(left.text, type.text);
        const right = a.child('right');
        if ((type && /\bconstr\s{0,8}\(/.test(type.text) && tightPattern(type.text)) || (right && tightPattern(right.text))) info.constrained.add(left.text);
        // Enum members (`ADMIN = 'admin'`).
        if (!type && right) info.fields.set(left.text, '');
      }
      out.set(name, info);
    }
  };
  visit(root, 0);
  return out;
}

/** Classes declared in the file of `node`, by name. */
export function classesOf(node: SyntaxNode): Map<string, ClassInfo> {
  let root = node;
  while (root.parent) root = root.parent;
  let hit = cache.get(root);
  if (!hit) cache.set(root, (hit = collect(root)));
  return hit;
}

const NUMERIC =
  /^(?:int|float|bool|complex|Decimal|decimal\.Decimal|UUID|uuid\.UUID|UUID[1-5]|date|datetime|time|timedelta|datetime\.\w+|PositiveInt|NegativeInt|NonNegativeInt|NonPositiveInt|StrictInt|StrictFloat|StrictBool|PositiveFloat|NonNegativeFloat|conint\(.*\)|confloat\(.*\)|condecimal\(.*\)|IPv4Address|IPv6Address|IPvAnyAddress|Literal\[.*\])$/;

/** `str | None` → `str` (what `.replace(/\s*\|\s*None$/, '')` does, without the backtracking). */
function withoutTrailingNone(type: string): string {
  if (!type.endsWith('None')) return type;
  const head = type.slice(0, -4).trimEnd();
  return head.endsWith('|') ? head.slice(0, -1).trimEnd() : type;
}

/** Strips `Optional[…]`, `Annotated[…, …]`, `… | None`, `list[…]`, `List[…]` around a type. */
export function coreType(type: string): string {
  let t = type.trim();
  for (let i = 0; i < 6; i++) {
    const prev = t;
    t = withoutTrailingNone(t).replace(/^None\s*\|\s*/, '');
    const wrapped = /^(?:typing\.)?(?:Optional|List|list|Set|set|FrozenSet|frozenset|Sequence|Tuple|tuple|Annotated)\[(.*)\]$/.exec(t);
    if (wrapped) {
      // Annotated[int, Query()] / Tuple[int, ...] → the first argument.
      const inner = wrapped[1] as string;
      let depth = 0;
      let cut = inner.length;
      for (let j = 0; j < inner.length; j++) {
        const ch = inner[j];
        if (ch === '[' || ch === '(') depth++;
        else if (ch === ']' || ch === ')') depth--;
        else if (ch === ',' && depth === 0) {
          cut = j;
          break;
        }
      }
      t = inner.slice(0, cut).trim();
    }
    if (t === prev) break;
  }
  return t;
}

/** Whether a declared type holds no free text: numbers, booleans, dates, UUIDs, literals, enums of the file. */
export function isNonStringType(type: string | null, at: SyntaxNode): boolean {
  if (!type) return false;
  const t = coreType(type);
  if (NUMERIC.test(t)) return true;
  const cls = classesOf(at).get(t);
  return cls !== undefined && cls.bases.some((b) => /(?:^|\.)(?:Enum|IntEnum|StrEnum|IntFlag|Flag|TextChoices|IntegerChoices)$/.test(b));
}

/** The declared annotation of parameter `name` of the function enclosing `node`, or null. */
export function paramAnnotation(node: SyntaxNode, name: string): string | null {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'lambda') return null;
    if (p.type !== 'function_definition') continue;
    for (const param of p.child('parameters')?.children ?? []) {
      if (param.type !== 'typed_parameter' && param.type !== 'typed_default_parameter') continue;
      const id = param.type === 'typed_parameter' ? param.namedChildren.find((c) => c.type === 'identifier') : param.child('name');
      if (id?.text === name) return param.child('type')?.text ?? null;
    }
    return null;
  }
  return null;
}

/**
 * Whether `obj.field` certainly holds no free text: `obj` is a parameter annotated with a model
 * class of this file, and that class declares `field` with a non-string type or a tight pattern.
 */
export function isNonStringField(object: SyntaxNode, field: string): boolean {
  const ann = paramAnnotation(object, object.text);
  if (!ann) return false;
  const cls = classesOf(object).get(coreType(ann));
  if (!cls) return false;
  if (cls.constrained.has(field)) return true;
  const type = cls.fields.get(field);
  return type !== undefined && type !== '' && isNonStringType(type, object);
}
