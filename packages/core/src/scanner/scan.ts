import { Query, type Node as TsNode, type Tree } from 'web-tree-sitter';
import { VERSION } from '../version.ts';
import { compileLanguage, type CompiledLanguage } from './engine/compile.ts';
import type { LanguageProfile } from './engine/profile.ts';
import { checkModelReferences, compileModels, modelClassRules } from './models/compile.ts';
import { modelLanguages, type ModelSpec } from './models/schema.ts';
import { Walker, type RawMatch, type WalkLimit } from './engine/walker.ts';
import { loadGrammar, parserFor, type GrammarLoader, type LoadedGrammar } from './grammar.ts';
import { chooseLanguage, LANGUAGES, type LanguageId } from './languages.ts';
import { classBit, type MatchContext, type Rule, type SecretHit, type VerdictDetails } from './rule.ts';
import type { MaskRange } from './mask.ts';
import { buildReport, DEFAULT_MAX_FINDINGS, DEFAULT_MAX_FINDINGS_PER_RULE } from './report.ts';
import { mirrorTree, SourceText, SyntaxNode } from './syntax.ts';
import type { ScanInput, ScanOptions, ScanResult, ScanSummary } from './types.ts';

/** How a scanner is built: where grammars come from, and (for tests and embedders) which rules and languages. */
export interface ScannerConfig {
  loader: GrammarLoader;
  rules: readonly Rule[];
  profiles: Partial<Record<LanguageId, LanguageProfile>>;
  /** Default wall-clock budget per scan in ms (default 5000). */
  timeBudgetMs?: number;
  /** Cap on syntax nodes mirrored per scan (default 4,000,000). */
  maxNodes?: number;
  /** Default most findings reported per scan (1000) and per rule (100); see `ScanOptions`. */
  maxFindings?: number;
  maxFindingsPerRule?: number;
  /** Library and framework models (already checked against the schema: see `parseModels`). */
  models?: readonly ModelSpec[];
}

/** A ready scanner: `scan()` never throws. */
export interface Scanner {
  scan(input: ScanInput, options?: ScanOptions): Promise<ScanResult>;
  /** Loads the grammars of these languages now instead of on first use. */
  warmUp(languages?: readonly LanguageId[]): Promise<void>;
  readonly rules: readonly Rule[];
  /** Rules that run for a language. */
  rulesFor(language: LanguageId): readonly Rule[];
}

/** Deepest bracket nesting parsed (real code stays under ~100; tree-sitter-java faults from ~4,000). */
const MAX_NESTING = 1000;

/** Deepest nesting of (), [] and {} — counted over the raw text, strings included, in one pass. */
export function bracketDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) {
      if (++depth > max) {
        max = depth;
        if (max > stopAbove) return max;
      }
    } else if ((c === 41 || c === 93 || c === 125) && depth > 0) depth--;
  }
  return max;
}
/**
 * Share of the time budget kept for reporting (masking, snippets, ids): the analysis stops this much
 * before the deadline, so a scan whose analysis runs out of time still reports what it found in time.
 */
const REPORT_SHARE = 0.1;
/** Most time kept for reporting: with the finding caps, reporting takes milliseconds. */
const MAX_REPORT_RESERVE_MS = 250;

function emptySummary(): ScanSummary {
  return { total: 0, critical: 0, high: 0, medium: 0, low: 0, info: 0 };
}

/** Builds a scanner. Grammars load lazily, once per process, per language. */
export function createScanner(config: ScannerConfig): Scanner {
  const compiled = new Map<LanguageId, CompiledLanguage>();
  const models = config.models ?? [];
  // Classes a model brings to a language without a rule of that class get one from the catalogue.
  const allRules = [...config.rules, ...modelClassRules(models, config.rules)].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const byLanguage = new Map<LanguageId, Rule[]>();
  for (const lang of LANGUAGES)
    byLanguage.set(
      lang,
      allRules.filter((r) => r.languages.includes(lang)),
    );
  /** Compiled queries by grammar, per matcher (parts of one class share a rule id, so the matcher is the key). */
  const queries = new Map<string, WeakMap<object, Query | null>>();

  // A model that names a check its language does not have fails here, when the scanner is made, not at its first scan.
  checkModelReferences(models, (language) => config.profiles[language]?.heuristics);

  const compiledFor = (language: LanguageId): CompiledLanguage => {
    let c = compiled.get(language);
    if (!c) {
      const profile = config.profiles[language] ?? null;
      const rules = byLanguage.get(language) ?? [];
      const mine = models.filter((m) => modelLanguages(m).includes(language));
      c = compileLanguage(language, profile, rules, profile && mine.length > 0 ? compileModels(language, mine, rules, profile.heuristics) : null);
      compiled.set(language, c);
    }
    return c;
  };

  const queryFor = (rule: Rule, grammar: LoadedGrammar, source: string): Query | null => {
    let byMatcher = queries.get(grammar.name);
    if (!byMatcher) queries.set(grammar.name, (byMatcher = new WeakMap()));
    if (!byMatcher.has(rule.matcher)) {
      try {
        byMatcher.set(rule.matcher, new Query(grammar.language, source));
      } catch {
        byMatcher.set(rule.matcher, null); // a query that does not fit this grammar (e.g. tsx vs typescript) simply does not run
      }
    }
    return byMatcher.get(rule.matcher) ?? null;
  };

  async function scan(input: ScanInput, options: ScanOptions = {}): Promise<ScanResult> {
    const started = performance.now();
    const budget = options.timeBudgetMs ?? config.timeBudgetMs ?? 5000;
    const deadline = started + budget;
    const analysisDeadline = deadline - Math.min(budget * REPORT_SHARE, MAX_REPORT_RESERVE_MS);
    const code = typeof input.code === 'string' ? input.code : '';
    const resolved = chooseLanguage(input.language, input.filename);
    const language: LanguageId = resolved ?? 'generic';
    const result: ScanResult = {
      language,
      findings: [],
      summary: emptySummary(),
      suppressed: 0,
      truncated: false,
      partialParse: false,
      engine: { version: VERSION, rules: 0 },
      durationMs: 0,
    };
    if (input.filename !== undefined) result.filename = input.filename;
    const lang = compiledFor(language);
    const wanted = options.rules ? new Set(options.rules) : null;
    result.engine.rules = wanted ? lang.rules.filter((r) => wanted.has(r.id)).length : lang.rules.length;
    const source = new SourceText(code);
    const matches: RawMatch[] = [];
    const secrets: MaskRange[] = [];
    let limit: WalkLimit | 'parse' | 'nodes' | 'nesting' | 'fault' = null;

    try {
      if (resolved === null && (input.language !== undefined || input.filename !== undefined)) {
        result.truncated = true;
        result.truncatedReason = 'unsupported language: scanned for secrets only';
      }
      if (lang.profile && code.length > 0) {
        const outcome = await analyse(lang, source, input.filename, analysisDeadline, config.maxNodes ?? 4_000_000, (rule, grammar) =>
          rule.matcher.kind === 'query' ? queryFor(rule, grammar, rule.matcher.query) : null,
        );
        matches.push(...outcome.matches);
        result.partialParse = outcome.partialParse;
        limit = outcome.limit;
      }
      for (const { rule, matcher } of lang.secretRules) {
        if (performance.now() > analysisDeadline) {
          limit ??= 'time';
          break;
        }
        let hits: SecretHit[];
        try {
          hits = matcher.detect(code);
        } catch {
          limit ??= 'fault';
          continue;
        }
        for (const hit of hits) {
          secrets.push({ start: hit.secretStart, end: hit.secretEnd });
          const node = new SyntaxNode('secret', true, null, hit.start, hit.end, null, source);
          const m: RawMatch = { rule, node, message: `${hit.description} found in the code` };
          if (hit.confidence) m.confidence = hit.confidence;
          matches.push(m);
        }
      }
    } catch {
      // An engine fault on hostile input must not become an exception for the caller.
      limit ??= 'fault';
    }

    if (limit) {
      result.truncated = true;
      result.truncatedReason =
        limit === 'time'
          ? `time budget of ${budget} ms exhausted`
          : limit === 'depth'
            ? 'nesting too deep: the deepest parts were not analysed'
            : limit === 'nodes'
              ? 'input too large: the syntax tree was cut short'
              : limit === 'parse'
                ? `time budget of ${budget} ms exhausted while parsing`
                : 'the analysis stopped on an internal error; findings are partial';
    }

    try {
      const maxFindings = options.maxFindings ?? config.maxFindings ?? DEFAULT_MAX_FINDINGS;
      const maxFindingsPerRule = options.maxFindingsPerRule ?? config.maxFindingsPerRule ?? DEFAULT_MAX_FINDINGS_PER_RULE;
      const report = buildReport({
        matches,
        source,
        secretRanges: secrets,
        stringTypes: lang.profile?.adapter.stringTypes ?? null,
        wanted,
        minConfidence: options.minConfidence ?? 'low',
        maxFindings,
        maxFindingsPerRule,
        deadline,
        testFile: isTestPath(input.filename),
      });
      result.findings = report.findings;
      result.summary = report.summary;
      result.suppressed = report.suppressed;
      if (report.outOfTime) {
        result.truncated = true;
        result.truncatedReason ??= `time budget of ${budget} ms exhausted while reporting findings`;
      }
      if (report.omitted) {
        result.truncated = true;
        result.omitted = report.omitted;
        result.truncatedReason ??= `finding cap reached: ${report.omitted.total} more findings were left out (at most ${maxFindingsPerRule} per rule and ${maxFindings} per scan are reported)`;
      }
    } catch {
      result.truncated = true;
      result.truncatedReason ??= 'the analysis stopped on an internal error; findings are partial';
    }
    result.durationMs = Math.round((performance.now() - started) * 100) / 100;
    return result;
  }

  async function analyse(
    lang: CompiledLanguage,
    source: SourceText,
    filename: string | undefined,
    deadline: number,
    maxNodes: number,
    queryOf: (rule: Rule, grammar: LoadedGrammar) => Query | null,
  ): Promise<{ matches: RawMatch[]; partialParse: boolean; limit: WalkLimit | 'parse' | 'nodes' | 'nesting' }> {
    // tree-sitter's WebAssembly build faults on pathological nesting in some grammars (java from
    // ~4,000 mixed brackets, php ~8,000, c_sharp deeper) and a fault corrupts the shared runtime for
    // every later scan. No real source nests anywhere near this deep: refuse it before parsing.
    if (bracketDepth(source.text, MAX_NESTING) > MAX_NESTING) return { matches: [], partialParse: true, limit: 'nesting' };
    const grammar = await loadGrammar(config.loader, lang.profile.adapter.grammar(source.text, filename));
    const parser = parserFor(grammar);
    let tree: Tree | null = null;
    try {
      tree = parser.parse(source.text, null, { progressCallback: () => performance.now() > deadline });
    } catch {
      tree = null;
    }
    if (!tree) {
      parser.reset();
      return { matches: [], partialParse: true, limit: 'parse' };
    }
    try {
      const mirror = mirrorTree(tree, grammar, source, deadline, maxNodes);
      const walker = new Walker(lang, source.text, deadline, mirror.root, filename ?? null);
      walker.run(mirror.root);
      const matches = walker.matches;
      if (lang.queryRules.length > 0 && !walker.limit) {
        matches.push(...runQueries(lang, grammar, tree, mirror.root, queryOf, deadline));
      }
      const limit: WalkLimit | 'nodes' = mirror.truncated ? (performance.now() > deadline ? 'time' : 'nodes') : walker.limit;
      return { matches, partialParse: mirror.hasErrors, limit };
    } finally {
      tree.delete();
    }
  }

  return {
    scan,
    rules: allRules,
    rulesFor: (language) => byLanguage.get(language) ?? [],
    async warmUp(languages = LANGUAGES) {
      await Promise.all(
        languages.map(async (language) => {
          const profile = config.profiles[language];
          if (!profile) return;
          await loadGrammar(config.loader, profile.adapter.grammar('', undefined));
        }),
      );
    },
  };
}

/** Finds the mirror node for a tree-sitter node by its range and type. */
function mirrorOf(root: SyntaxNode, node: TsNode): SyntaxNode | null {
  const start = node.startIndex;
  const end = node.endIndex;
  let current: SyntaxNode = root;
  for (let guard = 0; guard < 10000; guard++) {
    if (current.start === start && current.end === end && current.type === node.type) return current;
    let next: SyntaxNode | null = null;
    for (const c of current.children) {
      if (c.start <= start && c.end >= end) {
        next = c;
        break;
      }
    }
    if (!next) return current.start === start && current.end === end ? current : null;
    current = next;
  }
  return null;
}

function runQueries(
  lang: CompiledLanguage,
  grammar: LoadedGrammar,
  tree: Tree,
  root: SyntaxNode,
  queryOf: (rule: Rule, grammar: LoadedGrammar) => Query | null,
  deadline: number,
): RawMatch[] {
  const out: RawMatch[] = [];
  const ctx = staticContext(lang, root);
  for (const { rule, matcher } of lang.queryRules) {
    if (performance.now() > deadline) break;
    const query = queryOf(rule, grammar);
    if (!query) continue;
    for (const match of query.matches(tree.rootNode, { progressCallback: () => performance.now() > deadline })) {
      const captures: Record<string, SyntaxNode> = {};
      for (const cap of match.captures) {
        const m = mirrorOf(root, cap.node);
        if (m) captures[cap.name] = m;
      }
      const at = captures['match'];
      if (!at) continue;
      const verdict = matcher.where ? matcher.where(captures, ctx) : true;
      if (!verdict) continue;
      for (const v of Array.isArray(verdict) ? (verdict as readonly VerdictDetails[]) : [verdict as VerdictDetails | true]) {
        const m: RawMatch = { rule, node: v === true ? at : (v.node ?? at) };
        if (v !== true && v.message !== undefined) m.message = v.message;
        if (v !== true && v.cwe !== undefined) m.cwe = v.cwe;
        if (v !== true && v.confidence !== undefined) m.confidence = v.confidence;
        out.push(m);
      }
    }
  }
  return out;
}

/** A context for matches found outside the walk (queries): no taint state, constants unknown. */
function staticContext(lang: CompiledLanguage, root: SyntaxNode): MatchContext {
  const walker = new Walker(lang, root.source.text, Number.POSITIVE_INFINITY, root);
  const memo = new Map<string, unknown>();
  return {
    language: lang.language,
    code: root.source.text,
    filename: walker.filename,
    probing: false,
    fn: null,
    path: (n) => walker.path(n),
    pathText: (n) => walker.path(n)?.join('.') ?? null,
    stringValue: (n) => walker.stringValue(n),
    isConstant: (n) => walker.isConstant(n),
    isNull: () => false,
    imports: (m) => walker.imports(m),
    safeFor: (n, c) => walker.safeFor(n, classBit(c)),
    literalKind: (n) => {
      const v = lang.profile.adapter.view(n);
      return v?.kind === 'string' ? 'string' : v?.kind === 'literal' ? 'other' : null;
    },
    taint: () => null,
    arg: (call, key) => call.args.find((a) => (typeof key === 'string' ? a.name === key : a.index === key))?.node ?? null,
    call: (n) => {
      const v = lang.profile.adapter.view(n);
      return v?.kind === 'call' ? v : null;
    },
    enclosingNames: () => [],
    fileMemo: <T>(key: string, compute: () => T): T => {
      if (!memo.has(key)) memo.set(key, compute());
      return memo.get(key) as T;
    },
  };
}

/**
 * Whether a file name is a test's: `test/`, `tests/`, `__tests__/`, `spec/`, `testdata/`, `fixtures/`
 * folders, or `*_test.go`, `test_*.py`, `*.test.ts`, `*.spec.js`, `*Test.java` names. Credentials
 * there are usually made up for the test; a real one is still a leak, so they are reported at low
 * confidence rather than dropped.
 */
export function isTestPath(filename: string | undefined): boolean {
  if (!filename) return false;
  const parts = filename.replaceAll('\\', '/').toLowerCase().split('/');
  const base = parts.pop() ?? '';
  if (parts.some((p) => TEST_DIRS.has(p))) return true;
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  return (
    stem.startsWith('test_') ||
    stem.endsWith('_test') ||
    stem.endsWith('.test') ||
    stem.endsWith('.spec') ||
    stem.endsWith('_spec') ||
    stem.endsWith('tests') ||
    (stem.endsWith('test') && filename.endsWith('Test' + base.slice(stem.length)))
  );
}
const TEST_DIRS = new Set(['test', 'tests', '__tests__', 'spec', 'specs', 'testdata', 'test-data', 'fixtures', '__fixtures__', 'testing', 'e2e']);
