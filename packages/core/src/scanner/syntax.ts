import type { Tree } from 'web-tree-sitter';
import { rawCursorApi, type LoadedGrammar, type RawCursorApi } from './grammar.ts';
import type { Location } from './types.ts';

/** The scanned text with a lazily built line index (offsets are UTF-16 code units, as JS strings). */
export class SourceText {
  readonly text: string;
  #lineStarts: number[] | null = null;

  constructor(text: string) {
    this.text = text;
  }

  /** Offsets at which each line starts. */
  get lineStarts(): number[] {
    if (!this.#lineStarts) {
      const starts = [0];
      const text = this.text;
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
      this.#lineStarts = starts;
    }
    return this.#lineStarts;
  }

  /** 0-based line of an offset. */
  lineOf(offset: number): number {
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** 1-based location of an offset range. */
  location(start: number, end: number): Location {
    const startLine = this.lineOf(start);
    const endLine = end > start ? this.lineOf(end - 1) : startLine;
    const starts = this.lineStarts;
    return {
      startLine: startLine + 1,
      startColumn: start - (starts[startLine] as number) + 1,
      endLine: endLine + 1,
      endColumn: end - (starts[endLine] as number) + 1,
    };
  }

  /** Text of a 1-based line, without its line break. */
  line(line: number): string {
    const starts = this.lineStarts;
    const start = starts[line - 1];
    if (start === undefined) return '';
    const next = starts[line];
    let end = next === undefined ? this.text.length : next - 1;
    if (end > start && this.text.charCodeAt(end - 1) === 13) end--;
    return this.text.slice(start, end);
  }

  /** Number of lines. */
  get lineCount(): number {
    return this.lineStarts.length;
  }
}

/**
 * A plain-JavaScript mirror of one tree-sitter node. Walking tree-sitter's own nodes crosses into
 * WebAssembly on every property; the mirror is built once per scan (one cursor walk, about the cost
 * of the parse) and every rule then runs on ordinary objects.
 */
export class SyntaxNode {
  readonly type: string;
  readonly named: boolean;
  readonly field: string | null;
  readonly start: number;
  readonly end: number;
  readonly parent: SyntaxNode | null;
  readonly source: SourceText;
  readonly children: SyntaxNode[] = [];
  /** Engine caches (the adapter's view and the access path), filled on first use. */
  viewCache: unknown = undefined;
  pathCache: readonly string[] | null | undefined = undefined;
  #named: readonly SyntaxNode[] | undefined = undefined;

  constructor(type: string, named: boolean, field: string | null, start: number, end: number, parent: SyntaxNode | null, source: SourceText) {
    this.type = type;
    this.named = named;
    this.field = field;
    this.start = start;
    this.end = end;
    this.parent = parent;
    this.source = source;
  }

  /** The node's source text. */
  get text(): string {
    return this.source.text.slice(this.start, this.end);
  }

  /** First child in the given field. */
  child(field: string): SyntaxNode | null {
    for (const c of this.children) if (c.field === field) return c;
    return null;
  }

  /** All children in the given field. */
  fieldChildren(field: string): SyntaxNode[] {
    return this.children.filter((c) => c.field === field);
  }

  /** Named children, in order (computed once: rules ask for them many times per node). */
  get namedChildren(): readonly SyntaxNode[] {
    if (this.#named === undefined) this.#named = this.children.filter((c) => c.named);
    return this.#named;
  }

  /** First named child of one of the given types. */
  childOfType(...types: string[]): SyntaxNode | null {
    for (const c of this.children) if (types.includes(c.type)) return c;
    return null;
  }

  /** Index of this node among its parent's children. */
  get index(): number {
    return this.parent ? this.parent.children.indexOf(this) : 0;
  }

  /** 1-based location. */
  get location(): Location {
    return this.source.location(this.start, this.end);
  }

  /** Nearest ancestor (not self) whose type is in the set. */
  ancestor(types: ReadonlySet<string>): SyntaxNode | null {
    for (let p = this.parent; p; p = p.parent) if (types.has(p.type)) return p;
    return null;
  }

  /** Whether `other` lies within this node. */
  contains(other: SyntaxNode): boolean {
    return other.start >= this.start && other.end <= this.end;
  }
}

const descendantIndex = new WeakMap<SyntaxNode, Map<string, SyntaxNode[]>>();
const NO_NODES: readonly SyntaxNode[] = [];

/**
 * The named descendants of `scope` (itself included) of one type, in source order; comments and what
 * lies under them are left out. The first question about a scope indexes it by type with one walk, so a
 * predicate asking "every call in this function" at each call costs a lookup, not a walk.
 */
export function namedDescendants(scope: SyntaxNode, type: string): readonly SyntaxNode[] {
  let index = descendantIndex.get(scope);
  if (!index) {
    index = new Map();
    const stack: SyntaxNode[] = [scope];
    while (stack.length > 0) {
      const n = stack.pop() as SyntaxNode;
      const list = index.get(n.type);
      if (list) list.push(n);
      else index.set(n.type, [n]);
      for (let i = n.children.length - 1; i >= 0; i--) {
        const c = n.children[i] as SyntaxNode;
        if (c.named && c.type !== 'comment') stack.push(c);
      }
    }
    descendantIndex.set(scope, index);
  }
  return index.get(type) ?? NO_NODES;
}

/** How many nodes of a source-ordered list start before `offset` (binary search). */
export function countBefore(nodes: readonly SyntaxNode[], offset: number): number {
  let lo = 0;
  let hi = nodes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((nodes[mid] as SyntaxNode).start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Result of mirroring a tree. */
export interface Mirror {
  root: SyntaxNode;
  nodes: number;
  hasErrors: boolean;
  /** True when the budget ran out before every node was mirrored. */
  truncated: boolean;
}

/**
 * Mirrors a tree-sitter tree into SyntaxNodes with one iterative cursor walk (no recursion, so
 * 100,000 nested brackets cannot overflow the stack). Anonymous tokens get their end from their
 * type's length (their text is their type), which saves a WebAssembly call per token.
 */
export function mirrorTree(tree: Tree, grammar: LoadedGrammar, source: SourceText, deadline: number, maxNodes: number): Mirror {
  const raw = rawCursorApi();
  return raw ? mirrorRaw(raw, tree, grammar, source, deadline, maxNodes) : mirrorPublic(tree, grammar, source, deadline, maxNodes);
}

/** Internal fields of web-tree-sitter 0.27's objects the direct path needs: the tree's and cursor's addresses. */
interface CursorInternals {
  tree: { 0: number };
  0: number;
  1: number;
  2: number;
  3: number;
}

/**
 * The same walk through the cursor's C functions. The cursor's state lives in web-tree-sitter's
 * transfer buffer: the goto functions read and write it there, the getters only read it, so it is
 * written once at the start and read back once at the end (before `delete()`, which frees the
 * cursor's stack by the address the state holds).
 */
function mirrorRaw(raw: RawCursorApi, tree: Tree, grammar: LoadedGrammar, source: SourceText, deadline: number, maxNodes: number): Mirror {
  const { types, named, fields } = grammar;
  const cursor = tree.walk();
  const internals = cursor as unknown as CursorInternals;
  const treePtr = internals.tree[0];
  const buffer = raw._ts_init() >> 2;
  const writeState = (): void => {
    const heap = raw.HEAP32;
    heap[buffer] = internals[0];
    heap[buffer + 1] = internals[1];
    heap[buffer + 2] = internals[2];
    heap[buffer + 3] = internals[3];
  };
  const readState = (): void => {
    const heap = raw.HEAP32;
    internals[0] = heap[buffer] as number;
    internals[1] = heap[buffer + 1] as number;
    internals[2] = heap[buffer + 2] as number;
    internals[3] = heap[buffer + 3] as number;
  };
  const hasErrors = tree.rootNode.hasError;
  writeState();
  const rootType = types[raw._ts_tree_cursor_current_node_type_id_wasm(treePtr)] ?? 'ERROR';
  const root = new SyntaxNode(rootType, true, null, raw._ts_tree_cursor_start_index_wasm(treePtr), raw._ts_tree_cursor_end_index_wasm(treePtr), null, source);
  let current = root;
  let count = 1;
  let truncated = false;
  const make = (parent: SyntaxNode): SyntaxNode => {
    const id = raw._ts_tree_cursor_current_node_type_id_wasm(treePtr);
    const type = types[id];
    const start = raw._ts_tree_cursor_start_index_wasm(treePtr);
    const field = fields[raw._ts_tree_cursor_current_field_id_wasm(treePtr)] ?? null;
    if (type === undefined) return new SyntaxNode('ERROR', true, field, start, raw._ts_tree_cursor_end_index_wasm(treePtr), parent, source);
    const isNamed = named[id] === true;
    const end = isNamed || type.length === 0 ? raw._ts_tree_cursor_end_index_wasm(treePtr) : start + type.length;
    return new SyntaxNode(type, isNamed, field, start, end, parent, source);
  };
  try {
    outer: for (;;) {
      if ((count & 4095) === 0 && (count >= maxNodes || performance.now() > deadline)) {
        truncated = true;
        break;
      }
      if (raw._ts_tree_cursor_goto_first_child_wasm(treePtr)) {
        const node = make(current);
        current.children.push(node);
        current = node;
        count++;
        continue;
      }
      for (;;) {
        if (raw._ts_tree_cursor_goto_next_sibling_wasm(treePtr)) {
          const parent = current.parent as SyntaxNode;
          const node = make(parent);
          parent.children.push(node);
          current = node;
          count++;
          continue outer;
        }
        if (!raw._ts_tree_cursor_goto_parent_wasm(treePtr)) break outer;
        current = current.parent as SyntaxNode;
      }
    }
  } finally {
    readState();
    cursor.delete();
  }
  return { root, nodes: count, hasErrors: hasErrors || truncated, truncated };
}

/** The walk through web-tree-sitter's public TreeCursor (fallback when the direct API is absent). */
function mirrorPublic(tree: Tree, grammar: LoadedGrammar, source: SourceText, deadline: number, maxNodes: number): Mirror {
  const { types, named, fields } = grammar;
  const cursor = tree.walk();
  let hasErrors = tree.rootNode.hasError;
  const root = new SyntaxNode(cursor.nodeType, true, null, cursor.startIndex, cursor.endIndex, null, source);
  let current = root;
  let count = 1;
  let truncated = false;
  const make = (parent: SyntaxNode): SyntaxNode => {
    const id = cursor.nodeTypeId;
    const type = types[id];
    const start = cursor.startIndex;
    const field = fields[cursor.currentFieldId] ?? null;
    if (type === undefined) return new SyntaxNode('ERROR', true, field, start, cursor.endIndex, parent, source);
    const isNamed = named[id] === true;
    const end = isNamed || type.length === 0 ? cursor.endIndex : start + type.length;
    return new SyntaxNode(type, isNamed, field, start, end, parent, source);
  };
  try {
    outer: for (;;) {
      if ((count & 4095) === 0 && (count >= maxNodes || performance.now() > deadline)) {
        truncated = true;
        break;
      }
      if (cursor.gotoFirstChild()) {
        const node = make(current);
        current.children.push(node);
        current = node;
        count++;
        continue;
      }
      for (;;) {
        if (cursor.gotoNextSibling()) {
          const parent = current.parent as SyntaxNode;
          const node = make(parent);
          parent.children.push(node);
          current = node;
          count++;
          continue outer;
        }
        if (!cursor.gotoParent()) break outer;
        current = current.parent as SyntaxNode;
      }
    }
  } finally {
    cursor.delete();
  }
  if (!hasErrors && truncated) hasErrors = true;
  return { root, nodes: count, hasErrors, truncated };
}
