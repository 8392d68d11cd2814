import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { grammarLoader } from '@secscan/grammars';
import { createScanner, inferLanguage, LANGUAGES, RULES, type Rule } from '../index.ts';
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

const ruleFiles = filesUnder(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('index.ts'));
const fixtures = filesUnder(fixturesDir);

describe('rule registry', () => {
  it('is sorted by id with unique ids', () => {
    const ids = RULES.map((r) => r.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lists every rule file', async () => {
    const listed = new Set<Rule>(RULES);
    const missing: string[] = [];
    for (const file of ruleFiles) {
      const mod = (await import(file)) as { default?: Rule };
      if (!mod.default || !listed.has(mod.default)) missing.push(relative(here, file));
    }
    expect(missing).toEqual([]);
  });

  it.each(RULES.map((r) => [r.id, r] as const))('%s has complete metadata', (id, rule) => {
    const [prefix] = id.split('.');
    expect(id).toMatch(/^[a-z]+\.[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(prefix === 'secrets' || rule.languages.includes(prefix as (typeof LANGUAGES)[number])).toBe(true);
    expect(rule.title.length).toBeGreaterThan(3);
    expect(['critical', 'high', 'medium', 'low', 'info']).toContain(rule.severity);
    expect(['high', 'medium', 'low']).toContain(rule.confidence);
    expect(rule.cwe.length).toBeGreaterThan(0);
    for (const cwe of rule.cwe) expect(cwe).toMatch(/^CWE-\d+$/);
    expect(rule.owasp.length).toBeGreaterThan(0);
    for (const o of rule.owasp) expect(o).toMatch(/^A(?:0[1-9]|10):2021$/);
    expect(rule.languages.length).toBeGreaterThan(0);
    for (const l of rule.languages) expect(LANGUAGES).toContain(l);
    expect(rule.message.length).toBeGreaterThan(10);
    expect(rule.remediation.length).toBeGreaterThan(20);
    expect(rule.references.length).toBeGreaterThan(0);
    for (const r of rule.references) expect(r).toMatch(/^https:\/\//);
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

  it.each(RULES.map((r) => [r.id] as const))('%s has fixtures that must and must not match', (id) => {
    const entry = annotated.get(id);
    expect(entry?.ruleid ?? 0, `no "ruleid: ${id}" annotation in any fixture`).toBeGreaterThan(0);
    expect(entry?.ok ?? 0, `no "ok: ${id}" annotation in any fixture`).toBeGreaterThan(0);
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
