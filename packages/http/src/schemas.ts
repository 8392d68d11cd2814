/**
 * The valibot schemas of the API. The scan request schema validates every request; all of them
 * generate the OpenAPI document (openapi/document.ts), so the docs cannot drift from the code.
 */
import { CONFIDENCES, LANGUAGES, PLANS, SEVERITIES } from '@secscan/core';
import * as v from 'valibot';
import { PROBLEM_CODES } from './problem.ts';

/** Whether a string is well-formed UTF-16: every surrogate in a pair (ES2024 `isWellFormed`, written out for older runtimes). */
export function isWellFormed(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c > 0xdbff || i + 1 >= text.length) return false;
    const next = text.charCodeAt(i + 1);
    if (next < 0xdc00 || next > 0xdfff) return false;
    i++;
  }
  return true;
}

/** The string with every lone surrogate replaced by U+FFFD (ES2024 `toWellFormed`). */
export function toWellFormed(text: string): string {
  if (isWellFormed(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      out += text.slice(i, i + 2);
      i++;
    } else out += c >= 0xd800 && c <= 0xdfff ? '\ufffd' : text[i];
  }
  return out;
}

/**
 * Refuses text with lone surrogates (issue #12): it is not Unicode, PostgreSQL stores each as U+FFFD
 * — so two session subjects differing only there became one owner — and encodeURIComponent throws on it.
 */
export function wellFormed(field: string) {
  return v.check(isWellFormed, `${field} must be well-formed Unicode text (it holds an unpaired surrogate)`);
}

/** Longest accepted `filename`. */
export const MAX_FILENAME_LENGTH = 1024;
/** Longest accepted `language`. */
export const MAX_LANGUAGE_LENGTH = 64;

/** The message of a strict object's issues: an unknown field, a body that is not an object, or a missing field. */
export function objectMessage(fields: readonly string[]) {
  return (issue: v.ObjectIssue | v.StrictObjectIssue): string =>
    issue.expected === 'never'
      ? `unknown field; the fields are ${fields.join(', ')}`
      : issue.expected === 'Object'
        ? 'the body must be a JSON object'
        : `${issue.expected.replaceAll('"', '')} is required`;
}

/**
 * The example request of POST /api/scan (the docs page's "try it" sends it): an Express handler
 * that puts a query parameter into SQL, which the scanner reports as javascript.sql-injection.
 */
export const SCAN_REQUEST_EXAMPLE = {
  code: [
    "const express = require('express');",
    "const db = require('./db');",
    'const app = express();',
    '',
    '// GET /users?name=alice',
    "app.get('/users', async (req, res) => {",
    `  const rows = await db.query("SELECT id, email FROM users WHERE name = '" + req.query.name + "'");`,
    '  res.json(rows);',
    '});',
    '',
  ].join('\n'),
  filename: 'routes/users.js',
} as const;

/** Body of POST /api/scan. Unknown fields are refused, so a typo such as `lang` is an error, not a silent default. */
export const scanRequestSchema = v.pipe(
  v.strictObject(
    {
      code: v.pipe(
        v.string('code must be a string'),
        v.description('The source code to scan. May be empty. At most SECSCAN_MAX_CODE_BYTES UTF-8 bytes (default 1 MiB); more is refused with 413.'),
        v.examples([SCAN_REQUEST_EXAMPLE.code]),
      ),
      language: v.optional(
        v.pipe(
          v.string('language must be a string'),
          v.minLength(1, 'language must not be empty'),
          v.maxLength(MAX_LANGUAGE_LENGTH, `language must be at most ${MAX_LANGUAGE_LENGTH} characters`),
          wellFormed('language'),
          v.description(
            `Language of the code, case-insensitive: one of ${LANGUAGES.join(', ')}, or an alias (js, node, mjs, ts, tsx, py, python3, golang, rb, c++, cc, c#, cs, …). When absent it is inferred from filename's extension; when neither tells it the answer is 422 unsupported_language.`,
          ),
          v.examples(['javascript', 'py']),
        ),
      ),
      filename: v.optional(
        v.pipe(
          v.string('filename must be a string'),
          v.minLength(1, 'filename must not be empty'),
          v.maxLength(MAX_FILENAME_LENGTH, `filename must be at most ${MAX_FILENAME_LENGTH} characters`),
          wellFormed('filename'),
          v.description('Name of the file the code comes from. Used only to infer the language and echoed back; never used to touch a file system.'),
          v.examples([SCAN_REQUEST_EXAMPLE.filename]),
        ),
      ),
    },
    objectMessage(['code', 'language', 'filename']),
  ),
  v.title('ScanRequest'),
);

/** A range in the scanned code (1-based lines and columns). */
export const locationSchema = v.pipe(
  v.object({
    startLine: v.pipe(v.number(), v.integer(), v.minValue(1)),
    startColumn: v.pipe(v.number(), v.integer(), v.minValue(1)),
    endLine: v.pipe(v.number(), v.integer(), v.minValue(1)),
    endColumn: v.pipe(v.number(), v.integer(), v.minValue(1)),
  }),
  v.description('A range in the scanned code: 1-based lines, 1-based columns in UTF-16 code units.'),
);

/** One step of a taint trace. */
export const dataflowStepSchema = v.object({ location: locationSchema, note: v.string() });

/** One reported vulnerability. */
export const findingSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.description('Stable fingerprint of this finding: the same code yields the same id, even when lines move.')),
    ruleId: v.pipe(v.string(), v.examples(['javascript.sql-injection'])),
    title: v.string(),
    message: v.string(),
    severity: v.picklist(SEVERITIES),
    confidence: v.picklist(CONFIDENCES),
    cwe: v.pipe(v.array(v.pipe(v.string(), v.description('CWE-<n>'))), v.examples([['CWE-89']])),
    owasp: v.pipe(v.array(v.string()), v.examples([['A03:2021']])),
    location: locationSchema,
    snippet: v.pipe(v.string(), v.description('The source line(s) of the finding; secret values are masked.')),
    remediation: v.string(),
    dataflow: v.optional(v.pipe(v.array(dataflowStepSchema), v.description('Taint trace from the source to the sink, when there is one.'))),
  }),
  v.description('One reported vulnerability.'),
);

/** Finding counts per severity. */
export const summarySchema = v.object({
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  critical: v.pipe(v.number(), v.integer(), v.minValue(0)),
  high: v.pipe(v.number(), v.integer(), v.minValue(0)),
  medium: v.pipe(v.number(), v.integer(), v.minValue(0)),
  low: v.pipe(v.number(), v.integer(), v.minValue(0)),
  info: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

/** Response of POST /api/scan (as JSON). */
export const scanResponseSchema = v.object({
  scanId: v.pipe(v.string(), v.uuid(), v.description('UUID v7 of this scan (time-ordered).')),
  language: v.pipe(v.picklist(LANGUAGES), v.description('The canonical language the code was scanned as.')),
  filename: v.optional(v.pipe(v.string(), v.description('The filename of the request, echoed.'))),
  findings: v.array(findingSchema),
  summary: summarySchema,
  suppressed: v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Findings dropped by secscan-ignore comments.')),
  truncated: v.pipe(
    v.boolean(),
    v.description('True when the scan stopped early or left findings out (time budget, size, finding caps, engine fault); findings are then partial.'),
  ),
  truncatedReason: v.optional(v.string()),
  omitted: v.optional(
    v.pipe(
      v.object({
        total: v.pipe(v.number(), v.integer(), v.minValue(1)),
        byRule: v.pipe(v.record(v.string(), v.pipe(v.number(), v.integer(), v.minValue(1))), v.description('How many were left out per rule id.')),
      }),
      v.description('Findings left out by the finding caps (SECSCAN_MAX_FINDINGS, SECSCAN_MAX_FINDINGS_PER_RULE); present only when some were, and the scan is then truncated.'),
    ),
  ),
  partialParse: v.pipe(v.boolean(), v.description('True when the parser had to recover from syntax errors.')),
  engine: v.object({ version: v.string(), rules: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
  durationMs: v.pipe(v.number(), v.minValue(0), v.description('Time the scan took, in milliseconds.')),
});

/** Response of GET /api/scans/{scanId}: the scan as POST /api/scan answered it, and when it was made. */
export const storedScanResponseSchema = v.pipe(
  v.object({
    scanId: scanResponseSchema.entries.scanId,
    createdAt: v.pipe(v.string(), v.isoTimestamp(), v.description('When the scan was made, ISO 8601 UTC.')),
    ...(({ scanId: _scanId, ...rest }) => rest)(scanResponseSchema.entries),
  }),
  v.description('A stored scan: the same members as the answer to POST /api/scan, plus createdAt. The submitted code is never returned.'),
);

/** The `scanId` path parameter of GET /api/scans/{scanId}. */
export const scanIdParameterSchema = v.pipe(v.string(), v.uuid('scanId must be a UUID'), v.description('The scanId that POST /api/scan answered.'));

// ---- SARIF 2.1.0, as secscan writes it (a subset of the OASIS schema: tests/fixtures/sarif-schema-2.1.0.json) ----

const positiveInteger = v.pipe(v.number(), v.integer(), v.minValue(1));
const indexSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

/** A SARIF message: plain text. */
export const sarifMessageSchema = v.object({ text: v.string() });

/** A region of an artifact (SARIF §3.30): 1-based lines, 1-based columns in UTF-16 code units (the run's columnKind). */
export const sarifRegionSchema = v.object({
  startLine: positiveInteger,
  startColumn: positiveInteger,
  endLine: positiveInteger,
  endColumn: positiveInteger,
  snippet: v.optional(v.pipe(sarifMessageSchema, v.description('The source line(s) of the result; secret values are masked.'))),
});

/** A location in an artifact of the run (SARIF §3.28, §3.29). */
export const sarifLocationSchema = v.object({
  id: v.optional(v.pipe(indexSchema, v.description('In relatedLocations: the location’s id within its result.'))),
  physicalLocation: v.object({
    artifactLocation: v.object({
      uri: v.pipe(v.string(), v.description('The request’s filename with forward slashes, percent-encoded per segment; `input` without a filename.')),
      index: v.pipe(indexSchema, v.description('Index into the run’s artifacts.')),
    }),
    region: sarifRegionSchema,
  }),
  message: v.optional(v.pipe(sarifMessageSchema, v.description('In a code flow or among related locations: what happens to the data there.'))),
});

/** A rule that produced results in the run (SARIF §3.49, reportingDescriptor). */
export const sarifRuleSchema = v.object({
  id: v.pipe(v.string(), v.examples(['javascript.sql-injection'])),
  name: v.pipe(v.string(), v.description('The id in PascalCase.')),
  shortDescription: sarifMessageSchema,
  fullDescription: sarifMessageSchema,
  help: v.object({ text: v.string(), markdown: v.string() }),
  helpUri: v.optional(v.pipe(v.string(), v.description('The rule’s first reference (a CWE entry, a cheat sheet).'))),
  defaultConfiguration: v.object({ level: v.picklist(['error', 'warning', 'note']) }),
  properties: v.object({
    tags: v.pipe(v.array(v.string()), v.description('`security`, each CWE (`CWE-89`, `external/cwe/cwe-89`) and OWASP category.')),
    precision: v.picklist(['high', 'medium', 'low']),
    'security-severity': v.pipe(v.string(), v.description('A CVSS-like score GitHub code scanning ranks security alerts by.')),
  }),
});

/** One finding (SARIF §3.27, result). */
export const sarifResultSchema = v.object({
  ruleId: v.string(),
  ruleIndex: v.pipe(indexSchema, v.description('Index into tool.driver.rules.')),
  level: v.picklist(['error', 'warning', 'note']),
  message: sarifMessageSchema,
  locations: v.array(sarifLocationSchema),
  partialFingerprints: v.pipe(v.object({ 'secscan/v1': v.string() }), v.description('The finding’s stable id: the same code yields the same value, even when lines move.')),
  properties: v.object({ severity: v.picklist(SEVERITIES), confidence: v.picklist(CONFIDENCES), cwe: v.array(v.string()) }),
  relatedLocations: v.optional(
    v.pipe(v.array(sarifLocationSchema), v.description('With a trace: the source and the steps before the sink, for viewers that do not draw code flows.')),
  ),
  codeFlows: v.optional(
    v.pipe(
      v.array(v.object({ threadFlows: v.array(v.object({ locations: v.array(v.object({ location: sarifLocationSchema })) })) })),
      v.description('The taint trace from source to sink, when there is one.'),
    ),
  ),
});

/** The one run of a secscan SARIF log (SARIF §3.14). */
export const sarifRunSchema = v.object({
  tool: v.object({
    driver: v.object({
      name: v.literal('secscan'),
      version: v.string(),
      semanticVersion: v.string(),
      informationUri: v.optional(v.string()),
      rules: v.pipe(v.array(sarifRuleSchema), v.description('The rules that produced results in this run (not every rule).')),
    }),
  }),
  results: v.array(sarifResultSchema),
  artifacts: v.array(v.object({ location: v.object({ uri: v.string() }), sourceLanguage: v.optional(v.string()) })),
  columnKind: v.literal('utf16CodeUnits'),
  invocations: v.array(v.object({ executionSuccessful: v.pipe(v.boolean(), v.description('False when the scan stopped early (truncated).')) })),
  properties: v.object({
    scanId: v.pipe(v.string(), v.uuid(), v.description('The scan’s id (SARIF’s own GUID fields admit only UUID versions 1–5).')),
    createdAt: v.optional(v.pipe(v.string(), v.isoTimestamp(), v.description('In a stored scan: when it was made.'))),
  }),
});

/** Response of POST /api/scan and GET /api/scans/{scanId} with `Accept: application/sarif+json`. */
export const sarifLogSchema = v.pipe(
  v.object({
    $schema: v.string(),
    version: v.literal('2.1.0'),
    runs: v.pipe(v.array(sarifRunSchema), v.description('Exactly one run.')),
  }),
  v.description('A SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format) that GitHub code scanning accepts as is.'),
);

/** Response of GET /api/health. */
export const healthSchema = v.object({
  status: v.pipe(v.picklist(['ok', 'degraded']), v.description('"ok" when healthy; "degraded" (with 503) when the store does not answer in time.')),
  timestamp: v.pipe(v.string(), v.isoTimestamp(), v.description('Time of the response, ISO 8601 UTC.')),
  version: v.pipe(v.string(), v.description('Version of the running service.')),
  db: v.pipe(v.picklist(['connected', 'disconnected']), v.description('Whether the store answered its ping within the deadline.')),
});

/** One error of a problem: a JSON Pointer into the request body and what is wrong there. */
export const problemErrorSchema = v.object({
  pointer: v.pipe(v.string(), v.description('JSON Pointer (RFC 6901) as a URI fragment, e.g. "#/code".')),
  detail: v.string(),
});

/** RFC 9457 problem details, as every error answers. */
export const problemSchema = v.pipe(
  v.object({
    type: v.pipe(v.string(), v.description('urn:secscan:problem:<code>')),
    title: v.pipe(v.string(), v.description('Stable per code.')),
    status: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)),
    detail: v.string(),
    code: v.picklist(PROBLEM_CODES),
    requestId: v.pipe(v.string(), v.description('The X-Request-Id of the request; quote it when reporting a problem.')),
    errors: v.optional(v.array(problemErrorSchema)),
    supportedLanguages: v.optional(v.pipe(v.array(v.picklist(LANGUAGES)), v.description('With unsupported_language: the language ids the scanner supports.'))),
    'violated-policies': v.optional(
      v.pipe(
        v.array(v.string()),
        v.description('With rate_limited: the policies (as named in RateLimit-Policy) that refused the request (draft-ietf-httpapi-ratelimit-headers-11).'),
      ),
    ),
  }),
  v.description('RFC 9457 problem details (application/problem+json).'),
);

/** The X-Request-Id header, in and out. */
export const requestIdHeaderSchema = v.pipe(
  v.string(),
  v.maxLength(128),
  v.description('Echoes a sane incoming X-Request-Id (1–128 of A-Z a-z 0-9 - . _ : / + = @), otherwise a generated UUID v7.'),
);

/** The Allow header of a 405. */
export const allowHeaderSchema = v.pipe(v.string(), v.description('The methods this path supports.'));

/** The Retry-After header of a 429 or 503 (RFC 9110 §10.2.3). */
export const retryAfterHeaderSchema = v.pipe(v.string(), v.description('Seconds to wait before retrying.'));

/** The RateLimit-Policy header (draft-ietf-httpapi-ratelimit-headers-11). */
export const rateLimitPolicyHeaderSchema = v.pipe(
  v.string(),
  v.description('The caller’s quota policies, a structured-field list: name, quota q, window w in seconds.'),
  v.examples(['"anon-minute";q=10;w=60, "anon-hour";q=100;w=3600']),
);

/** The RateLimit header (draft-ietf-httpapi-ratelimit-headers-11). */
export const rateLimitHeaderSchema = v.pipe(
  v.string(),
  v.description('What is left of each policy after this request: remaining r, and t seconds until its window resets.'),
  v.examples(['"anon-minute";r=3;t=42, "anon-hour";r=57;t=1800']),
);

/** The WWW-Authenticate challenge of a 401 (RFC 6750 §3). */
export const wwwAuthenticateHeaderSchema = v.pipe(
  v.string(),
  v.description('Bearer challenge (RFC 6750 §3): error="invalid_token" when the credentials presented are wrong, no error when none were.'),
  v.examples(['Bearer realm="secscan", error="invalid_token"']),
);

/** Longest key name or session subject. */
export const MAX_LABEL_LENGTH = 200;
/** Largest per-minute limit of an enterprise key. */
export const MAX_REQUESTS_PER_MINUTE = 1_000_000;
/** Longest session lifetime that may be asked for (30 days). */
export const MAX_SESSION_TTL_SECONDS = 30 * 24 * 3600;
/** Shortest session lifetime that may be asked for. */
export const MIN_SESSION_TTL_SECONDS = 60;

/** Text without control characters (so names print safely in tables and logs). A single negated class: linear time. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: naming the control characters is the point of this class.
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;

export function labelSchema(field: string, description: string, example: string) {
  return v.pipe(
    v.string(`${field} must be a string`),
    v.minLength(1, `${field} must not be empty`),
    v.maxLength(MAX_LABEL_LENGTH, `${field} must be at most ${MAX_LABEL_LENGTH} characters`),
    v.regex(NO_CONTROL_CHARACTERS, `${field} must not contain control characters`),
    wellFormed(field),
    v.description(description),
    v.examples([example]),
  );
}

export const planSchema = v.pipe(
  v.picklist(PLANS, `plan must be one of ${PLANS.join(', ')}`),
  v.description('free (SECSCAN_FREE_RPM, default 100 requests/min), pro (SECSCAN_PRO_RPM, default 1000/min) or enterprise (its own requestsPerMinute).'),
);

export const requestsPerMinuteSchema = v.pipe(
  v.number('requestsPerMinute must be a number'),
  v.integer('requestsPerMinute must be a whole number'),
  v.minValue(1, 'requestsPerMinute must be at least 1'),
  v.maxValue(MAX_REQUESTS_PER_MINUTE, `requestsPerMinute must be at most ${MAX_REQUESTS_PER_MINUTE}`),
);

export const isoTime = (description: string) => v.pipe(v.string(), v.isoTimestamp(), v.description(description));

/** Body of POST /api/admin/keys. */
export const createKeyRequestSchema = v.pipe(
  v.strictObject(
    {
      name: labelSchema('name', 'A label for people (what the key is for); not secret, not unique.', 'CI pipeline'),
      plan: planSchema,
      requestsPerMinute: v.optional(v.pipe(requestsPerMinuteSchema, v.description('Required for an enterprise key, and only accepted for one: its own per-minute limit.'))),
    },
    objectMessage(['name', 'plan', 'requestsPerMinute']),
  ),
  v.title('CreateKeyRequest'),
);

/** An API key as the admin API lists it: never its secret or hash. */
export const apiKeySchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.uuid(), v.description('Names the key in the admin API and in logs; not a secret.')),
    name: v.string(),
    plan: v.picklist(PLANS),
    requestsPerMinute: v.pipe(v.number(), v.integer(), v.minValue(1), v.description('The key’s current per-minute limit (its plan’s, or its own for enterprise).')),
    createdAt: isoTime('When the key was created.'),
    lastUsedAt: v.pipe(v.nullable(v.pipe(v.string(), v.isoTimestamp())), v.description('When the key was last used, to the minute; null if never.')),
    revokedAt: v.pipe(v.nullable(v.pipe(v.string(), v.isoTimestamp())), v.description('When the key was revoked; null while it is valid.')),
  }),
  v.description('An API key, without its secret.'),
);

/** Response of POST /api/admin/keys: the only time the key itself is ever shown. */
export const createdApiKeySchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.uuid()),
    key: v.pipe(v.string(), v.description('The API key: sk_live_ + 43 base62 characters + a 6-character checksum. Shown once; only its SHA-256 is stored.')),
    name: v.string(),
    plan: v.picklist(PLANS),
    requestsPerMinute: v.pipe(v.number(), v.integer(), v.minValue(1)),
    createdAt: isoTime('When the key was created.'),
  }),
  v.description('A new API key, with its secret: store it now, it cannot be shown again.'),
);

/** Response of GET /api/admin/keys. */
export const apiKeyListSchema = v.object({ keys: v.pipe(v.array(apiKeySchema), v.description('Every key, revoked ones included, oldest first.')) });

/** Body of POST /api/admin/sessions. */
export const createSessionRequestSchema = v.pipe(
  v.strictObject(
    {
      subject: labelSchema('subject', 'Whose session it is (a user id); its rate limit is shared by all sessions of the subject.', 'user-42'),
      ttlSeconds: v.optional(
        v.pipe(
          v.number('ttlSeconds must be a number'),
          v.integer('ttlSeconds must be a whole number'),
          v.minValue(MIN_SESSION_TTL_SECONDS, `ttlSeconds must be at least ${MIN_SESSION_TTL_SECONDS}`),
          v.maxValue(MAX_SESSION_TTL_SECONDS, `ttlSeconds must be at most ${MAX_SESSION_TTL_SECONDS}`),
          v.description('Lifetime in seconds; SECSCAN_SESSION_TTL_SECONDS (default 86400, 24 h) when absent.'),
        ),
      ),
    },
    objectMessage(['subject', 'ttlSeconds']),
  ),
  v.title('CreateSessionRequest'),
);

/** Response of POST /api/admin/sessions: the only time the token itself is ever shown. */
export const createdSessionSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.uuid(), v.description('Names the session for revocation; not a secret.')),
    token: v.pipe(v.string(), v.description('The session token: ss_ + 43 base62 characters + a 6-character checksum. Shown once; only its SHA-256 is stored.')),
    subject: v.string(),
    expiresAt: isoTime('When the session stops being accepted.'),
  }),
  v.description('A new session, with its token: hand it to its holder now, it cannot be shown again.'),
);

/** The `id` path parameter of the admin API. */
export const idParameterSchema = v.pipe(v.string(), v.uuid('id must be a UUID'), v.description('The id the key or session was created with.'));

/** An HTML page. */
export const htmlSchema = v.pipe(v.string(), v.description('An HTML page.'));

/** A JavaScript file. */
export const javascriptSchema = v.pipe(v.string(), v.description('A JavaScript file.'));

/** An OpenAPI document (outline only: it describes itself). */
export const openApiDocumentSchema = v.pipe(v.looseObject({ openapi: v.string(), info: v.looseObject({}), paths: v.looseObject({}) }), v.description('An OpenAPI 3.1 document.'));
