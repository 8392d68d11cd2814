/**
 * The `secscan` command line: picks the command named by the first argument and runs it with the
 * given I/O. Adding a command (`keys`, `sessions` against a server's admin API) is adding one
 * entry to COMMANDS.
 */
import { VERSION } from '@secscan/core';
import { closest } from './args/parse.ts';
import { EXIT, UsageError, type CliIo, type Command } from './command.ts';
import { keysCommand, sessionsCommand } from './admin/index.ts';
import { lspCommand } from './lsp/command.ts';
import { rulesCommand } from './rules/command.ts';
import { scanCommand } from './scan/command.ts';

/** Every command, in help order. */
export const COMMANDS: readonly Command[] = [scanCommand, rulesCommand, lspCommand, keysCommand, sessionsCommand];

/** The text of `secscan --help`. */
export function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return `secscan ${VERSION}: a syntax-aware security scanner for source code

Usage: secscan <command> [options]

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`).join('\n')}
  ${'help'.padEnd(width)}Show help for a command (secscan help scan)

Options:
  -h, --help       Show this help
  -V, --version    Print the version

Exit codes: 0 success, 1 findings at or above the failure threshold, 2 usage or I/O error.
`;
}

function findCommand(name: string): Command {
  const command = COMMANDS.find((c) => c.name === name);
  if (command) return command;
  const guess = closest(
    name,
    COMMANDS.map((c) => c.name),
  );
  // `secscan src/` is a likely slip for `secscan scan src/`.
  const looksLikePath = name.includes('/') || name.includes('\\') || name.includes('.');
  throw new UsageError(`unknown command '${name}'${guess ? ` (did you mean ${guess}?)` : looksLikePath ? ` (to scan it: secscan scan ${name})` : ''}`);
}

/**
 * Runs `secscan` with `argv` (the arguments after the program name) and resolves with the exit
 * code; never throws. The entry point passes the real process; tests pass collecting writers.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  let helpHint = 'secscan --help';
  try {
    if (first === undefined) {
      io.stderr(mainHelp());
      return EXIT.error;
    }
    if (first === '-h' || first === '--help') {
      io.stdout(mainHelp());
      return EXIT.ok;
    }
    if (first === '-V' || first === '--version') {
      io.stdout(`secscan ${VERSION}\n`);
      return EXIT.ok;
    }
    if (first === 'help') {
      io.stdout(rest[0] === undefined ? mainHelp() : findCommand(rest[0]).help());
      return EXIT.ok;
    }
    if (first.startsWith('-')) throw new UsageError(`unknown option ${first} (options go after the command: secscan scan <paths…> [options])`);
    const command = findCommand(first);
    helpHint = `secscan ${command.name} --help`;
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`secscan: ${error.message}\nRun '${helpHint}' for usage.\n`);
      return EXIT.error;
    }
    // Not a usage mistake: an I/O failure or a bug. Say what it was without a stack trace.
    io.stderr(`secscan: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.error;
  }
}
