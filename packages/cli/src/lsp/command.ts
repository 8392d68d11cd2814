/**
 * `secscan lsp`: runs the language server on stdin and stdout until the editor ends it. Editors
 * start it themselves (docs/editors.md shows VS Code and Neovim); run by hand it waits for a client.
 */
import { format } from 'node:util';
import { VERSION } from '@secscan/core';
import { formatOptions, lastValue, parseArgs, type OptionSpec } from '../args/parse.ts';
import { EXIT, UsageError, type CliIo, type Command } from '../command.ts';
import { sharedScanner } from '../scan/command.ts';
import { DEFAULT_LANGUAGE_SERVER_OPTIONS, startLanguageServer } from './server.ts';

/** The options of `secscan lsp`, in help order. */
export const LSP_OPTIONS: readonly OptionSpec[] = [
  { name: 'stdio', description: 'Talk JSON-RPC over stdin and stdout (the default and only transport; accepted because editors pass it)' },
  { name: 'debounce', value: '<ms>', description: `Quiet time after an edit before the document is scanned again (default: ${DEFAULT_LANGUAGE_SERVER_OPTIONS.debounceMs})` },
  { name: 'time-budget', value: '<ms>', description: `Longest a scan may run; past it the findings so far are shown (default: ${DEFAULT_LANGUAGE_SERVER_OPTIONS.timeBudgetMs})` },
  { name: 'help', short: 'h', description: 'Show this help' },
];

/** The text of `secscan lsp --help`. */
export function lspHelp(): string {
  return `Usage: secscan lsp [--stdio] [options]

Runs secscan as a Language Server Protocol server over stdin and stdout: the documents your editor
has open are scanned as you type (the editor's text, not the file on disk), findings appear as
diagnostics linking the rule's reference, and each has a quick fix that adds a
\`secscan-ignore <rule-id>: <reason>\` comment. Your editor starts it; see docs/editors.md.

Options:
${formatOptions(LSP_OPTIONS)}
`;
}

/** A whole number of milliseconds from an option, within bounds. */
function milliseconds(option: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const ms = /^\d{1,7}$/.test(value) ? Number(value) : Number.NaN;
  if (!(ms >= 0 && ms <= max)) throw new UsageError(`invalid value for --${option}: '${value}' (expected a whole number of milliseconds, 0 to ${max})`);
  return ms;
}

/** Runs `secscan lsp`; resolves when the client ends the session. Usage errors are thrown as `UsageError`. */
export async function runLsp(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, LSP_OPTIONS);
  if (args.flags.has('help')) {
    io.stdout(lspHelp());
    return EXIT.ok;
  }
  if (args.positionals.length > 0) throw new UsageError(`secscan lsp takes no arguments (got '${args.positionals[0]}')`);
  const debounceMs = milliseconds('debounce', lastValue(args, 'debounce'), DEFAULT_LANGUAGE_SERVER_OPTIONS.debounceMs, 60_000);
  const timeBudgetMs = milliseconds('time-budget', lastValue(args, 'time-budget'), DEFAULT_LANGUAGE_SERVER_OPTIONS.timeBudgetMs, 600_000);
  if (timeBudgetMs === 0) throw new UsageError('--time-budget must be at least 1 ms');
  if (!io.stdio) throw new UsageError('secscan lsp needs the process’s stdin and stdout');
  // stdout carries the protocol: anything a library logs goes to stderr instead.
  const toStderr = (...values: unknown[]): void => io.stderr(`${format(...values)}\n`);
  Object.assign(console, { log: toStderr, info: toStderr, debug: toStderr, warn: toStderr });
  const connection = startLanguageServer(io.stdio.input, io.stdio.output, sharedScanner(), { debounceMs, timeBudgetMs, version: VERSION });
  // The library ends the process on the client's exit notification or when stdin closes.
  return new Promise((resolve) => connection.onExit(() => resolve(EXIT.ok)));
}

/** The `lsp` command for the dispatcher. */
export const lspCommand: Command = {
  name: 'lsp',
  summary: 'Run the language server for editors (diagnostics as you type)',
  help: lspHelp,
  run: runLsp,
};
