/**
 * GET /api/scans/{scanId} — a stored scan, read back by the caller who made it: the same API key
 * (by key id) or the same session subject. Everyone else gets 404, exactly as for an id that does
 * not exist — never 403, which would confirm that the scan exists. Anonymous callers own nothing
 * they could prove is theirs, so they always get 404. Same access guard as POST /api/scan (caller,
 * then rate limit): reading history costs a request of the caller's budget.
 */
import { callerOwner, type ScanResult, type StoredScan } from '@secscan/core';
import * as v from 'valibot';
import type { Handler, RequestContext } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { problem } from '../problem.ts';
import { scanIdParameterSchema } from '../schemas.ts';
import { issuesToErrors } from '../validate/json-body.ts';
import { scanAnswer } from './scan.ts';

/** How long a client is asked to wait when the scan store is down. */
const STORE_DOWN_RETRY_SECONDS = 5;

/** The scan result part of a stored scan (what POST /api/scan answered, besides scanId). */
export function resultOf(scan: StoredScan): ScanResult {
  return {
    language: scan.language,
    ...(scan.filename !== undefined ? { filename: scan.filename } : {}),
    findings: scan.findings,
    summary: scan.summary,
    suppressed: scan.suppressed,
    truncated: scan.truncated,
    ...(scan.truncatedReason !== undefined ? { truncatedReason: scan.truncatedReason } : {}),
    ...(scan.omitted !== undefined ? { omitted: scan.omitted } : {}),
    partialParse: scan.partialParse,
    engine: scan.engine,
    durationMs: scan.durationMs,
  };
}

function notFound(ctx: RequestContext): Response {
  return problem(
    ctx,
    'not_found',
    'No scan with this id was made by this caller. Scans are kept for a limited time and shown only to the API key or session subject that made them.',
  );
}

/** Builds the GET /api/scans/{scanId} handler. */
export function createScanHistoryHandler(deps: AppDeps): Handler {
  const { scanner, stores } = deps;
  return async function scanHistoryHandler(request, ctx) {
    const raw = (request as Request & { params?: Record<string, string | undefined> }).params?.['scanId'] ?? '';
    const parsed = v.safeParse(scanIdParameterSchema, raw);
    if (!parsed.success) {
      return problem(ctx, 'validation_failed', 'The path parameter scanId is not valid.', { errors: issuesToErrors(parsed.issues, ['path', 'scanId']) });
    }
    const owner = ctx.caller ? callerOwner(ctx.caller) : null;
    if (owner === null) return notFound(ctx);
    let scan: StoredScan | null;
    try {
      scan = await stores.scans.get(parsed.output.toLowerCase(), owner);
    } catch {
      return problem(ctx, 'unavailable', 'The scan store is unavailable; try again shortly.', { headers: { 'retry-after': String(STORE_DOWN_RETRY_SECONDS) } });
    }
    if (!scan) return notFound(ctx);
    return scanAnswer(request, ctx, scan.id, resultOf(scan), scanner.rules, { createdAt: scan.createdAt });
  };
}
