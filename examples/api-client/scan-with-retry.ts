/**
 * Calling the secscan API from your own code: POST /api/scan with an API key, print the RateLimit
 * headers of every answer, and when the server says 429 Too Many Requests (or 503), wait as long as
 * its Retry-After says — plus a little random jitter, so many clients do not retry in lockstep —
 * and try again, a bounded number of times.
 *
 *   SECSCAN_URL=http://127.0.0.1:8787 SECSCAN_API_KEY=sk_live_… npx bun examples/api-client/scan-with-retry.ts app.js
 *   SECSCAN_URL=… SECSCAN_API_KEY=… npx deno run --allow-net --allow-env --allow-read examples/api-client/scan-with-retry.ts app.js
 *
 * It needs nothing but `fetch`: copy the file into your project. Never put the key in the URL
 * (`?api_key=` is refused with 400): it goes in the Authorization header.
 */
import { readFile } from 'node:fs/promises';
import process from 'node:process';

/** What to scan (the body of POST /api/scan). */
export interface ScanRequest {
  code: string;
  language?: string;
  filename?: string;
}

/** How to reach the server and how patient to be. */
export interface ScanClientOptions {
  /** The server, e.g. `http://127.0.0.1:8787`. */
  baseUrl: string;
  /** An API key (`sk_live_…`); without one the call is anonymous, if the server allows that. */
  apiKey?: string;
  /** Retries after the first attempt (default 3). */
  maxRetries?: number;
  /** Longest single wait in seconds (default 120): a longer Retry-After gives up instead of hanging. */
  maxWaitSeconds?: number;
  /** Where progress lines go (default console.error, so stdout keeps only the result). */
  log?: (line: string) => void;
  /** For tests: the fetch, the sleep and the random source to use. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** A refusal we gave up on: the last status and the server's problem details. */
export class ScanFailed extends Error {
  override name = 'ScanFailed';
  readonly status: number;
  readonly problem: unknown;
  constructor(message: string, status: number, problem: unknown) {
    super(message);
    this.status = status;
    this.problem = problem;
  }
}

/** Seconds from a Retry-After header (RFC 9110 §10.2.3: delay-seconds or an HTTP date), or null. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d{1,10}$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Scans `request`, retrying on 429 and 503 as the server asks; resolves with the scan result. */
export async function scanWithRetry(request: ScanRequest, options: ScanClientOptions): Promise<Record<string, unknown>> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  const log = options.log ?? ((line: string) => console.error(line));
  const maxRetries = options.maxRetries ?? 3;
  const maxWaitSeconds = options.maxWaitSeconds ?? 120;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.apiKey) headers['authorization'] = `Bearer ${options.apiKey}`;

  for (let attempt = 0; ; attempt++) {
    const response = await fetchImpl(new URL('/api/scan', options.baseUrl), { method: 'POST', headers, body: JSON.stringify(request) });
    // The RateLimit fields (draft-ietf-httpapi-ratelimit-headers): the policy, and what is left of it.
    log(`HTTP ${response.status}  RateLimit-Policy: ${response.headers.get('ratelimit-policy') ?? '-'}  RateLimit: ${response.headers.get('ratelimit') ?? '-'}`);
    if (response.ok) return (await response.json()) as Record<string, unknown>;

    const problem: unknown = await response.json().catch(() => null);
    const retryable = response.status === 429 || response.status === 503;
    if (!retryable || attempt >= maxRetries) {
      const detail = typeof problem === 'object' && problem !== null && 'detail' in problem ? String(problem.detail) : response.statusText;
      throw new ScanFailed(`scan failed with ${response.status}${retryable ? ` after ${attempt + 1} attempts` : ''}: ${detail}`, response.status, problem);
    }
    // Retry-After says when; without it, back off exponentially (1, 2, 4 … s).
    const seconds = retryAfterSeconds(response.headers.get('retry-after')) ?? 2 ** attempt;
    if (seconds > maxWaitSeconds) throw new ScanFailed(`the server asks to wait ${seconds} s, more than ${maxWaitSeconds} s`, response.status, problem);
    const waitMs = seconds * 1000 + Math.floor(random() * 1000); // up to 1 s of jitter
    log(`waiting ${(waitMs / 1000).toFixed(1)} s before retry ${attempt + 1} of ${maxRetries}`);
    await sleep(waitMs);
  }
}

/** The command line: scans one file with SECSCAN_URL and SECSCAN_API_KEY; resolves with an exit code. */
export async function main(argv: readonly string[], env: Readonly<Record<string, string | undefined>>, write: (line: string) => void = console.log): Promise<number> {
  const [path] = argv;
  if (path === undefined) {
    console.error('usage: scan-with-retry.ts <file>   (env: SECSCAN_URL, SECSCAN_API_KEY)');
    return 2;
  }
  try {
    const result = await scanWithRetry(
      { code: await readFile(path, 'utf8'), filename: path },
      { baseUrl: env['SECSCAN_URL'] ?? 'http://127.0.0.1:8787', ...(env['SECSCAN_API_KEY'] ? { apiKey: env['SECSCAN_API_KEY'] } : {}) },
    );
    const findings = Array.isArray(result['findings']) ? (result['findings'] as { ruleId: string; location: { startLine: number } }[]) : [];
    for (const f of findings) write(`${path}:${f.location.startLine} ${f.ruleId}`);
    write(`${findings.length} finding(s), scan ${String(result['scanId'])}`);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

// Run when executed directly (Bun and Deno set import.meta.main), not when imported.
if ((import.meta as ImportMeta & { main?: boolean }).main) process.exitCode = await main(process.argv.slice(2), process.env);
