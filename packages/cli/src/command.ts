/**
 * What every `secscan` command shares: the I/O it is given (so tests run commands in-process and
 * the entry point wires them to the real process), and how a command reports a usage mistake.
 */
import type { Readable, Writable } from 'node:stream';

/** The outside world as a command sees it: writers for stdout and stderr, the working directory, the environment. */
export interface CliIo {
  /** Writes text to standard output as is (no newline added). */
  stdout: (text: string) => void;
  /** Writes text to standard error as is (no newline added). */
  stderr: (text: string) => void;
  /** Directory that relative paths on the command line are resolved against. */
  cwd: string;
  /** Environment variables (for NO_COLOR); none when absent. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Whether stdout is a terminal (colours are used only then, and only without NO_COLOR). */
  stdoutIsTTY?: boolean;
  /** Whether stderr is a terminal (a long scan's progress line is drawn only then). */
  stderrIsTTY?: boolean;
  /** Width of the terminal stderr writes to, when it is one. */
  stderrColumns?: number;
  /** A millisecond clock for the progress line's timing (performance.now by default; tests pass their own). */
  now?: () => number;
  /** The process's stdin and stdout as streams, for `secscan lsp` (JSON-RPC over stdio); absent in-process. */
  stdio?: { input: Readable; output: Writable };
}

/** Exit codes every command keeps, as CI pipelines and hooks read them. */
export const EXIT = {
  /** Nothing at or above the failure threshold. */
  ok: 0,
  /** Findings at or above the failure threshold. */
  findings: 1,
  /** A usage mistake (unknown option, bad value, missing path) or an I/O error that stopped the run. */
  error: 2,
} as const;

/** A subcommand of `secscan` (`scan` now; `keys` and `sessions` against a server's admin API later). */
export interface Command {
  /** The word after `secscan` that selects this command. */
  name: string;
  /** One line for the command list in `secscan --help`. */
  summary: string;
  /** The full text of `secscan <name> --help`. */
  help(): string;
  /** Runs the command with the arguments after its name; resolves with the exit code. */
  run(args: readonly string[], io: CliIo): Promise<number>;
}

/** A mistake on the command line: reported on stderr with a pointer to `--help`, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
