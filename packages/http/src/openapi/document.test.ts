import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { adminRequest, scanRequest, TEST_ACCESS, testDeps } from '../testing/fixtures.ts';
import { buildOpenApiDocument, type OpenApiDocument } from './document.ts';

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

async function servedDocument(): Promise<OpenApiDocument> {
  const app = createApp(testDeps().deps);
  const response = await app(new Request('http://localhost/api/openapi.json'));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json');
  return (await response.json()) as OpenApiDocument;
}

/** Every JSON Schema embedded in the document: components, and each `schema` under paths and components. */
function embeddedSchemas(doc: OpenApiDocument): [string, unknown][] {
  const found: [string, unknown][] = Object.entries(doc.components.schemas).map(([name, schema]) => [`#/components/schemas/${name}`, schema]);
  const walk = (node: unknown, pointer: string): void => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'schema') found.push([`${pointer}/schema`, value]);
      else walk(value, `${pointer}/${key}`);
    }
  };
  walk(doc.paths, '#/paths');
  walk(doc.components.headers, '#/components/headers');
  walk(doc.components.responses, '#/components/responses');
  return found;
}

function ajvWithDocument(doc: OpenApiDocument): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'urn:secscan:openapi', components: doc.components }, 'urn:secscan:openapi');
  return ajv;
}

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = await servedDocument();
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('would notice a broken document or schema (the checks above can fail)', async () => {
    const { info: _info, ...withoutInfo } = await servedDocument();
    expect((await new Validator().validate(withoutInfo as unknown as Record<string, unknown>)).valid).toBe(false);
    expect(new Ajv2020({ strict: false }).validateSchema({ type: 'integr' })).toBe(false);
  });

  it('embeds only valid JSON Schemas (draft 2020-12)', async () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    const schemas = embeddedSchemas(await servedDocument());
    expect(schemas.length).toBeGreaterThan(15);
    for (const [pointer, schema] of schemas) {
      const valid = ajv.validateSchema(schema as object);
      expect({ pointer, valid, errors: ajv.errors ?? null }).toEqual({ pointer, valid: true, errors: null });
    }
  });

  it('lists exactly the router’s paths and methods', async () => {
    const doc = await servedDocument();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((k) => HTTP_METHODS.has(k))
          .map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    const routed = createApp(testDeps().deps)
      .routes.filter((r) => r.path.startsWith('/api/'))
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(documented).toEqual(routed);
  });

  it('documents every status each route can return', async () => {
    const doc = await servedDocument();
    const statuses = (path: string, method: string): string[] => Object.keys(doc.paths[path]?.[method]?.['responses'] as object).sort();
    expect(statuses('/api/scan', 'post')).toEqual(['200', '400', '401', '403', '408', '413', '415', '422', '429', '500', '503']);
    expect(statuses('/api/scans/{scanId}', 'get')).toEqual(['200', '400', '401', '403', '404', '422', '429', '500', '503']);
    expect(statuses('/api/health', 'get')).toEqual(['200', '400', '500', '503']);
    expect(statuses('/api/openapi.json', 'get')).toEqual(['200', '400', '500']);
    expect(statuses('/api/docs', 'get')).toEqual(['200', '400', '500']);
    expect(statuses('/api/docs/scalar.js', 'get')).toEqual(['200', '304', '400', '500']);
    expect(statuses('/api/admin/keys', 'post')).toEqual(['201', '400', '401', '403', '408', '413', '415', '422', '500', '503']);
    expect(statuses('/api/admin/keys', 'get')).toEqual(['200', '400', '401', '403', '500', '503']);
    expect(statuses('/api/admin/keys/{id}', 'delete')).toEqual(['204', '400', '401', '403', '404', '422', '500', '503']);
    expect(statuses('/api/admin/sessions', 'post')).toEqual(['201', '400', '401', '403', '408', '413', '415', '422', '500', '503']);
    expect(statuses('/api/admin/sessions/{id}', 'delete')).toEqual(['204', '400', '401', '403', '404', '422', '500', '503']);
    for (const name of ['NotFound', 'MethodNotAllowed']) expect(doc.components.responses[name]).toBeDefined();
  });

  it('is generated from the schemas: the request schema refuses unknown fields', async () => {
    const doc = await servedDocument();
    expect(doc.components.schemas['ScanRequest']).toMatchObject({ type: 'object', required: ['code'], additionalProperties: false });
  });

  it('states this server’s limits', () => {
    const doc = buildOpenApiDocument({ version: '1.2.3', maxCodeBytes: 1024 * 1024, maxBodyBytes: 2 * 1024 * 1024 + 65536 });
    expect(doc.info['version']).toBe('1.2.3');
    expect(String(doc.info['description'])).toContain('`code` of at most 1 MiB');
    expect(String(doc.info['description'])).toContain('at most 2112 KiB');
  });

  it('describes what the app really answers', async () => {
    const doc = await servedDocument();
    const ajv = ajvWithDocument(doc);
    const check = (name: string, value: unknown): void => {
      const validate = ajv.getSchema(`urn:secscan:openapi#/components/schemas/${name}`);
      expect(validate).toBeDefined();
      expect({ name, valid: validate?.(value), errors: validate?.errors ?? null }).toEqual({ name, valid: true, errors: null });
    };
    const app = createApp(testDeps().deps);
    check('ScanRequest', { code: 'x', language: 'js', filename: 'a.js' });
    check('ScanResponse', await (await app(scanRequest({ code: 'x', language: 'js', filename: 'a.js' }))).json());
    check('SarifLog', await (await app(scanRequest({ code: 'x', language: 'js' }, { accept: 'application/sarif+json' }))).json());
    check('Health', await (await app(new Request('http://localhost/api/health'))).json());
    check('Problem', await (await app(scanRequest({ code: 1 }))).json());
    check('Problem', await (await app(scanRequest({ code: '', language: 'cobol' }))).json());
    check('Problem', await (await app(new Request('http://localhost/nope'))).json());
  });

  it('describes what the admin API and the access guard really answer', async () => {
    const doc = await servedDocument();
    const ajv = ajvWithDocument(doc);
    const check = (name: string, value: unknown): void => {
      const validate = ajv.getSchema(`urn:secscan:openapi#/components/schemas/${name}`);
      expect({ name, valid: validate?.(value), errors: validate?.errors ?? null }).toEqual({ name, valid: true, errors: null });
    };
    const { deps } = testDeps({ config: { access: { ...TEST_ACCESS, limits: { ...TEST_ACCESS.limits, freePerMinute: 1 } } } });
    const app = createApp(deps);
    check('CreateKeyRequest', { name: 'ci', plan: 'enterprise', requestsPerMinute: 10 });
    const created = (await (await app(adminRequest('POST', '/api/admin/keys', { name: 'ci', plan: 'free' }))).json()) as { key: string };
    check('CreatedApiKey', created);
    check('ApiKeyList', await (await app(adminRequest('GET', '/api/admin/keys'))).json());
    check('CreateSessionRequest', { subject: 'u', ttlSeconds: 60 });
    check('CreatedSession', await (await app(adminRequest('POST', '/api/admin/sessions', { subject: 'u' }))).json());
    await app(scanRequest({ code: '' }, { authorization: `Bearer ${created.key}` }));
    check('Problem', await (await app(scanRequest({ code: '' }, { authorization: `Bearer ${created.key}` }))).json()); // 429 with violated-policies
    check('Problem', await (await app(scanRequest({ code: '' }, { authorization: 'Bearer nope' }))).json());
    check('Problem', await (await app(new Request('http://localhost/api/health?api_key=x'))).json());
    check('Problem', await (await app(adminRequest('DELETE', '/api/admin/keys/x'))).json());
    const other = (await (await app(adminRequest('POST', '/api/admin/keys', { name: 'other', plan: 'pro' }))).json()) as { key: string };
    const { scanId } = (await (await app(scanRequest({ code: 'x', language: 'js', filename: 'a.js' }, { authorization: `Bearer ${other.key}` }))).json()) as { scanId: string };
    const stored = (path: string, accept = 'application/json') => app(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${other.key}`, accept } }));
    check('StoredScanResponse', await (await stored(`/api/scans/${scanId}`)).json());
    check('SarifLog', await (await stored(`/api/scans/${scanId}`, 'application/sarif+json')).json());
    check('Problem', await (await stored('/api/scans/0190a000-0000-7000-8000-00000000ffff')).json());
    check('Problem', await (await stored('/api/scans/x')).json());
  });

  it('declares the security of each operation', async () => {
    const doc = (await servedDocument()) as OpenApiDocument & { paths: Record<string, Record<string, { security?: unknown }>> };
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['adminToken', 'bearer', 'sessionCookie']);
    expect(doc.paths['/api/scan']?.['post']?.security).toEqual([{}, { bearer: [] }, { sessionCookie: [] }]);
    expect(doc.paths['/api/admin/keys']?.['get']?.security).toEqual([{ adminToken: [] }, { sessionCookie: [] }]);
    expect(doc.paths['/api/me/keys']?.['post']?.security).toEqual([{ sessionCookie: [] }, { bearer: [] }]);
    expect(doc.paths['/api/auth/sign-in']?.['post']?.security).toEqual([{}]);
    expect(doc.paths['/api/health']?.['get']?.security).toBeUndefined();
    const closed = buildOpenApiDocument({
      version: '1',
      maxCodeBytes: 1024,
      maxBodyBytes: 2048,
      access: { anonymous: false, admin: false, limits: TEST_ACCESS.limits, sessionTtlSeconds: 60 },
    });
    expect((closed.paths['/api/scan']!['post'] as { security: unknown }).security).toEqual([{ bearer: [] }, { sessionCookie: [] }]);
    expect(Object.keys(closed.paths).some((path) => path.startsWith('/api/admin'))).toBe(false);
    expect(await new Validator().validate(closed as unknown as Record<string, unknown>)).toMatchObject({ valid: true });
  });
});
