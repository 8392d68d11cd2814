/**
 * The OpenAPI document as client generators and the docs page's "try it" use it:
 * - the example request scans a real vulnerable snippet, and an explorer's Accept header (every
 *   media type the operation answers, equal weights) gets JSON, not SARIF;
 * - the SARIF answer of a real scan validates against the document's SarifLog schema, and every
 *   member it has is described there;
 * - openapi-typescript (the generator users reach for) turns the document into types under which
 *   SARIF results are typed: a client that reads `results[0].ruleId` compiles, and one that treats
 *   it as a number does not.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScanner } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';
import { createApp } from '@secscan/http';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDeps } from '../packages/http/src/testing/fixtures.ts';
import { ROOT } from './support/servers.ts';

interface Document {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> } }>>;
  components: { schemas: Record<string, JsonSchema> };
}
interface JsonSchema {
  $ref?: string;
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}

const work = mkdtempSync(join(tmpdir(), 'secscan-openapi-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const app = createApp({ ...testDeps().deps, scanner: createScanner({ loader: grammarLoader }) });
let doc: Document;
let example: unknown;

/** Paths of members the schema does not describe (`$.runs[0].foo`), following $refs into components. */
function undescribed(value: unknown, schema: JsonSchema, path = '$'): string[] {
  const resolved = schema.$ref ? doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
  if (!resolved || value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return resolved.items ? value.flatMap((item, i) => undescribed(item, resolved.items as JsonSchema, `${path}[${i}]`)) : [];
  const properties = resolved.properties ?? {};
  return Object.entries(value).flatMap(([key, member]) => {
    const memberSchema = properties[key];
    return memberSchema ? undescribed(member, memberSchema, `${path}.${key}`) : [`${path}.${key}`];
  });
}

function scan(accept: string): Promise<Response> {
  return app(new Request('http://localhost/api/scan', { method: 'POST', headers: { 'content-type': 'application/json', accept }, body: JSON.stringify(example) }));
}

describe('the OpenAPI document for clients', () => {
  beforeAll(async () => {
    doc = (await (await app(new Request('http://localhost/api/openapi.json'))).json()) as Document;
    example = doc.paths['/api/scan']?.['post']?.requestBody?.content['application/json']?.examples?.['sql-injection']?.value;
  });

  it("gives the docs page's try-it a vulnerable example and a JSON answer", async () => {
    expect(example).toMatchObject({ code: expect.stringContaining('req.query.name') });
    // What Scalar sends: every media type of the 200 answer, in document order, equal weights.
    const response = await scan('application/json, application/sarif+json');
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await response.json()) as { findings: { ruleId: string }[] };
    expect(body.findings.map((f) => f.ruleId)).toContain('javascript.sql-injection');
  });

  it('describes every member of a real SARIF answer', async () => {
    const response = await scan('application/sarif+json');
    expect(response.headers.get('content-type')).toBe('application/sarif+json');
    const log = (await response.json()) as { runs: { results: { codeFlows?: unknown }[] }[] };
    expect(log.runs[0]?.results[0]?.codeFlows).toBeDefined();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: 'urn:secscan:openapi', components: doc.components });
    const validate = ajv.getSchema('urn:secscan:openapi#/components/schemas/SarifLog');
    expect(validate?.(log), JSON.stringify(validate?.errors)).toBe(true);
    const schema = doc.components.schemas['SarifLog'];
    expect(schema).toBeDefined();
    expect(undescribed(log, schema as JsonSchema)).toEqual([]);
    // The check has teeth: an extra member is caught.
    expect(undescribed({ ...log, extra: 1 }, schema as JsonSchema)).toEqual(['$.extra']);
  });

  it('generates typed SARIF results with openapi-typescript', async () => {
    writeFileSync(join(work, 'api.d.ts'), astToString(await openapiTS(doc as never)));
    writeFileSync(
      join(work, 'client.ts'),
      `import type { components, paths } from './api';
type SarifLog = components['schemas']['SarifLog'];
export type Answer = paths['/api/scan']['post']['responses'][200]['content']['application/sarif+json'];
export function firstFinding(log: Answer): { ruleId: string; line: number; step: string | undefined } | null {
  const result = log.runs[0]?.results[0];
  if (!result) return null;
  const line: number | undefined = result.locations[0]?.physicalLocation.region.startLine;
  const step = result.codeFlows?.[0]?.threadFlows[0]?.locations[0]?.location.message?.text;
  return { ruleId: result.ruleId, line: line ?? 0, step };
}
export const sameType = (log: SarifLog): Answer => log;
// @ts-expect-error ruleId is a string: this line compiles (an unused directive, an error) only if results were untyped.
export const wrong = (log: SarifLog): number | undefined => log.runs[0]?.results[0]?.ruleId;
`,
    );
    writeFileSync(
      join(work, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, noUncheckedIndexedAccess: true, noEmit: true, module: 'esnext', moduleResolution: 'bundler', types: [] },
        files: ['client.ts'],
      }),
    );
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', work, '--pretty', 'false'], { encoding: 'utf8', timeout: 60_000 });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });
});
