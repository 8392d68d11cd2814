/**
 * @secscan/http — secscan's HTTP API as one runtime-neutral fetch handler: `createApp(deps)`.
 * Servers for Node, Bun and Deno wrap it (see `@secscan/http/server` for their shared start-up).
 */
export { createApp, type App, type RawProblem, type RouteInfo, type UnparsedProblemCode } from './app.ts';
export type {
  AccessConfig,
  AccountsConfig,
  AppConfig,
  AppDeps,
  AppLogger,
  AppScanner,
  Clock,
  DashboardAssets,
  DocsAssets,
  ErrorLogEntry,
  OidcConfig,
  RequestLogEntry,
  ScanCaller,
} from './deps.ts';
export type { RequestContext } from './context.ts';
export { ScanRefusedError, type ScanRefusalReason } from './scan-pool/refusal.ts';
export { buildOpenApiDocument, type OpenApiDocument, type OpenApiOptions } from './openapi/document.ts';
export { PROBLEMS, PROBLEM_CODES, problemType, type ProblemBody, type ProblemCode, type ProblemError } from './problem.ts';
export { DOCS_CSP, SCALAR_CONFIGURATION, SCALAR_SCRIPT_PATH } from './routes/docs.ts';
export * from './schemas.ts';
export * from './dashboard-schemas.ts';
export { DASHBOARD_CSP, DASHBOARD_PAGES } from './routes/dashboard.ts';
