import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { grammarLoader } from '@secscan/grammars';
import { CLASSES, createScanner, findClass, inferLanguage, LANGUAGES, RULES, RULE_SPECS, type RuleSpec } from '../index.ts';
import { checkAnnotations, parseAnnotations } from '../../testing/annotations.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const fixturesDir = fileURLToPath(new URL('../../../fixtures/', import.meta.url));
const scanner = createScanner({ loader: grammarLoader, timeBudgetMs: 30_000 });

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full));
    else out.push(full);
  }
  return out.sort();
}

/** The language of a fixture: its extension, or its top folder for extension-less files. */
function fixtureLanguage(file: string): string {
  const top = relative(fixturesDir, file).split(/[\\/]/)[0] as string;
  return (LANGUAGES as readonly string[]).includes(top) ? top : (inferLanguage(file) ?? 'generic');
}

const ruleFiles = filesUnder(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('/index.ts'));
const fixtures = filesUnder(fixturesDir);

describe('class catalogue', () => {
  it('defines each class once, sorted by id, with complete metadata', () => {
    const ids = CLASSES.map((c) => c.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of CLASSES) {
      expect(c.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(c.title.length).toBeGreaterThan(3);
      expect(c.cwe.length).toBeGreaterThan(0);
      for (const cwe of c.cwe) expect(cwe).toMatch(/^CWE-\d+$/);
      for (const o of c.owasp) expect(o).toMatch(/^A(?:0[1-9]|10):2021$/);
      expect(c.owasp.length).toBeGreaterThan(0);
      expect(['critical', 'high', 'medium', 'low', 'info']).toContain(c.severity);
      expect(c.message.length).toBeGreaterThan(10);
      expect(c.remediation.length).toBeGreaterThan(20);
      for (const r of c.references) expect(r).toMatch(/^https:\/\//);
    }
  });

  it('has no two classes with the same title', () => {
    const titles = CLASSES.map((c) => c.title.toLowerCase());
    expect(new Set(titles).size).toBe(titles.length);
  });
});

describe('rule registry', () => {
  it('is sorted by id', () => {
    const ids = RULES.map((r) => r.id);
    expect(ids).toEqual([...ids].sort());
  });

  it('lists every rule file', async () => {
    const listed = new Set<RuleSpec>(RULE_SPECS);
    const missing: string[] = [];
    for (const file of ruleFiles) {
      const mod = (await import(file)) as { default?: RuleSpec };
      if (!mod.default || !listed.has(mod.default)) missing.push(relative(here, file));
    }
    expect(missing).toEqual([]);
  });

  it.each(RULES.map((r) => [r.id, r] as const))('%s is <language>.<class> with its class metadata', (id, rule) => {
    const cls = findClass(rule.class);
    expect(cls, `unknown class ${rule.class}`).toBeDefined();
    if (!cls) return;
    const [prefix, suffix] = id.split('.');
    expect(suffix).toBe(cls.id);
    expect(prefix === 'secrets' ? LANGUAGES : [prefix]).toEqual(rule.languages);
    // Title and OWASP come from the class only; a part may narrow the CWEs, never add one.
    expect(rule.title).toBe(cls.title);
    expect(rule.owasp).toEqual(cls.owasp);
    for (const c of rule.cwe) expect(cls.cwe).toContain(c);
    expect(['high', 'medium', 'low']).toContain(rule.confidence);
    expect(rule.message.length).toBeGreaterThan(10);
    expect(rule.remediation.length).toBeGreaterThan(20);
    expect(rule.references.length).toBeGreaterThan(0);
    for (const r of rule.references) expect(r).toMatch(/^https:\/\//);
    expect(rule.matcher.kind === 'taint').toBe(rule.taint !== null);
  });

  it('no rule part carries class metadata of its own', async () => {
    // Titles, ids and OWASP categories live in classes/catalogue.ts only.
    const offenders: string[] = [];
    for (const file of ruleFiles) {
      const text = readFileSync(file, 'utf8');
      if (/^\s{2}(?:id|title|owasp):/m.test(text)) offenders.push(relative(here, file));
    }
    expect(offenders).toEqual([]);
  });
});

describe('rule fixtures', () => {
  const annotated = new Map<string, { ruleid: number; ok: number }>();
  for (const file of fixtures) {
    for (const a of parseAnnotations(readFileSync(file, 'utf8'))) {
      const entry = annotated.get(a.ruleId) ?? { ruleid: 0, ok: 0 };
      if (a.kind === 'ruleid') entry.ruleid++;
      if (a.kind === 'ok') entry.ok++;
      annotated.set(a.ruleId, entry);
    }
  }

  /** The ids a rule part is reported under (one per language it serves). */
  const idsOf = (spec: RuleSpec): string[] => (spec.everyLanguage ? [`secrets.${spec.class}`] : (spec.languages ?? []).map((l) => `${l}.${spec.class}`));
  const partName = (spec: RuleSpec): string => `${idsOf(spec).join(' / ')}${spec.name ? ` (${spec.name})` : ''} #${RULE_SPECS.indexOf(spec)}`;

  it.each(RULE_SPECS.map((spec) => [partName(spec), spec] as const))('%s has fixtures that must and must not match', (_name, spec) => {
    // A part shared by several languages (JavaScript and TypeScript, C and C++) may be shown in any of them.
    const entries = idsOf(spec).map((id) => annotated.get(id));
    expect(
      entries.some((e) => (e?.ruleid ?? 0) > 0),
      `no "ruleid: ${idsOf(spec).join('|')}" annotation in any fixture`,
    ).toBe(true);
    expect(
      entries.some((e) => (e?.ok ?? 0) > 0),
      `no "ok: ${idsOf(spec).join('|')}" annotation in any fixture`,
    ).toBe(true);
  });

  it('annotations name existing rules', () => {
    const known = new Set(RULES.map((r) => r.id));
    expect([...annotated.keys()].filter((id) => !known.has(id))).toEqual([]);
  });

  it.each(fixtures.map((f) => [relative(fixturesDir, f), f] as const))('%s', async (_name, file) => {
    const code = readFileSync(file, 'utf8');
    const result = await scanner.scan({ code, language: fixtureLanguage(file), filename: file });
    expect(result.truncated, result.truncatedReason).toBe(false);
    const check = checkAnnotations(
      parseAnnotations(code),
      result.findings.map((f) => ({ ruleId: f.ruleId, line: f.location.startLine })),
    );
    const describeMiss = check.missed.map((a) => `missed ${a.ruleId} on line ${a.line}`);
    const describeFp = check.falsePositives.map((f) => `unexpected ${f.ruleId} on line ${f.line}${f.annotated ? ' (marked ok)' : ''}`);
    const describeFixed = check.fixedMisses.map((a) => `todoruleid ${a.ruleId} on line ${a.line} is now found: make it ruleid`);
    expect([...describeMiss, ...describeFp, ...describeFixed]).toEqual([]);
  });
});
