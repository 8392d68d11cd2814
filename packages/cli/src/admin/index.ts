/** `secscan keys` and `secscan sessions`: the admin API of a running server from the command line. */
export { AdminApiError, callAdminApi, checkServerUrl, DEFAULT_URL, type AdminClientOptions } from './client.ts';
export { keysCommand, keysHelp, runKeysCommand } from './keys.ts';
export { ADMIN_EXIT, type AdminFormat } from './options.ts';
export { runSessionsCommand, sessionsCommand, sessionsHelp } from './sessions.ts';
