import { Language, Parser } from 'web-tree-sitter';
import type { GrammarName } from './languages.ts';

/**
 * Supplies the WebAssembly bytes the parser needs. The core does no I/O: each runtime's entry
 * (or an embedder) provides this — `@secscan/grammars` reads them from node_modules on Node, Bun
 * and Deno; a browser could fetch them.
 */
export interface GrammarLoader {
  /** Bytes of web-tree-sitter's own runtime (`web-tree-sitter.wasm`). */
  runtime(): Promise<Uint8Array>;
  /** Bytes of one grammar's `.wasm`. */
  grammar(name: GrammarName): Promise<Uint8Array>;
}

/** A loaded grammar with the lookup tables the syntax mirror needs. */
export interface LoadedGrammar {
  name: GrammarName;
  language: Language;
  /** Node type name by type id. */
  types: readonly string[];
  /** Whether a type id is a named node. */
  named: readonly boolean[];
  /** Field name by field id (index 0 is null). */
  fields: readonly (string | null)[];
}

/**
 * The tree-cursor entry points of web-tree-sitter's WebAssembly module. Emscripten's MODULARIZE
 * build turns the options object given to `Parser.init` into the module, so after init it carries
 * these exports. The mirror drives them directly: the public TreeCursor getters re-marshal the
 * cursor through emscripten's generic setValue on every call, which made the mirror cost more
 * than the parse itself. Checked at init (web-tree-sitter is pinned); absent → the public API.
 */
export interface RawCursorApi {
  readonly HEAP32: Int32Array;
  _ts_init(): number;
  _ts_tree_cursor_goto_first_child_wasm(tree: number): number;
  _ts_tree_cursor_goto_next_sibling_wasm(tree: number): number;
  _ts_tree_cursor_goto_parent_wasm(tree: number): number;
  _ts_tree_cursor_current_node_type_id_wasm(tree: number): number;
  _ts_tree_cursor_current_field_id_wasm(tree: number): number;
  _ts_tree_cursor_start_index_wasm(tree: number): number;
  _ts_tree_cursor_end_index_wasm(tree: number): number;
}

const RAW_FUNCTIONS = [
  '_ts_init',
  '_ts_tree_cursor_goto_first_child_wasm',
  '_ts_tree_cursor_goto_next_sibling_wasm',
  '_ts_tree_cursor_goto_parent_wasm',
  '_ts_tree_cursor_current_node_type_id_wasm',
  '_ts_tree_cursor_current_field_id_wasm',
  '_ts_tree_cursor_start_index_wasm',
  '_ts_tree_cursor_end_index_wasm',
] as const;

let rawApi: RawCursorApi | null = null;
let rawDisabled = false;

/** The direct cursor API when the loaded web-tree-sitter exposes it (and it was not disabled). */
export function rawCursorApi(): RawCursorApi | null {
  return rawDisabled ? null : rawApi;
}

/** Turns the direct cursor API off (tests compare both paths). */
export function setRawCursorApiEnabled(enabled: boolean): void {
  rawDisabled = !enabled;
}

let runtimeReady: Promise<void> | null = null;
const grammars = new Map<GrammarName, Promise<LoadedGrammar>>();
const parsers = new Map<GrammarName, Parser>();

function initRuntime(loader: GrammarLoader): Promise<void> {
  runtimeReady ??= loader
    .runtime()
    .then(async (wasmBinary) => {
      const module: Record<string, unknown> = { wasmBinary };
      await Parser.init(module);
      if (RAW_FUNCTIONS.every((f) => typeof module[f] === 'function') && module['HEAP32'] instanceof Int32Array) {
        rawApi = module as unknown as RawCursorApi;
      }
    })
    .catch((error: unknown) => {
      runtimeReady = null; // let a later scan retry instead of caching the failure
      throw error;
    });
  return runtimeReady;
}

async function load(loader: GrammarLoader, name: GrammarName): Promise<LoadedGrammar> {
  await initRuntime(loader);
  const language = await Language.load(await loader.grammar(name));
  const count = language.nodeTypeCount;
  const types: string[] = [];
  const named: boolean[] = [];
  for (let id = 0; id < count; id++) {
    types.push(language.nodeTypeForId(id) ?? 'ERROR');
    named.push(language.nodeTypeIsNamed(id));
  }
  const fields: (string | null)[] = [null];
  for (let id = 1; id <= language.fieldCount; id++) fields.push(language.fieldNameForId(id));
  return { name, language, types, named, fields };
}

/** Loads a grammar once per process (lazily, on the first scan that needs it). */
export function loadGrammar(loader: GrammarLoader, name: GrammarName): Promise<LoadedGrammar> {
  let pending = grammars.get(name);
  if (!pending) {
    pending = load(loader, name);
    grammars.set(name, pending);
    pending.catch(() => grammars.delete(name));
  }
  return pending;
}

/** The process-wide parser for a loaded grammar (parsing is synchronous, so one per grammar suffices). */
export function parserFor(grammar: LoadedGrammar): Parser {
  let parser = parsers.get(grammar.name);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(grammar.language);
    parsers.set(grammar.name, parser);
  }
  return parser;
}

/** Grammar names already loaded in this process (for the cold-start benchmark). */
export function loadedGrammars(): GrammarName[] {
  return [...grammars.keys()];
}
