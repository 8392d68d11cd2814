import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAnnotations } from '../../testing/annotations.ts';
import { BUILTIN_MODELS } from './index.ts';
import { modelLanguages, parseModels, type ModelSpec } from './schema.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const fixturesDir = fileURLToPath(new URL('../../../fixtures/', import.meta.url));

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full));
    else out.push(full);
  }
  return out.sort();
}

/** Built-in model files: models/<language>/<library>.ts. */
const modelFiles = readdirSync(here)
  .filter((d) => statSync(join(here, d)).isDirectory())
  .flatMap((d) => filesUnder(join(here, d)))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

const label = (m: ModelSpec): string => `${modelLanguages(m).join('+')}/${m.name}`;

describe('built-in models', () => {
  it('all pass the schema users are held to', () => {
    expect(() => parseModels(JSON.parse(JSON.stringify(BUILTIN_MODELS)), 'BUILTIN_MODELS')).not.toThrow();
    // Data only: a model that survives a JSON round trip unchanged hides no code.
    expect(JSON.parse(JSON.stringify(BUILTIN_MODELS))).toEqual(BUILTIN_MODELS);
  });

  it('have unique names per language', () => {
    const keys = BUILTIN_MODELS.flatMap((m) => modelLanguages(m).map((l) => `${l}/${m.name}`));
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('lists every model file', async () => {
    const listed = new Set<ModelSpec>(BUILTIN_MODELS);
    const missing: string[] = [];
    for (const file of modelFiles) {
      const mod = (await import(file)) as { default?: ModelSpec };
      if (!mod.default || !listed.has(mod.default)) missing.push(relative(here, file));
      else expect(basename(file, '.ts')).toBe(mod.default.name);
    }
    expect(missing).toEqual([]);
  });

  // Each model shows what it finds and what it must not find, in fixtures/<language>/models/<name>.*,
  // which the rule fixture runner checks like every other fixture.
  it.each(BUILTIN_MODELS.map((m) => [label(m), m] as const))('%s has fixtures that must and must not match', (_label, model) => {
    for (const language of modelLanguages(model)) {
      const dir = join(fixturesDir, language, 'models');
      const files = filesUnder(dir).filter((f) => basename(f).split('.')[0] === model.name);
      const annotations = files.flatMap((f) => parseAnnotations(readFileSync(f, 'utf8')));
      // A model shared by JavaScript and TypeScript (or C and C++) may be shown in one of them.
      if (
        files.length === 0 &&
        modelLanguages(model).some((l) => l !== language && filesUnder(join(fixturesDir, l, 'models')).some((f) => basename(f).split('.')[0] === model.name))
      )
        continue;
      expect(files.length, `no fixture ${language}/models/${model.name}.*`).toBeGreaterThan(0);
      expect(
        annotations.some((a) => a.kind === 'ruleid'),
        `${language}/models/${model.name}: no ruleid annotation`,
      ).toBe(true);
      expect(
        annotations.some((a) => a.kind === 'ok'),
        `${language}/models/${model.name}: no ok annotation`,
      ).toBe(true);
    }
  });
});
