/**
 * The dashboard (issue #11), served by the same server as the API: a single-page client of /api,
 * built at build time (scripts/build.mjs) to a hashed script and style sheet. Every page path
 * answers the same HTML shell; the client draws the page. No CDN, and a strict Content-Security-
 * Policy: scripts and styles only from this server (no inline script or style), requests only to it.
 */
import { respond, type Handler, type RequestContext } from '../context.ts';
import type { DashboardAssets } from '../deps.ts';
import { problem } from '../problem.ts';

/** The dashboard's page paths (router-style), each answered with the shell. */
export const DASHBOARD_PAGES: readonly string[] = [
  '/dashboard',
  '/dashboard/sign-in',
  '/dashboard/sign-up',
  '/dashboard/keys',
  '/dashboard/usage',
  '/dashboard/history',
  '/dashboard/history/{scanId}',
  '/dashboard/playground',
  '/dashboard/account',
  '/dashboard/admin/users',
  '/dashboard/admin/keys',
  '/dashboard/admin/settings',
];

/** Path of the built files. */
export const DASHBOARD_ASSET_PATH = '/dashboard/assets/{file}';

/** The dashboard's CSP: nothing inline, nothing from elsewhere, no framing. */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-cache',
  'content-security-policy': DASHBOARD_CSP,
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

function shell(script: string, style: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>secscan</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/dashboard/assets/${style}">
<script type="module" src="/dashboard/assets/${script}"></script>
</head>
<body>
<div id="app"><noscript>The secscan dashboard needs JavaScript. The API works without it: see <a href="/api/docs">/api/docs</a>.</noscript></div>
</body>
</html>
`;
}

/** Content types of the built files. */
function contentType(file: string): string {
  if (file.endsWith('.js')) return 'text/javascript; charset=utf-8';
  if (file.endsWith('.css')) return 'text/css; charset=utf-8';
  if (file.endsWith('.svg')) return 'image/svg+xml';
  if (file.endsWith('.map')) return 'application/json';
  return 'application/octet-stream';
}

/** Builds the handlers of the dashboard's pages and files, and of `/` (which redirects to it). */
export function createDashboardHandlers(assets: DashboardAssets | undefined): { page: Handler; asset: Handler; root: Handler } {
  const missing = (ctx: RequestContext): Response => problem(ctx, 'not_found', 'The dashboard is not built on this server (npm run build); the API lives under /api.');
  return {
    async page(_request, ctx) {
      if (!assets) return missing(ctx);
      let manifest;
      try {
        manifest = await assets.manifest();
      } catch {
        return missing(ctx);
      }
      return respond(ctx, 200, shell(manifest.script, manifest.style), PAGE_HEADERS);
    },
    async asset(request, ctx) {
      if (!assets) return missing(ctx);
      const file = (request as Request & { params?: Record<string, string | undefined> }).params?.['file'] ?? '';
      let manifest;
      try {
        manifest = await assets.manifest();
      } catch {
        return missing(ctx);
      }
      // Only the build's own files: the name is looked up, never joined into a path.
      if (!manifest.files.includes(file)) return problem(ctx, 'not_found', 'No such dashboard file.');
      const bytes = await assets.file(file);
      return respond(ctx, 200, bytes, {
        'content-type': contentType(file),
        // Hashed names: a new build has new names.
        'cache-control': 'public, max-age=31536000, immutable',
        'cross-origin-resource-policy': 'same-origin',
      });
    },
    root: (_request, ctx) => respond(ctx, 302, null, { location: '/dashboard/', 'cache-control': 'no-cache' }),
  };
}
