/**
 * The valibot schemas of the API. The scan request schema validates every request; all of them
 * generate the OpenAPI document (openapi/document.ts), so the docs cannot drift from the code.
 */
import { CONFIDENCES, LANGUAGES, SEVERITIES } from '@secscan/core';
import * as v from 'valibot';
import { PROBLEM_CODES } from './problem.ts';

/** Longest accepted `filename`. */
export const MAX_FILENAME_LENGTH = 1024;
/** Longest accepted `language`. */
export const MAX_LANGUAGE_LENGTH = 64;

const REQUEST_FIELDS = ['code', 'language', 'filename'] as const;

/** Body of POST /api/scan. Unknown fields are refused, so a typo such as `lang` is an error, not a silent default. */
export const scanRequestSchema = v.pipe(
  v.strictObject(
    {
      code: v.pipe(
        v.string('code must be a string'),
        v.description('The source code to scan. May be empty. At most SECSCAN_MAX_CODE_BYTES UTF-8 bytes (default 1 MiB); more is refused with 413.'),
      ),
      language: v.optional(
        v.pipe(
          v.string('language must be a string'),
          v.minLength(1, 'language must not be empty'),
          v.maxLength(MAX_LANGUAGE_LENGTH, `language must be at most ${MAX_LANGUAGE_LENGTH} characters`),
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
          v.description('Name of the file the code comes from. Used only to infer the language and echoed back; never used to touch a file system.'),
          v.examples(['src/app.js']),
        ),
      ),
    },
    (issue) =>
      issue.expected === 'never'
        ? `unknown field; the fields are ${REQUEST_FIELDS.join(', ')}`
        : issue.expected === 'Object'
          ? 'the body must be a JSON object'
          : `${issue.expected.replaceAll('"', '')} is required`,
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
  truncated: v.pipe(v.boolean(), v.description('True when the scan stopped early (time budget, size, engine fault); findings are then partial.')),
  truncatedReason: v.optional(v.string()),
  partialParse: v.pipe(v.boolean(), v.description('True when the parser had to recover from syntax errors.')),
  engine: v.object({ version: v.string(), rules: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
  durationMs: v.pipe(v.number(), v.minValue(0), v.description('Time the scan took, in milliseconds.')),
});

/** Response of POST /api/scan with `Accept: application/sarif+json` (only its outline; see the OASIS schema). */
export const sarifLogSchema = v.pipe(
  v.looseObject({
    $schema: v.string(),
    version: v.literal('2.1.0'),
    runs: v.array(v.looseObject({})),
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

/** The Retry-After header of a 503 (RFC 9110 §10.2.3). */
export const retryAfterHeaderSchema = v.pipe(v.string(), v.description('Seconds to wait before retrying.'));

/** An HTML page. */
export const htmlSchema = v.pipe(v.string(), v.description('An HTML page.'));

/** A JavaScript file. */
export const javascriptSchema = v.pipe(v.string(), v.description('A JavaScript file.'));

/** An OpenAPI document (outline only: it describes itself). */
export const openApiDocumentSchema = v.pipe(
  v.looseObject({ openapi: v.string(), info: v.looseObject({}), paths: v.looseObject({}) }),
  v.description('An OpenAPI 3.1 document.'),
);
