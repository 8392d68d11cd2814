/**
 * POST /api/scan — the data path after routing and the access guard (caller, rate limit) reads top
 * to bottom: media type → body (size-capped while streaming) → JSON → schema → code size → language
 * → scan → store → representation.
 */
import { callerOwner, chooseLanguage, LANGUAGES, toSarif, type LanguageId, type ScanResult } from '@secscan/core';
import type * as v from 'valibot';
import { respondJson, type RequestContext } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { prefersSarif, SARIF_MEDIA_TYPE } from '../negotiate.ts';
import { problem } from '../problem.ts';
import { scanRequestSchema } from '../schemas.ts';
import { readJsonBody } from '../validate/json-body.ts';
import { ScanRefusedError } from '../scan-pool/refusal.ts';

/** The validated scan request. */
type ScanRequest = v.InferOutput<typeof scanRequestSchema>;

/** Whether a value is one of the scanner's canonical language ids. */
function isLanguageId(value: unknown): value is LanguageId {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

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

/**
 * The answer to a scan the scan service refused or could not finish. Busy and shutting down are
 * 503 with Retry-After (the same request will do later). A timeout or a crashed scanner is 422: the
 * input itself defeated the scanner (the time budget answers every ordinary large input with a
 * truncated 200 long before the hard timeout), so sending it again would only cost another worker.
 */
function refusalProblem(ctx: RequestContext, error: ScanRefusedError): Response {
  switch (error.reason) {
    case 'busy':
    case 'closed':
      return problem(ctx, 'unavailable', error.message, { headers: { 'retry-after': String(error.retryAfterSeconds ?? 1) } });
    case 'timeout':
      return problem(ctx, 'scan_timeout', `${error.message} Send a smaller or simpler input, or split it into files.`);
    case 'failed':
      return problem(ctx, 'scan_failed', `${error.message} This input cannot be scanned; please report it with the requestId.`);
  }
}

/** The JSON body of a scan response; `extra` members (a stored scan's createdAt) follow scanId. */
function scanBody(scanId: string, result: ScanResult, extra: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const body: Record<string, unknown> = { scanId, ...extra, language: result.language };
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
    const parsed = await readJsonBody(request, ctx, config.maxBodyBytes, scanRequestSchema, 'ScanRequest', config.bodyTimeoutMs);
    if (!parsed.ok) return parsed.response;
    const input = parsed.value;

    // UTF-8 never takes fewer bytes than UTF-16 code units, so a long string is refused without counting.
    const codeBytes = input.code.length > config.maxCodeBytes ? Number.POSITIVE_INFINITY : utf8Length(input.code);
    if (codeBytes > config.maxCodeBytes) {
      return problem(ctx, 'payload_too_large', `code is larger than ${config.maxCodeBytes} UTF-8 bytes.`, {
        errors: [{ pointer: '#/code', detail: `at most ${config.maxCodeBytes} UTF-8 bytes` }],
      });
    }

    const language = chooseLanguage(input.language, input.filename);
    // Only a canonical id goes on to the scanner: core's alias tables are plain objects, so a
    // language or file name such as "__proto__" or "x.constructor" resolves to a prototype member.
    if (language === null || !isLanguageId(language)) return languageProblem(ctx, input);

    let result: ScanResult;
    try {
      result = await scanner.scan({ code: input.code, language, filename: input.filename }, { timeBudgetMs: config.scanTimeBudgetMs });
    } catch (error) {
      if (error instanceof ScanRefusedError) return refusalProblem(ctx, error);
      throw error;
    }
    const scanId = newId();

    try {
      await stores.scans.save({
        id: scanId,
        owner: ctx.caller ? callerOwner(ctx.caller) : null,
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

    return scanAnswer(request, ctx, scanId, result, scanner.rules);
  };
}

/**
 * The 200 answer for a scan, new or stored: a SARIF 2.1.0 log when `Accept` asks for one, else
 * secscan JSON, with `extra` members after scanId (and `jsonExtra` at the end of the JSON only).
 */
export function scanAnswer(
  request: Request,
  ctx: RequestContext,
  scanId: string,
  result: ScanResult,
  rules: AppDeps['scanner']['rules'],
  extra: Readonly<Record<string, unknown>> = {},
  jsonExtra: Readonly<Record<string, unknown>> = {},
): Response {
  if (prefersSarif(request.headers.get('accept'))) {
    const log = toSarif([{ result, uri: artifactUri(result.filename) }], rules);
    // The scan id travels in the run's property bag: SARIF's GUID fields only admit UUID versions 1-5.
    const sarif = { ...log, runs: log.runs.map((run) => ({ ...run, properties: { scanId, ...extra } })) };
    return respondJson(ctx, 200, sarif, { vary: 'Accept' }, SARIF_MEDIA_TYPE);
  }
  return respondJson(ctx, 200, { ...scanBody(scanId, result, extra), ...jsonExtra }, { vary: 'Accept' });
}
