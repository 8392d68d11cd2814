/** @secscan/http/server — what the Node, Bun and Deno servers share: configuration, JSON log, start-up and graceful shutdown. */
export { CONFIG_VARIABLES, ConfigError, MIN_ADMIN_TOKEN_LENGTH, parseConfig, type ConfigVariable, type ServerConfig } from './config.ts';
export { Secret } from './secret.ts';
export { createJsonLog, type JsonLog, type LogLevel } from './log.ts';
export { runServer, scalarBundleUrl, type ListeningServer, type ListenOptions, type RunningServer, type ServerHost } from './run.ts';
