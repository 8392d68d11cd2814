/**
 * `secscan sessions create|revoke` against a running server's admin API, until a dashboard issues
 * sessions at sign-in. `create` prints the token once — the server keeps only its SHA-256.
 */
import { formatOptions, lastValue, type OptionSpec } from '../args/parse.ts';
import { UsageError, type CliIo, type Command } from '../command.ts';
import { callAdminApi } from './client.ts';
import { ADMIN_EXIT, parseAdminArgs, SERVER_OPTIONS } from './options.ts';
import { printJson } from './output.ts';
import { revokeSubcommand, runSubcommands } from './run.ts';

const CREATE_OPTIONS: readonly OptionSpec[] = [
  { name: 'subject', short: 's', value: '<subject>', description: 'Whose session it is (required), e.g. a user id' },
  { name: 'ttl', value: '<seconds>', description: "Lifetime in seconds, 60 to 2592000 (default: the server's SECSCAN_SESSION_TTL_SECONDS, 24 h)" },
];

/** The text of `secscan sessions --help`. */
export function sessionsHelp(): string {
  return `Usage: secscan sessions <create|revoke> [options]

Manages session tokens of a running secscan server through its admin API. The server must run
with SECSCAN_ADMIN_TOKEN set, and this command reads the same token from SECSCAN_ADMIN_TOKEN.

  secscan sessions create --subject <subject> [--ttl <seconds>]
      Creates a session token and prints it once: only its SHA-256 is stored.
  secscan sessions revoke <id>
      Revokes a session; it is refused from the next request on.

A session token is sent as Authorization: Bearer <token>, or by a browser as the
secscan_session cookie. All sessions of one subject share its rate limit.

Options of create:
${formatOptions(CREATE_OPTIONS)}

Options:
${formatOptions(SERVER_OPTIONS)}

Exit codes: 0 done, 1 the server refused or could not be reached, 2 usage error.
`;
}

type Json = Record<string, unknown>;

async function create(argv: readonly string[], io: CliIo, fetchImpl: typeof fetch): Promise<number> {
  const { args, format, client } = parseAdminArgs(argv, CREATE_OPTIONS, io, fetchImpl);
  if (args.positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(args.positionals[0])} (the subject goes in --subject)`);
  const subject = lastValue(args, 'subject');
  if (subject === undefined || subject.trim() === '') throw new UsageError('sessions create needs --subject <subject>');
  const ttlText = lastValue(args, 'ttl');
  const ttl = ttlText === undefined ? undefined : /^\d{1,9}$/.test(ttlText) ? Number(ttlText) : Number.NaN;
  if (ttl !== undefined && !Number.isSafeInteger(ttl)) throw new UsageError(`--ttl must be a whole number of seconds, not ${JSON.stringify(ttlText)}`);
  const session = (await callAdminApi(client, 'POST', '/api/admin/sessions', 'cannot create the session', { subject, ...(ttl !== undefined ? { ttlSeconds: ttl } : {}) })) as Json;
  if (format === 'json') {
    printJson(io, session);
    return ADMIN_EXIT.ok;
  }
  io.stdout(
    `Created session ${String(session['id'])} for "${String(session['subject'])}", valid until ${String(session['expiresAt'])}.\n\n` +
      `  ${String(session['token'])}\n\n` +
      'Hand it to its holder now: it is shown only this once (the server keeps only its SHA-256).\n' +
      'Send it as: Authorization: Bearer <token> (or, from a browser, the secscan_session cookie)\n',
  );
  return ADMIN_EXIT.ok;
}

/**
 * Runs `secscan sessions <create|revoke> …` (`argv`: the arguments after `sessions`) and resolves
 * with the exit code; never throws. `fetchImpl` is the global fetch unless a test passes another.
 */
export function runSessionsCommand(argv: readonly string[], io: CliIo, fetchImpl: typeof fetch = globalThis.fetch): Promise<number> {
  return runSubcommands('sessions', argv, io, fetchImpl, sessionsHelp, { create, revoke: revokeSubcommand('session', '/api/admin/sessions', '') });
}

/** `secscan sessions`, for the command list of the CLI's dispatcher. */
export const sessionsCommand: Command = {
  name: 'sessions',
  summary: 'Create and revoke session tokens on a running server (admin API)',
  help: sessionsHelp,
  run: (args, io) => runSessionsCommand(args, io),
};
