/** @secscan/http/server — what the Node, Bun and Deno servers share: configuration, JSON log, start-up and graceful shutdown. */
export {
  CONFIG_VARIABLES,
  ConfigError,
  MIN_ADMIN_TOKEN_LENGTH,
  parseConfig,
  type ConfigVariable,
  type ConnectionTimeouts,
  type DatabaseConfig,
  type ScanningConfig,
  type ServerConfig,
} from './config.ts';
export { Secret } from './secret.ts';
export { createJsonLog, createLineBatcher, throttledWarnings, type JsonLog, type LineBatcher, type LogLevel, type ThrottledWarning } from './log.ts';
export {
  dashboardAssetsUrl,
  parseOpenFileLimit,
  runServer,
  scalarBundleUrl,
  type DatabaseStoreOptions,
  type DatabaseStores,
  type ListeningServer,
  type ListenOptions,
  type RunningServer,
  type ServerHost,
  type ServerTimeouts,
} from './run.ts';
export {
  createScanPool,
  type ScanPool,
  type ScanPoolEvent,
  type ScanPoolOptions,
  type ScanPoolStats,
  type ScanWorkerEvents,
  type ScanWorkerHandle,
  type SpawnScanWorker,
} from '../scan-pool/pool.ts';
export { inProcessSpawner, webWorkerSpawner } from '../scan-pool/spawners.ts';
export { createScanService, scanServiceShape, type ScanServiceParts, type ScanServiceShape } from './scan-service.ts';
