/**
 * GET /api/docs and GET /api/docs/scalar.js — the Scalar API reference, served fully offline: the
 * bundle comes through `deps.docs` (the server reads the copy this package ships in assets/), the
 * page loads nothing from any other host, and a strict Content-Security-Policy holds it to that.
 */
import { respond, type RequestContext } from '../context.ts';
import type { DocsAssets } from '../deps.ts';

/** Path of the Scalar bundle route. */
export const SCALAR_SCRIPT_PATH = '/api/docs/scalar.js';

/**
 * The page's CSP: scripts only from us (no inline script: the configuration travels in a data
 * attribute), requests only to us. Styles need 'unsafe-inline' because the Vue components set
 * style attributes; that cannot load anything from elsewhere.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Scalar settings that keep the page offline (measured in headless Chromium, see STACK.md): no
 * font CDN, no AI agent, no MCP, no developer toolbar, no telemetry.
 */
export const SCALAR_CONFIGURATION = {
  withDefaultFonts: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  telemetry: false,
  hideClientButton: true,
  metaData: { title: 'secscan API reference' },
} as const;

function escapeHtmlAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function page(scriptUrl: string): string {
  const configuration = escapeHtmlAttribute(JSON.stringify(SCALAR_CONFIGURATION));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>secscan API reference</title>
<link rel="icon" href="data:,">
</head>
<body>
<script id="api-reference" type="application/json" data-url="/api/openapi.json" data-configuration="${configuration}"></script>
<script src="${escapeHtmlAttribute(scriptUrl)}"></script>
</body>
</html>
`;
}

const SECURITY_HEADERS = {
  'content-security-policy': DOCS_CSP,
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/** The bundle with its content hash (the cache-busting version in the page's script URL, and the ETag). */
interface LoadedBundle {
  bytes: Uint8Array;
  hash: string;
}

async function loadBundle(assets: DocsAssets): Promise<LoadedBundle> {
  const bytes = await assets.scalarJs();
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  let hash = '';
  for (const b of digest.subarray(0, 8)) hash += b.toString(16).padStart(2, '0');
  return { bytes, hash };
}

/** Builds the handlers of the docs page and of the Scalar bundle. */
export function createDocsHandlers(assets: DocsAssets) {
  let bundle: Promise<LoadedBundle> | null = null;
  const getBundle = (): Promise<LoadedBundle> => {
    bundle ??= loadBundle(assets).catch((error: unknown) => {
      bundle = null; // let a later request retry instead of caching the failure
      throw error;
    });
    return bundle;
  };

  return {
    /** GET /api/docs */
    async page(_request: Request, ctx: RequestContext): Promise<Response> {
      const { hash } = await getBundle();
      return respond(ctx, 200, page(`${SCALAR_SCRIPT_PATH}?v=${hash}`), {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
        ...SECURITY_HEADERS,
      });
    },

    /** GET /api/docs/scalar.js — immutable for a year: its URL changes with its content. */
    async script(request: Request, ctx: RequestContext): Promise<Response> {
      const { bytes, hash } = await getBundle();
      const etag = `"${hash}"`;
      const headers = {
        etag,
        'cache-control': 'public, max-age=31536000, immutable',
        'cross-origin-resource-policy': 'same-origin',
      };
      if (request.headers.get('if-none-match') === etag) return respond(ctx, 304, null, headers);
      return respond(ctx, 200, bytes, { 'content-type': 'text/javascript; charset=utf-8', ...headers });
    },
  };
}
