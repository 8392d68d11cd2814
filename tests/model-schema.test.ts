/**
 * docs/model.schema.json — the JSON Schema users edit their models against — is generated from the
 * scanner's own model schema and must not drift from it; it accepts what the scanner accepts.
 */
import { readFileSync } from 'node:fs';
import { BUILTIN_MODELS, parseModels } from '@secscan/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { modelJsonSchema } from '../scripts/model-schema-doc.ts';
import { ROOT } from './support/servers.ts';

const text = readFileSync(`${ROOT}docs/model.schema.json`, 'utf8');
const ajv = new Ajv2020({ strict: false, allErrors: true });
const validate = ajv.compile(JSON.parse(text) as object);

const acme = {
  name: 'acme',
  language: 'python',
  sources: [{ call: 'acme.request.arg', kind: 'remote' }],
  sinks: [{ call: 'acme.db.run', arg: 0, class: 'sql-injection' }],
  sanitizers: [{ call: 'acme.db.quote', class: 'sql-injection' }],
};

describe('docs/model.schema.json', () => {
  it('is generated from the scanner schema (run `npx bun scripts/model-schema.ts` after changing it)', () => {
    expect(text).toBe(modelJsonSchema());
  });

  it('accepts the minimal model and every built-in model, as the scanner does', () => {
    expect(validate(acme), JSON.stringify(validate.errors)).toBe(true);
    expect(() => parseModels(acme)).not.toThrow();
    for (const model of JSON.parse(JSON.stringify(BUILTIN_MODELS)) as unknown[]) expect(validate(model), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each([
    ['an unknown class', { ...acme, sinks: [{ call: 'a.b', class: 'sqli' }] }],
    ['an unknown field', { ...acme, sink: [] }],
    ['an unknown language', { ...acme, language: 'cobol' }],
    ['a bad source kind', { ...acme, sources: [{ call: 'a.b', kind: 'internet' }] }],
  ])('refuses %s, as the scanner does', (_what, model) => {
    expect(validate(model)).toBe(false);
    expect(() => parseModels(model)).toThrow();
  });
});
