/** How `secscan keys` and `secscan sessions` run: subcommand dispatch, failures turned into exit codes, revocation. */
import { UsageError, type CliIo } from '../command.ts';
import { AdminApiError, callAdminApi } from './client.ts';
import { ADMIN_EXIT, parseAdminArgs } from './options.ts';
import { printJson } from './output.ts';

/** Reports a failure of an admin command on stderr and turns it into its exit code. */
export function reportAdminFailure(error: unknown, command: string, io: CliIo): number {
  if (error instanceof UsageError) {
    io.stderr(`secscan: ${error.message}\nRun 'secscan ${command} --help' for usage.\n`);
    return ADMIN_EXIT.usage;
  }
  if (error instanceof AdminApiError) {
    io.stderr(`secscan: ${error.message}\n`);
    return ADMIN_EXIT.failed;
  }
  io.stderr(`secscan: ${error instanceof Error ? error.message : String(error)}\n`);
  return ADMIN_EXIT.failed;
}

/** A subcommand: runs with the arguments after its name; throws UsageError or AdminApiError. */
export type Subcommand = (argv: readonly string[], io: CliIo, fetchImpl: typeof fetch) => Promise<number>;

/**
 * Runs `secscan <command> <subcommand> …`: help for `--help` (or no subcommand: help on stderr,
 * exit 2), the subcommand otherwise; resolves with the exit code and never throws.
 */
export async function runSubcommands(
  command: string,
  argv: readonly string[],
  io: CliIo,
  fetchImpl: typeof fetch,
  help: () => string,
  subcommands: Readonly<Record<string, Subcommand>>,
): Promise<number> {
  const [sub, ...rest] = argv;
  try {
    if (sub === undefined || sub === '-h' || sub === '--help' || rest.includes('--help') || rest.includes('-h')) {
      (sub === undefined ? io.stderr : io.stdout)(help());
      return sub === undefined ? ADMIN_EXIT.usage : ADMIN_EXIT.ok;
    }
    const run = Object.hasOwn(subcommands, sub) ? subcommands[sub] : undefined;
    if (!run) throw new UsageError(`unknown ${command} command '${sub}' (${Object.keys(subcommands).join(', ')})`);
    return await run(rest, io, fetchImpl);
  } catch (error) {
    return reportAdminFailure(error, command, io);
  }
}

/** `… revoke <id>`: revokes one key or session by id through `path` (`/api/admin/keys`). */
export function revokeSubcommand(noun: 'key' | 'session', path: string, hint: string): Subcommand {
  return async (argv, io, fetchImpl) => {
    const { args, format, client } = parseAdminArgs(argv, [], io, fetchImpl);
    const [id, extra] = args.positionals;
    if (id === undefined || extra !== undefined) throw new UsageError(`${noun}s revoke needs exactly one ${noun} id${hint}`);
    await callAdminApi(client, 'DELETE', `${path}/${encodeURIComponent(id)}`, `cannot revoke ${noun} ${id}`);
    if (format === 'json') printJson(io, { id, revoked: true });
    else io.stdout(`Revoked ${noun} ${id}: it is refused from the next request on.\n`);
    return ADMIN_EXIT.ok;
  };
}
