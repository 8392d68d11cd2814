/** The options `secscan keys` and `secscan sessions` share (server, output format) and reading them. */
import { lastValue, parseArgs, type OptionSpec, type ParsedArgs } from '../args/parse.ts';
import { UsageError, type CliIo } from '../command.ts';
import { checkServerUrl, DEFAULT_URL, type AdminClientOptions } from './client.ts';

/** Output formats of the admin commands. */
export type AdminFormat = 'table' | 'json';

/** Options every admin subcommand takes. */
export const SERVER_OPTIONS: readonly OptionSpec[] = [
  { name: 'url', value: '<url>', description: `Base URL of the secscan server (default ${DEFAULT_URL})` },
  { name: 'format', short: 'f', value: '<format>', description: 'table (default) or json' },
  { name: 'insecure-http', description: 'Allow plain http:// to a host other than this machine (sends the admin token in clear)' },
  { name: 'help', short: 'h', description: 'Show this help' },
];

/** Exit codes of the admin commands. */
export const ADMIN_EXIT = {
  /** Done. */
  ok: 0,
  /** The server refused the request, or could not be reached. */
  failed: 1,
  /** A usage mistake (unknown option, missing value, no SECSCAN_ADMIN_TOKEN). */
  usage: 2,
} as const;

/** Parsed arguments of an admin subcommand plus where and how to talk to the server. */
export interface AdminInvocation {
  args: ParsedArgs;
  format: AdminFormat;
  client: AdminClientOptions;
}

/** Parses a subcommand's arguments against its options plus the server options; throws UsageError. */
export function parseAdminArgs(argv: readonly string[], specs: readonly OptionSpec[], io: CliIo, fetchImpl: typeof fetch): AdminInvocation {
  const args = parseArgs(argv, [...specs, ...SERVER_OPTIONS]);
  const format = lastValue(args, 'format') ?? 'table';
  if (format !== 'table' && format !== 'json') throw new UsageError(`--format must be table or json, not ${JSON.stringify(format)}`);
  const token = io.env?.['SECSCAN_ADMIN_TOKEN']?.trim() ?? '';
  if (token === '') throw new UsageError('set SECSCAN_ADMIN_TOKEN to the admin token the server was started with (it is never taken from the command line)');
  let url: string;
  try {
    url = checkServerUrl(lastValue(args, 'url') ?? DEFAULT_URL, args.flags.has('insecure-http'));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  return { args, format, client: { url, token, fetch: fetchImpl } };
}
