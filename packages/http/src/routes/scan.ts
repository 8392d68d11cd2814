/**
 * POST /api/scan — the data path after routing reads top to bottom: media type → body (size-capped
 * while streaming) → JSON → schema → code size → language → scan → store → representation.
 */
import { chooseLanguage, LANGUAGES, toSarif, type ScanResult } from '@secscan/core';
import * as v from 'valibot';
import { respondJson, type RequestContext } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { isJsonContentType, JSON_MEDIA_TYPE, prefersSarif, SARIF_MEDIA_TYPE } from '../negotiate.ts';
import { jsonPointer, problem, type ProblemError } from '../problem.ts';
import { scanRequestSchema } from '../schemas.ts';
import { readBody } from '../validate/read-body.ts';

/** The validated scan request. */
type ScanRequest = v.InferOutput<typeof scanRequestSchema>;

/** Size of a string in UTF-8 without encoding it (lone surrogates count as U+FFFD, 3 bytes, as TextEncoder writes them). */
function utf8Length(s: string): number {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function issuesToErrors(issues: readonly v.BaseIssue<unknown>[]): ProblemError[] {
  return issues.map((issue) => ({
    pointer: jsonPointer(issue.path?.map((item) => (typeof item.key === 'number' ? item.key : String(item.key))) ?? []),
    detail: issue.message,
  }));
}

/** A relative URI for SARIF's artifactLocation (RFC 3986 reference): forward slashes, each segment percent-encoded. */
function artifactUri(filename: string | undefined): string {
  if (filename === undefined) return 'input';
  return filename
    .replaceAll('\\', '/')
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

function languageProblem(ctx: RequestContext, input: ScanRequest): Response {
  const members = { supportedLanguages: LANGUAGES };
  if (input.language !== undefined) {
    return problem(ctx, 'unsupported_language', `Unknown language "${input.language}". Supported: ${LANGUAGES.join(', ')} (and their aliases).`, {
      errors: [{ pointer: '#/language', detail: 'not a supported language or alias' }],
      members,
    });
  }
  if (input.filename !== undefined) {
    return problem(ctx, 'unsupported_language', 'The language cannot be inferred from the filename; send `language`.', {
      errors: [{ pointer: '#/filename', detail: 'the extension does not tell a supported language' }],
      members,
    });
  }
  return problem(ctx, 'unsupported_language', 'Send `language`, or a `filename` whose extension tells it.', {
    errors: [{ pointer: '#/language', detail: 'required when filename does not tell the language' }],
    members,
  });
}

/** The JSON body of a scan response. */
function scanBody(scanId: string, result: ScanResult): Record<string, unknown> {
  const body: Record<string, unknown> = { scanId, language: result.language };
  if (result.filename !== undefined) body['filename'] = result.filename;
  body['findings'] = result.findings;
  body['summary'] = result.summary;
  body['suppressed'] = result.suppressed;
  body['truncated'] = result.truncated;
  if (result.truncatedReason !== undefined) body['truncatedReason'] = result.truncatedReason;
  body['partialParse'] = result.partialParse;
  body['engine'] = result.engine;
  body['durationMs'] = result.durationMs;
  return body;
}

/** Builds the POST /api/scan handler. */
export function createScanHandler(deps: AppDeps, now: () => number, newId: () => string) {
  const { config, scanner, stores } = deps;
  return async function scanHandler(request: Request, ctx: RequestContext): Promise<Response> {
    if (!isJsonContentType(request.headers.get('content-type'))) {
      return problem(ctx, 'unsupported_media_type', `Send the scan request as ${JSON_MEDIA_TYPE}.`, { headers: { 'accept-post': JSON_MEDIA_TYPE } });
    }

    const body = await readBody(request, config.maxBodyBytes);
    if (!body.ok) {
      if (body.kind === 'unreadable') return problem(ctx, 'invalid_json', 'The request body could not be read.');
      const why = body.reason === 'longer_than_declared' ? 'The request body is longer than its Content-Length.' : `The request body is larger than ${body.limit} bytes.`;
      return problem(ctx, 'payload_too_large', why, { headers: { connection: 'close' } });
    }

    let json: unknown;
    try {
      json = JSON.parse(utf8.decode(body.bytes));
    } catch {
      // The parser's message quotes the input, which may be the user's code: never echo it.
      return problem(ctx, 'invalid_json', 'The request body is not valid UTF-8 JSON.');
    }
    if (!isJsonObject(json)) return problem(ctx, 'invalid_json', 'The request body must be a JSON object.');

    const parsed = v.safeParse(scanRequestSchema, json);
    if (!parsed.success) {
      return problem(ctx, 'validation_failed', 'The request body does not match the ScanRequest schema.', { errors: issuesToErrors(parsed.issues) });
    }
    const input = parsed.output;

    // UTF-8 never takes fewer bytes than UTF-16 code units, so a long string is refused without counting.
    const codeBytes = input.code.length > config.maxCodeBytes ? Number.POSITIVE_INFINITY : utf8Length(input.code);
    if (codeBytes > config.maxCodeBytes) {
      return problem(ctx, 'payload_too_large', `code is larger than ${config.maxCodeBytes} UTF-8 bytes.`, {
        errors: [{ pointer: '#/code', detail: `at most ${config.maxCodeBytes} UTF-8 bytes` }],
      });
    }

    const language = chooseLanguage(input.language, input.filename);
    if (language === null) return languageProblem(ctx, input);

    const result = await scanner.scan({ code: input.code, language, filename: input.filename }, { timeBudgetMs: config.scanTimeBudgetMs });
    const scanId = newId();

    try {
      await stores.scans.save({
        id: scanId,
        owner: null,
        createdAt: new Date(now()).toISOString(),
        language,
        ...(input.filename !== undefined ? { filename: input.filename } : {}),
        codeBytes,
        ...(config.storeCode ? { code: input.code } : {}),
        findings: result.findings,
        summary: result.summary,
        suppressed: result.suppressed,
        truncated: result.truncated,
        ...(result.truncatedReason !== undefined ? { truncatedReason: result.truncatedReason } : {}),
        partialParse: result.partialParse,
        engine: result.engine,
        durationMs: result.durationMs,
      });
    } catch {
      // Fail closed: a scan we cannot record is not answered (DESIGN §2, 503).
      return problem(ctx, 'unavailable', 'The scan store is unavailable; try again shortly.', { headers: { 'retry-after': '5' } });
    }

    if (prefersSarif(request.headers.get('accept'))) {
      const log = toSarif([{ result, uri: artifactUri(input.filename) }], scanner.rules);
      // The scan id travels in the run's property bag: SARIF's GUID fields only admit UUID versions 1-5.
      const sarif = { ...log, runs: log.runs.map((run) => ({ ...run, properties: { scanId } })) };
      return respondJson(ctx, 200, sarif, { vary: 'Accept' }, SARIF_MEDIA_TYPE);
    }
    return respondJson(ctx, 200, scanBody(scanId, result), { vary: 'Accept' });
  };
}
