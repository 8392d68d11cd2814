/**
 * The OpenAPI 3.1 document, generated from the valibot schemas that validate requests (never
 * hand-written JSON Schema): toJsonSchemaDefs with draft 2020-12 — OpenAPI 3.1's own dialect —
 * and `$ref`s rewritten to `#/components/schemas/…`. The operations below are declared apart from
 * the router on purpose; a test checks that both list the same paths and methods.
 */
import { LANGUAGES, type RateLimitSettings } from '@secscan/core';
import { toJsonSchema, toJsonSchemaDefs, type JsonSchema } from '@valibot/to-json-schema';
import type { BaseIssue, BaseSchema } from 'valibot';
import { JSON_MEDIA_TYPE, SARIF_MEDIA_TYPE } from '../negotiate.ts';
import type { ProblemCode } from '../problem.ts';
import {
  allowHeaderSchema,
  apiKeyListSchema,
  apiKeySchema,
  createdApiKeySchema,
  createdSessionSchema,
  createKeyRequestSchema,
  createSessionRequestSchema,
  idParameterSchema,
  rateLimitHeaderSchema,
  rateLimitPolicyHeaderSchema,
  wwwAuthenticateHeaderSchema,
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
  SCAN_REQUEST_EXAMPLE,
  sarifLocationSchema,
  sarifLogSchema,
  sarifMessageSchema,
  sarifRegionSchema,
  sarifResultSchema,
  sarifRuleSchema,
  sarifRunSchema,
  scanIdParameterSchema,
  scanRequestSchema,
  scanResponseSchema,
  storedScanResponseSchema,
  summarySchema,
} from '../schemas.ts';
import {
  authConfigSchema,
  changePasswordRequestSchema,
  createdInvitationSchema,
  createInvitationRequestSchema,
  createMyKeyRequestSchema,
  dashboardKeyListSchema,
  dashboardKeySchema,
  invitationInfoSchema,
  invitationListSchema,
  invitationLookupRequestSchema,
  invitationSchema,
  scanDetailSchema,
  scanHistoryItemSchema,
  scanHistoryPageSchema,
  sessionInfoSchema,
  settingsSchema,
  signInRequestSchema,
  signUpRequestSchema,
  updateKeyRequestSchema,
  updateSettingsRequestSchema,
  updateUserRequestSchema,
  usageSchema,
  userListSchema,
  userSchema,
} from '../dashboard-schemas.ts';
import * as v from 'valibot';
import { dashboardOperations } from './dashboard-operations.ts';

/** What the document says about this server's access rules; null when the app runs without them. */
export interface OpenApiAccess {
  anonymous: boolean;
  /** Whether the admin API exists (SECSCAN_ADMIN_TOKEN is set). */
  admin: boolean;
  limits: RateLimitSettings;
  sessionTtlSeconds: number;
  /** Whether single sign-on is configured (its routes exist). */
  oidc?: boolean;
}

/** What the document says about this server's limits. */
export interface OpenApiOptions {
  version: string;
  maxCodeBytes: number;
  maxBodyBytes: number;
  access?: OpenApiAccess | null;
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
    securitySchemes: Record<string, Record<string, unknown>>;
  };
}

type AnySchema = BaseSchema<unknown, unknown, BaseIssue<unknown>>;

// `check` actions (well-formed Unicode) have no JSON Schema form: the descriptions say what they refuse.
const CONVERSION = { target: 'draft-2020-12' as const, typeMode: 'input' as const, ignoreActions: ['check'] };

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
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  408: 'RequestTimeout',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'UnprocessableContent',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ServiceUnavailable',
};

const rateLimitHeaders = { RateLimit: ref('headers', 'RateLimit'), 'RateLimit-Policy': ref('headers', 'RateLimit-Policy') };

function problemResponse(description: string, codes: readonly ProblemCode[], extraHeaders: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    description: `${description} Codes: ${codes.join(', ')}.`,
    headers: { ...requestIdHeader, ...extraHeaders },
    content: { 'application/problem+json': { schema: ref('schemas', 'Problem') } },
  };
}

const problemRef = (status: number): { $ref: string } => ref('responses', PROBLEM_RESPONSE[status] ?? 'InternalError');

/** The admin API's operations (present only when SECSCAN_ADMIN_TOKEN is set). */
function adminOperations(json: (schema: { $ref: string } | JsonSchema) => Record<string, unknown>): Record<string, Record<string, Record<string, unknown>>> {
  const security = [{ adminToken: [] }, { sessionCookie: [] }];
  const guarded = { '401': problemRef(401), '403': problemRef(403), '500': problemRef(500), '503': problemRef(503) };
  const idParameter = {
    name: 'id',
    in: 'path',
    required: true,
    schema: schemaOf(idParameterSchema),
    description: 'The id the key or session was created with. An invalid one answers 422 with the pointer #/path/id.',
  };
  const creation = (operationId: string, summary: string, description: string, request: string, created: string, createdDescription: string) => ({
    operationId,
    tags: ['admin'],
    summary,
    description,
    security,
    requestBody: { required: true, content: json(ref('schemas', request)) },
    responses: {
      '201': { description: createdDescription, headers: requestIdHeader, content: json(ref('schemas', created)) },
      '400': problemRef(400),
      '408': problemRef(408),
      '413': problemRef(413),
      '415': problemRef(415),
      '422': problemRef(422),
      ...guarded,
    },
  });
  const deleted = (what: string) => ({
    '204': { description: `Revoked (also when it already was): the ${what} is refused from the next request on.`, headers: requestIdHeader },
    '400': problemRef(400),
    '404': problemRef(404),
    '422': problemRef(422),
    ...guarded,
  });
  return {
    '/api/admin/keys': {
      post: creation(
        'createKey',
        'Create an API key',
        'Creates a key and answers it once: only its SHA-256 is stored. An enterprise key needs its own requestsPerMinute (422 otherwise).',
        'CreateKeyRequest',
        'CreatedApiKey',
        'The new key, with its secret (shown only here).',
      ),
      get: {
        operationId: 'listKeys',
        tags: ['admin'],
        summary: 'List API keys',
        description: 'Every key with its plan, limit, owner, lastUsedAt and revokedAt; never a secret or a hash.',
        security,
        responses: { '200': { description: 'The keys.', headers: requestIdHeader, content: json(ref('schemas', 'DashboardKeyList')) }, '400': problemRef(400), ...guarded },
      },
    },
    '/api/admin/keys/{id}': {
      delete: { operationId: 'revokeKey', tags: ['admin'], summary: 'Revoke an API key', security, parameters: [idParameter], responses: deleted('key') },
    },
    '/api/admin/sessions': {
      post: creation(
        'createSession',
        'Create a session',
        'Creates a session token for a subject and answers it once: only its SHA-256 is stored.',
        'CreateSessionRequest',
        'CreatedSession',
        'The new session, with its token (shown only here).',
      ),
    },
    '/api/admin/sessions/{id}': {
      delete: { operationId: 'revokeSession', tags: ['admin'], summary: 'Revoke a session', security, parameters: [idParameter], responses: deleted('session') },
    },
  };
}

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
      StoredScanResponse: storedScanResponseSchema,
      Finding: findingSchema,
      Location: locationSchema,
      DataflowStep: dataflowStepSchema,
      Summary: summarySchema,
      SarifLog: sarifLogSchema,
      SarifRun: sarifRunSchema,
      SarifResult: sarifResultSchema,
      SarifRule: sarifRuleSchema,
      SarifLocation: sarifLocationSchema,
      SarifRegion: sarifRegionSchema,
      SarifMessage: sarifMessageSchema,
      Health: healthSchema,
      Problem: problemSchema,
      ProblemError: problemErrorSchema,
      ...(options.access?.admin
        ? {
            CreateKeyRequest: createKeyRequestSchema,
            ApiKey: apiKeySchema,
            CreatedApiKey: createdApiKeySchema,
            ApiKeyList: apiKeyListSchema,
            CreateSessionRequest: createSessionRequestSchema,
            CreatedSession: createdSessionSchema,
            AuthConfig: authConfigSchema,
            SignUpRequest: signUpRequestSchema,
            SignInRequest: signInRequestSchema,
            InvitationLookupRequest: invitationLookupRequestSchema,
            InvitationInfo: invitationInfoSchema,
            SessionInfo: sessionInfoSchema,
            User: userSchema,
            UserList: userListSchema,
            ChangePasswordRequest: changePasswordRequestSchema,
            CreateMyKeyRequest: createMyKeyRequestSchema,
            DashboardKey: dashboardKeySchema,
            CreatedDashboardKey: v.object({ ...dashboardKeySchema.entries, key: createdApiKeySchema.entries.key }),
            DashboardKeyList: dashboardKeyListSchema,
            Usage: usageSchema,
            ScanHistoryItem: scanHistoryItemSchema,
            ScanHistoryPage: scanHistoryPageSchema,
            ScanDetail: scanDetailSchema,
            UpdateKeyRequest: updateKeyRequestSchema,
            UpdateUserRequest: updateUserRequestSchema,
            CreateInvitationRequest: createInvitationRequestSchema,
            Invitation: invitationSchema,
            CreatedInvitation: createdInvitationSchema,
            InvitationList: invitationListSchema,
            Settings: settingsSchema,
            UpdateSettingsRequest: updateSettingsRequestSchema,
          }
        : {}),
    },
    { ...CONVERSION, overrideRef: (context) => `#/components/schemas/${context.referenceId}` },
  );

  const json = (schema: { $ref: string } | JsonSchema): Record<string, unknown> => ({ [JSON_MEDIA_TYPE]: { schema } });
  const access = options.access ?? null;
  const adminPaths = access?.admin ? adminOperations(json) : {};
  const accountPaths = access?.admin
    ? dashboardOperations(
        {
          json,
          schemaRef: (name) => ref('schemas', name),
          problemRef,
          requestIdHeader,
          idParameter: {
            name: 'id',
            in: 'path',
            required: true,
            schema: schemaOf(idParameterSchema),
            description: 'The id. An invalid one answers 422 with the pointer #/path/id.',
          },
          scanIdParameter: {
            name: 'scanId',
            in: 'path',
            required: true,
            schema: schemaOf(scanIdParameterSchema),
            description: 'The scan’s id. An invalid one answers 422 with the pointer #/path/scanId.',
          },
        },
        access.oidc === true,
      )
    : {};
  // OpenAPI 3.1 §4.8.30: alternatives are ORed; `{}` makes credentials optional (anonymous callers).
  const scanSecurity = access ? [...(access.anonymous ? [{}] : []), { bearer: [] }, { sessionCookie: [] }] : [{}];
  const limits = access?.limits;

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
        ...(limits
          ? [
              `Callers: an API key (\`Authorization: Bearer sk_live_…\`; free ${limits.freePerMinute}/min, pro ${limits.proPerMinute}/min, enterprise its own limit), a session (\`Bearer ss_…\` or the \`secscan_session\` cookie; ${limits.sessionPerMinute}/min per subject)${access?.anonymous ? `, or anonymous (no credentials; ${limits.anonymousPerMinute}/min and ${limits.anonymousPerHour}/hour per client IP, IPv6 by /56)` : ' — anonymous requests are not accepted by this server'}. Windows are fixed and aligned to the clock. Every scan answer carries \`RateLimit-Policy\` and \`RateLimit\` (draft-ietf-httpapi-ratelimit-headers-11); a 429 also \`Retry-After\`. Wrong credentials are a 401, never treated as anonymous. Credentials in the query string are refused (400).`,
              '',
            ]
          : []),
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
      ...(access?.admin
        ? [
            {
              name: 'admin',
              description: 'Managing API keys, sessions, users, invitations and the sign-up policy: with the admin token (SECSCAN_ADMIN_TOKEN) or an admin user’s session',
            },
            { name: 'account', description: 'Signing up, in and out (the dashboard’s sessions)' },
            { name: 'me', description: 'The signed-in user’s keys, usage, history and password' },
          ]
        : []),
    ],
    paths: {
      '/api/scan': {
        post: {
          operationId: 'scan',
          tags: ['scan'],
          summary: 'Scan code for security vulnerabilities',
          description:
            'Scans `code` as `language` (or as the language `filename` tells) and answers its findings; the scan is recorded. Send `Accept: application/sarif+json` for a SARIF 2.1.0 log instead of secscan JSON.',
          security: scanSecurity,
          requestBody: {
            required: true,
            content: {
              [JSON_MEDIA_TYPE]: {
                schema: ref('schemas', 'ScanRequest'),
                examples: { 'sql-injection': { summary: 'An Express handler that builds SQL from a query parameter', value: SCAN_REQUEST_EXAMPLE } },
              },
            },
          },
          responses: {
            '200': {
              description: 'The scan result: secscan JSON, or SARIF 2.1.0 when asked for with Accept.',
              headers: access ? { ...requestIdHeader, ...rateLimitHeaders } : requestIdHeader,
              content: { [JSON_MEDIA_TYPE]: { schema: ref('schemas', 'ScanResponse') }, [SARIF_MEDIA_TYPE]: { schema: ref('schemas', 'SarifLog') } },
            },
            '400': problemRef(400),
            ...(access ? { '401': problemRef(401), '403': problemRef(403) } : {}),
            '408': problemRef(408),
            '413': problemRef(413),
            '415': problemRef(415),
            '422': problemRef(422),
            ...(access ? { '429': problemRef(429) } : {}),
            '500': problemRef(500),
            '503': problemRef(503),
          },
        },
      },
      '/api/scans/{scanId}': {
        get: {
          operationId: 'getScan',
          tags: ['scan'],
          summary: 'A stored scan',
          description: `A scan as POST /api/scan answered it, plus createdAt, for the caller who made it: the same API key, or a session of the same subject. Anyone else — another key, another subject, an anonymous caller — gets 404, as for an id that does not exist. Scans are kept for the server's retention period (SECSCAN_RETENTION_DAYS, 30 days by default); the submitted code is never returned. Counted against the caller's rate limit like a scan. Send \`Accept: application/sarif+json\` for a SARIF 2.1.0 log.`,
          security: scanSecurity,
          parameters: [
            {
              name: 'scanId',
              in: 'path',
              required: true,
              schema: schemaOf(scanIdParameterSchema),
              description: 'The scanId that POST /api/scan answered. An invalid one answers 422 with the pointer #/path/scanId.',
            },
          ],
          responses: {
            '200': {
              description: 'The stored scan: secscan JSON, or SARIF 2.1.0 when asked for with Accept.',
              headers: access ? { ...requestIdHeader, ...rateLimitHeaders } : requestIdHeader,
              content: { [JSON_MEDIA_TYPE]: { schema: ref('schemas', 'StoredScanResponse') }, [SARIF_MEDIA_TYPE]: { schema: ref('schemas', 'SarifLog') } },
            },
            '400': problemRef(400),
            ...(access ? { '401': problemRef(401), '403': problemRef(403) } : {}),
            '404': problemRef(404),
            '422': problemRef(422),
            ...(access ? { '429': problemRef(429) } : {}),
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
            '400': problemRef(400),
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
            '400': problemRef(400),
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
            '400': problemRef(400),
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
            '400': problemRef(400),
            '500': problemRef(500),
          },
        },
      },
      ...adminPaths,
      ...Object.fromEntries(Object.entries(accountPaths).map(([path, item]) => [path, { ...adminPaths[path], ...item }])),
    },
    components: {
      schemas,
      headers: {
        'X-Request-Id': { description: 'Identifies the request in logs and problem bodies.', schema: schemaOf(requestIdHeaderSchema) },
        'Retry-After': { description: 'Seconds to wait before retrying.', schema: schemaOf(retryAfterHeaderSchema) },
        Allow: { description: 'The methods the path supports.', schema: schemaOf(allowHeaderSchema) },
        RateLimit: { description: 'What is left of each policy (draft-ietf-httpapi-ratelimit-headers-11).', schema: schemaOf(rateLimitHeaderSchema) },
        'RateLimit-Policy': { description: 'The caller’s quota policies (draft-ietf-httpapi-ratelimit-headers-11).', schema: schemaOf(rateLimitPolicyHeaderSchema) },
        'WWW-Authenticate': { description: 'The Bearer challenge of a 401 (RFC 6750 §3).', schema: schemaOf(wwwAuthenticateHeaderSchema) },
      },
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'secscan API key (sk_live_…) or session token (ss_…)',
          description:
            'An API key, created with the admin API or `secscan keys create`, or a session token. Wrong, expired or revoked credentials answer 401; they never fall back to anonymous.',
        },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'secscan_session',
          description:
            'A session token in a cookie, for browsers. The Authorization header wins when both are sent. Refused (403) on a request from another site (Sec-Fetch-Site: cross-site, or an Origin that is neither this server nor listed in SECSCAN_CORS_ORIGINS).',
        },
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The server’s SECSCAN_ADMIN_TOKEN. Only for the admin API, which also accepts the session of an admin user; API keys and other sessions are refused there (403).',
        },
      },
      responses: {
        BadRequest: problemResponse('The body is not valid JSON, or not a JSON object; or the URL carries credentials (send them in the Authorization header).', [
          'invalid_json',
          'credentials_in_query',
        ]),
        Unauthorized: problemResponse(
          'Credentials are missing (where required), malformed, unknown, expired or revoked. WWW-Authenticate carries the Bearer challenge (RFC 6750 §3).',
          ['unauthorized'],
          { 'WWW-Authenticate': ref('headers', 'WWW-Authenticate') },
        ),
        Forbidden: problemResponse('The credentials are valid but may not do this (an API key on the admin API, a session cookie from another site).', ['forbidden']),
        TooManyRequests: problemResponse(
          'A rate limit is exhausted: violated-policies names it, Retry-After says when to try again; the request counted against no window.',
          ['rate_limited'],
          { 'Retry-After': ref('headers', 'Retry-After'), ...rateLimitHeaders },
        ),
        NotFound: problemResponse('No such path, or no such resource for this caller (a stored scan of someone else looks exactly like a missing one).', ['not_found']),
        MethodNotAllowed: problemResponse('The path does not support this method; Allow lists those it does.', ['method_not_allowed'], {
          Allow: ref('headers', 'Allow'),
        }),
        RequestTimeout: problemResponse('The body did not arrive within SECSCAN_BODY_TIMEOUT_MS; the connection is closed.', ['request_timeout']),
        PayloadTooLarge: problemResponse('The body or `code` is over its limit.', ['payload_too_large']),
        UnsupportedMediaType: problemResponse('Content-Type is not application/json.', ['unsupported_media_type']),
        UnprocessableContent: problemResponse(
          'The body or a path parameter breaks its schema (each violation in errors[], body members as #/name, path parameters as #/path/name), or the language is not supported (supportedLanguages lists the ids), or the scan of this input ran past SECSCAN_SCAN_TIMEOUT_MS (scan_timeout) or crashed its scanner (scan_failed): sending the same input again will not help.',
          ['validation_failed', 'unsupported_language', 'scan_timeout', 'scan_failed'],
        ),
        InternalError: problemResponse('An unexpected error; the log has the details under the requestId.', ['internal']),
        ServiceUnavailable: problemResponse(
          'A store needed to answer is down, or every scanner is busy and its wait queue is full (or the server is shutting down).',
          ['unavailable'],
          { 'Retry-After': ref('headers', 'Retry-After') },
        ),
      },
    },
  };
}
