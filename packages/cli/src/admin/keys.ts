/**
 * `secscan keys create|list|revoke` against a running server's admin API. `create` prints the new
 * key once — the server keeps only its SHA-256, so it can never be shown again.
 */
import { formatOptions, lastValue, type OptionSpec } from '../args/parse.ts';
import { UsageError, type CliIo, type Command } from '../command.ts';
import { callAdminApi } from './client.ts';
import { ADMIN_EXIT, parseAdminArgs, SERVER_OPTIONS } from './options.ts';
import { formatTable, printJson, shortTime } from './output.ts';
import { revokeSubcommand, runSubcommands } from './run.ts';

const CREATE_OPTIONS: readonly OptionSpec[] = [
  { name: 'name', short: 'n', value: '<name>', description: 'What the key is for (required), e.g. "CI pipeline"' },
  { name: 'plan', short: 'p', value: '<plan>', description: 'free (default), pro or enterprise' },
  { name: 'rpm', value: '<n>', description: 'Requests per minute of an enterprise key (required for enterprise only)' },
];

/** The text of `secscan keys --help`. */
export function keysHelp(): string {
  return `Usage: secscan keys <create|list|revoke> [options]

Manages the API keys of a running secscan server through its admin API. The server must run
with SECSCAN_ADMIN_TOKEN set, and this command reads the same token from SECSCAN_ADMIN_TOKEN.

  secscan keys create --name <name> [--plan free|pro|enterprise] [--rpm <n>]
      Creates a key and prints it once: only its SHA-256 is stored, it cannot be shown again.
  secscan keys list
      Lists every key (never a secret): id, name, plan, limit, created, last used, revoked.
  secscan keys revoke <id>
      Revokes a key; it is refused from the next request on.

Options of create:
${formatOptions(CREATE_OPTIONS)}

Options:
${formatOptions(SERVER_OPTIONS)}

Exit codes: 0 done, 1 the server refused or could not be reached, 2 usage error.

Examples:
  SECSCAN_ADMIN_TOKEN=… secscan keys create --name "CI pipeline" --plan pro
  SECSCAN_ADMIN_TOKEN=… secscan keys list --url https://secscan.example.com --format json
`;
}

type Json = Record<string, unknown>;

function positiveInteger(text: string, option: string): number {
  const n = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`${option} must be a whole number of at least 1, not ${JSON.stringify(text)}`);
  return n;
}

async function create(argv: readonly string[], io: CliIo, fetchImpl: typeof fetch): Promise<number> {
  const { args, format, client } = parseAdminArgs(argv, CREATE_OPTIONS, io, fetchImpl);
  if (args.positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(args.positionals[0])} (the name goes in --name)`);
  const name = lastValue(args, 'name');
  if (name === undefined || name.trim() === '') throw new UsageError('keys create needs --name <name>');
  const plan = lastValue(args, 'plan') ?? 'free';
  if (plan !== 'free' && plan !== 'pro' && plan !== 'enterprise') throw new UsageError(`--plan must be free, pro or enterprise, not ${JSON.stringify(plan)}`);
  const rpmText = lastValue(args, 'rpm');
  if (plan === 'enterprise' && rpmText === undefined) throw new UsageError('an enterprise key needs --rpm <requests per minute>');
  if (plan !== 'enterprise' && rpmText !== undefined) throw new UsageError(`--rpm is only for enterprise keys; a ${plan} key has its plan's limit`);
  const body = { name, plan, ...(rpmText !== undefined ? { requestsPerMinute: positiveInteger(rpmText, '--rpm') } : {}) };
  const key = (await callAdminApi(client, 'POST', '/api/admin/keys', 'cannot create the key', body)) as Json;
  if (format === 'json') {
    printJson(io, key);
    return ADMIN_EXIT.ok;
  }
  io.stdout(
    `Created API key ${String(key['id'])} "${String(key['name'])}" (${String(key['plan'])}, ${String(key['requestsPerMinute'])} requests/min).\n\n` +
      `  ${String(key['key'])}\n\n` +
      'Store it now: it is shown only this once (the server keeps only its SHA-256).\n' +
      'Send it as: Authorization: Bearer <key>\n',
  );
  return ADMIN_EXIT.ok;
}

async function list(argv: readonly string[], io: CliIo, fetchImpl: typeof fetch): Promise<number> {
  const { args, format, client } = parseAdminArgs(argv, [], io, fetchImpl);
  if (args.positionals.length > 0) throw new UsageError(`keys list takes no arguments (got ${JSON.stringify(args.positionals[0])})`);
  const result = (await callAdminApi(client, 'GET', '/api/admin/keys', 'cannot list the keys')) as { keys?: Json[] };
  const keys = Array.isArray(result?.keys) ? result.keys : [];
  if (format === 'json') {
    printJson(io, { keys });
    return ADMIN_EXIT.ok;
  }
  if (keys.length === 0) {
    io.stdout('No API keys yet. Create one with: secscan keys create --name <name>\n');
    return ADMIN_EXIT.ok;
  }
  const rows = keys.map((k) => [
    String(k['id']),
    String(k['name']),
    String(k['plan']),
    String(k['requestsPerMinute']),
    shortTime(k['createdAt'], '-'),
    shortTime(k['lastUsedAt'], 'never'),
    shortTime(k['revokedAt'], '-'),
  ]);
  io.stdout(formatTable(['ID', 'NAME', 'PLAN', 'RPM', 'CREATED', 'LAST USED', 'REVOKED'], rows));
  return ADMIN_EXIT.ok;
}

/**
 * Runs `secscan keys <create|list|revoke> …` (`argv`: the arguments after `keys`) and resolves
 * with the exit code; never throws. `fetchImpl` is the global fetch unless a test passes another.
 */
export function runKeysCommand(argv: readonly string[], io: CliIo, fetchImpl: typeof fetch = globalThis.fetch): Promise<number> {
  return runSubcommands('keys', argv, io, fetchImpl, keysHelp, {
    create,
    list,
    revoke: revokeSubcommand('key', '/api/admin/keys', ' (see secscan keys list)'),
  });
}

/** `secscan keys`, for the command list of the CLI's dispatcher. */
export const keysCommand: Command = {
  name: 'keys',
  summary: 'Create, list and revoke API keys on a running server (admin API)',
  help: keysHelp,
  run: (args, io) => runKeysCommand(args, io),
};
