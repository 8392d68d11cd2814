/**
 * The OpenAPI 3.1 document, generated from the valibot schemas that validate requests (never
 * hand-written JSON Schema): toJsonSchemaDefs with draft 2020-12 — OpenAPI 3.1's own dialect —
 * and `$ref`s rewritten to `#/components/schemas/…`. The operations below are declared apart from
 * the router on purpose; a test checks that both list the same paths and methods.
 */
import { LANGUAGES } from '@secscan/core';
import { toJsonSchema, toJsonSchemaDefs, type JsonSchema } from '@valibot/to-json-schema';
import type { BaseIssue, BaseSchema } from 'valibot';
import { JSON_MEDIA_TYPE, SARIF_MEDIA_TYPE } from '../negotiate.ts';
import type { ProblemCode } from '../problem.ts';
import {
  allowHeaderSchema,
  dataflowStepSchema,
  findingSchema,
  healthSchema,
  htmlSchema,
  javascriptSchema,
  locationSchema,
  openApiDocumentSchema,
  problemErrorSchema,
  problemSchema,
  requestIdHeaderSchema,
  retryAfterHeaderSchema,
  sarifLogSchema,
  scanRequestSchema,
  scanResponseSchema,
  summarySchema,
} from '../schemas.ts';

/** What the document says about this server's limits. */
export interface OpenApiOptions {
  version: string;
  maxCodeBytes: number;
  maxBodyBytes: number;
}

/** An OpenAPI 3.1 document (the parts we write). */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: Record<string, unknown>;
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    headers: Record<string, Record<string, unknown>>;
    responses: Record<string, Record<string, unknown>>;
  };
}

type AnySchema = BaseSchema<unknown, unknown, BaseIssue<unknown>>;

const CONVERSION = { target: 'draft-2020-12', typeMode: 'input' } as const;

/** One standalone schema (headers, non-JSON bodies): the same conversion, without its own `$schema`. */
function schemaOf(schema: AnySchema): JsonSchema {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, CONVERSION);
  return rest;
}

const ref = (kind: 'schemas' | 'headers' | 'responses', name: string): { $ref: string } => ({ $ref: `#/components/${kind}/${name}` });

const requestIdHeader = { 'X-Request-Id': ref('headers', 'X-Request-Id') };

/** Component name of the shared response for a problem code's status. */
const PROBLEM_RESPONSE: Record<number, string> = {
  400: 'BadRequest',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'UnprocessableContent',
  500: 'InternalError',
  503: 'ServiceUnavailable',
};

function problemResponse(description: string, codes: readonly ProblemCode[], extraHeaders: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    description: `${description} Codes: ${codes.join(', ')}.`,
    headers: { ...requestIdHeader, ...extraHeaders },
    content: { 'application/problem+json': { schema: ref('schemas', 'Problem') } },
  };
}

const problemRef = (status: number): { $ref: string } => ref('responses', PROBLEM_RESPONSE[status] ?? 'InternalError');

function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** Builds the document; call once per app (it is a pure function of the options). */
export function buildOpenApiDocument(options: OpenApiOptions): OpenApiDocument {
  const schemas = toJsonSchemaDefs(
    {
      ScanRequest: scanRequestSchema,
      ScanResponse: scanResponseSchema,
      Finding: findingSchema,
      Location: locationSchema,
      DataflowStep: dataflowStepSchema,
      Summary: summarySchema,
      SarifLog: sarifLogSchema,
      Health: healthSchema,
      Problem: problemSchema,
      ProblemError: problemErrorSchema,
    },
    { ...CONVERSION, overrideRef: (context) => `#/components/schemas/${context.referenceId}` },
  );

  const json = (schema: { $ref: string } | JsonSchema): Record<string, unknown> => ({ [JSON_MEDIA_TYPE]: { schema } });


  return {
    openapi: '3.1.0',
    info: {
      title: 'secscan API',
      version: options.version,
      summary: 'Scan source code for security vulnerabilities.',
      description: [
        'secscan parses code with tree-sitter, follows untrusted data from sources to sinks, and reports each finding with its CWE, severity, location, data-flow trace and a fix.',
        '',
        `Limits of this server: a request body of at most ${formatBytes(options.maxBodyBytes)}, \`code\` of at most ${formatBytes(options.maxCodeBytes)} (UTF-8). Larger is refused with 413, while the body is still streaming.`,
        '',
        'Every error is an RFC 9457 problem (`application/problem+json`) with a stable `code`, the `requestId`, and for request errors `errors[]` of JSON Pointers into the body. Every response carries `X-Request-Id`. GET routes also answer HEAD. A known path with a method it does not support answers 405 with `Allow`; an unknown path 404.',
        '',
        `Languages: ${LANGUAGES.join(', ')}.`,
      ].join('\n'),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    tags: [
      { name: 'scan', description: 'Scanning code' },
      { name: 'service', description: 'Health and API description' },
      { name: 'docs', description: 'This documentation' },
    ],
    paths: {
      '/api/scan': {
        post: {
          operationId: 'scan',
          tags: ['scan'],
          summary: 'Scan code for security vulnerabilities',
          description:
            'Scans `code` as `language` (or as the language `filename` tells) and answers its findings; the scan is recorded. Send `Accept: application/sarif+json` for a SARIF 2.1.0 log instead of secscan JSON.',
          requestBody: { required: true, content: json(ref('schemas', 'ScanRequest')) },
          responses: {
            '200': {
              description: 'The scan result: secscan JSON, or SARIF 2.1.0 when asked for with Accept.',
              headers: requestIdHeader,
              content: { [JSON_MEDIA_TYPE]: { schema: ref('schemas', 'ScanResponse') }, [SARIF_MEDIA_TYPE]: { schema: ref('schemas', 'SarifLog') } },
            },
            '400': problemRef(400),
            '413': problemRef(413),
            '415': problemRef(415),
            '422': problemRef(422),
            '500': problemRef(500),
            '503': problemRef(503),
          },
        },
      },
      '/api/health': {
        get: {
          operationId: 'health',
          tags: ['service'],
          summary: 'Health check',
          description: 'Public. Answers within the configured deadline (1 s by default) even when the store hangs.',
          responses: {
            '200': { description: 'Healthy.', headers: requestIdHeader, content: json(ref('schemas', 'Health')) },
            '503': {
              description: 'The store did not answer its ping in time.',
              headers: { ...requestIdHeader, 'Retry-After': ref('headers', 'Retry-After') },
              content: json(ref('schemas', 'Health')),
            },
            '500': problemRef(500),
          },
        },
      },
      '/api/openapi.json': {
        get: {
          operationId: 'openapi',
          tags: ['service'],
          summary: 'This OpenAPI 3.1 document',
          description: 'Public. Generated from the schemas that validate requests.',
          responses: {
            '200': { description: 'The document.', headers: requestIdHeader, content: json(schemaOf(openApiDocumentSchema)) },
            '500': problemRef(500),
          },
        },
      },
      '/api/docs': {
        get: {
          operationId: 'docs',
          tags: ['docs'],
          summary: 'Interactive API reference',
          description: 'Public. The Scalar API reference, served offline from this server with a strict Content-Security-Policy.',
          responses: {
            '200': { description: 'The HTML page.', headers: requestIdHeader, content: { 'text/html': { schema: schemaOf(htmlSchema) } } },
            '500': problemRef(500),
          },
        },
      },
      '/api/docs/scalar.js': {
        get: {
          operationId: 'docsScript',
          tags: ['docs'],
          summary: 'Script of the API reference',
          description: 'The Scalar bundle the docs page loads; cached for a year under a content-hashed URL.',
          'x-scalar-ignore': true,
          responses: {
            '200': { description: 'The script.', headers: requestIdHeader, content: { 'text/javascript': { schema: schemaOf(javascriptSchema) } } },
            '304': { description: 'Not modified (If-None-Match matched the ETag).', headers: requestIdHeader },
            '500': problemRef(500),
          },
        },
      },
    },
    components: {
      schemas,
      headers: {
        'X-Request-Id': { description: 'Identifies the request in logs and problem bodies.', schema: schemaOf(requestIdHeaderSchema) },
        'Retry-After': { description: 'Seconds to wait before retrying.', schema: schemaOf(retryAfterHeaderSchema) },
        Allow: { description: 'The methods the path supports.', schema: schemaOf(allowHeaderSchema) },
      },
      responses: {
        BadRequest: problemResponse('The body is not valid JSON, or not a JSON object.', ['invalid_json']),
        NotFound: problemResponse('No such path.', ['not_found']),
        MethodNotAllowed: problemResponse('The path does not support this method; Allow lists those it does.', ['method_not_allowed'], {
          Allow: ref('headers', 'Allow'),
        }),
        PayloadTooLarge: problemResponse('The body or `code` is over its limit.', ['payload_too_large']),
        UnsupportedMediaType: problemResponse('Content-Type is not application/json.', ['unsupported_media_type']),
        UnprocessableContent: problemResponse('The body breaks the schema (each violation in errors[]), or the language is not supported (supportedLanguages lists the ids).', [
          'validation_failed',
          'unsupported_language',
        ]),
        InternalError: problemResponse('An unexpected error; the log has the details under the requestId.', ['internal']),
        ServiceUnavailable: problemResponse('A store needed to answer is down.', ['unavailable'], { 'Retry-After': ref('headers', 'Retry-After') }),
      },
    },
  };
}

