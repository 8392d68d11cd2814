/**
 * @secscan/cli: secscan on the command line (`secscan scan …`), and the pieces it is built from for
 * tools that want the same file discovery or report formats around the library.
 */
export { runCli, COMMANDS, mainHelp } from './run.ts';
export { EXIT, UsageError, type CliIo, type Command } from './command.ts';
export { runScan, scanCommand, scanHelp } from './scan/command.ts';
export { lspCommand, lspHelp, runLsp } from './lsp/command.ts';
export { DEFAULT_LANGUAGE_SERVER_OPTIONS, serveLanguageServer, startLanguageServer, type LanguageServerOptions } from './lsp/server.ts';
export { formatRulesTable, rulesCommand, rulesHelp, runRules, summarizeRules, unknownRuleError, type RuleSummary } from './rules/command.ts';
export { parseScanArgs, SCAN_OPTIONS, FORMATS, type ScanSettings, type OutputFormat, type FailOn } from './scan/options.ts';
export { formatJson, formatSarif, formatText, sarifUri, summaryLine, type ScanReport, type ScannedFile } from './scan/report.ts';
export { discoverFiles, DEFAULT_MAX_FILE_SIZE, DEFAULT_SKIPPED_DIRS, type DiscoverOptions, type Discovery, type SourceFile } from './discover/walk.ts';
export { readSourceFile, languageFromShebang, type ReadOutcome } from './discover/read.ts';
export type { SkippedFile, SkipReason } from './discover/skip.ts';
export { parseIgnoreFile, type IgnoreRule } from './discover/gitignore.ts';
export { runKeysCommand, runSessionsCommand, keysCommand, sessionsCommand, ADMIN_EXIT } from './admin/index.ts';
