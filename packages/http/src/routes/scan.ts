/**
 * POST /api/scan — the data path after routing and the access guard (caller, rate limit) reads top
 * to bottom: media type → body (size-capped while streaming) → JSON → schema → code size → language
 * → scan → store → representation.
 */
import { callerOwner, chooseLanguage, LANGUAGES, toSarif, type ScanResult } from '@secscan/core';
import type * as v from 'valibot';
import { respondJson, type RequestContext } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { prefersSarif, SARIF_MEDIA_TYPE } from '../negotiate.ts';
import { problem } from '../problem.ts';
import { scanRequestSchema } from '../schemas.ts';
import { readJsonBody } from '../validate/json-body.ts';

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
    const parsed = await readJsonBody(request, ctx, config.maxBodyBytes, scanRequestSchema, 'ScanRequest');
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
    if (language === null) return languageProblem(ctx, input);

    const result = await scanner.scan({ code: input.code, language, filename: input.filename }, { timeBudgetMs: config.scanTimeBudgetMs });
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

    if (prefersSarif(request.headers.get('accept'))) {
      const log = toSarif([{ result, uri: artifactUri(input.filename) }], scanner.rules);
      // The scan id travels in the run's property bag: SARIF's GUID fields only admit UUID versions 1-5.
      const sarif = { ...log, runs: log.runs.map((run) => ({ ...run, properties: { scanId } })) };
      return respondJson(ctx, 200, sarif, { vary: 'Accept' }, SARIF_MEDIA_TYPE);
    }
    return respondJson(ctx, 200, scanBody(scanId, result), { vary: 'Accept' });
  };
}
