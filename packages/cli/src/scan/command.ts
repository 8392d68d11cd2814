/**
 * `secscan scan`: discovers files, scans them with the library (no server), renders the report
 * and turns the findings into an exit code for CI pipelines and pre-commit hooks.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { createScanner, loadModelFiles, ModelError, type LanguageId, type Scanner } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';
import { formatOptions } from '../args/parse.ts';
import { EXIT, UsageError, type CliIo, type Command } from '../command.ts';
import { languageFromShebang, readSourceFile, type ReadOutcome } from '../discover/read.ts';
import { withErrorCode } from '../discover/skip.ts';
import { DEFAULT_SKIPPED_DIRS, discoverFiles, findWorkTreeRoot } from '../discover/walk.ts';
import { parseScanArgs, SCAN_OPTIONS, type ScanSettings } from './options.ts';
import { createProgress, NO_PROGRESS, type Progress } from './progress.ts';
import { failingCount, formatJson, formatSarif, formatText, notes, sarifUri, summaryLine, type ScanReport } from './report.ts';

/**
 * Files read ahead of the scanner. Scans themselves run one at a time on purpose: `scan()` is
 * CPU-bound on one thread, and its time budget is wall-clock, so scans interleaved on one thread
 * would spend each other's budgets and be cut short for nothing. Reading ahead overlaps the I/O.
 */
const READ_AHEAD = 8;

let processScanner: Scanner | null = null;

/** One scanner per process: grammars and compiled rules are reused across runs, commands (and tests). */
export function sharedScanner(): Scanner {
  processScanner ??= createScanner({ loader: grammarLoader });
  return processScanner;
}

/**
 * The scanner of a run: the shared one, or — for a run with --models — one of its own with those
 * models added; a model that does not fit the schema is a usage error naming the file and the field.
 */
async function scanner(models: readonly string[], io: CliIo): Promise<Scanner> {
  if (models.length === 0) return sharedScanner();
  try {
    const loaded = await loadModelFiles(models, (path) => readFile(resolve(io.cwd, path), 'utf8'));
    return createScanner({ loader: grammarLoader, models: loaded });
  } catch (error) {
    if (error instanceof ModelError) throw new UsageError(error.message);
    throw error;
  }
}

/** The text of `secscan scan --help`. */
export function scanHelp(): string {
  return `Usage: secscan scan <files or directories…> [options]

Scans source code for vulnerabilities and secrets with secscan's rules, on this machine.
Directories are walked, skipping ${DEFAULT_SKIPPED_DIRS.join(', ')}, symbolic links and
paths matched by .gitignore and .secscanignore files (gitignore syntax; .secscanignore
wins). The language comes from the file name (or a #! line);
config files (.env, *.yml, *.json, …) are scanned for secrets.

Options:
${formatOptions(SCAN_OPTIONS)}

Exit codes: 0 no findings at or above --fail-on, 1 findings at or above it, 2 usage or I/O error.

Examples:
  secscan scan .
  secscan scan src --exclude 'test/**' --fail-on medium
  secscan scan . --format sarif --output secscan.sarif
  secscan scan services --models acme-web.json
`;
}

/** Whether colours suit this output: text to a terminal, and NO_COLOR unset or empty (no-color.org). */
function useColor(settings: ScanSettings, io: CliIo): boolean {
  return settings.format === 'text' && settings.output === null && io.stdoutIsTTY === true && !io.env?.['NO_COLOR'];
}

/** The progress line for a scan of `total` files: only on a terminal's stderr, and not with --quiet. */
function progressFor(settings: ScanSettings, io: CliIo, total: number): Progress {
  if (settings.quiet || io.stderrIsTTY !== true) return NO_PROGRESS;
  return createProgress(io.stderr, total, { ...(io.stderrColumns !== undefined ? { columns: io.stderrColumns } : {}), ...(io.now ? { now: io.now } : {}) });
}

/** Runs `secscan scan` with its arguments; resolves with the exit code. Usage errors are thrown as `UsageError`. */
export async function runScan(argv: readonly string[], io: CliIo): Promise<number> {
  const settings = parseScanArgs(argv);
  if (settings === 'help') {
    io.stdout(scanHelp());
    return EXIT.ok;
  }
  const discovery = await discoverFiles(settings.paths, { cwd: io.cwd, exclude: settings.exclude, maxFileSize: settings.maxFileSize });
  const engine = await scanner(settings.models, io);
  const selected = settings.rules ? new Set(settings.rules) : null;
  // With --rules, a file none of whose language's rules was chosen is not worth parsing.
  const wanted = (language: LanguageId): boolean => !selected || engine.rulesFor(language).some((r) => selected.has(r.id));
  // The previous run's report (say report.json) is not source code: never scan it.
  const target = settings.output === null ? null : resolve(io.cwd, settings.output);
  const files = discovery.files.filter((f) => f.absolutePath !== target && (f.language === null || wanted(f.language)));
  // Load the grammars before the first scan, so loading them is not charged to a file's time budget.
  await engine.warmUp([...new Set(files.flatMap((f) => (f.language ? [f.language] : [])))]).catch(() => undefined);

  // SARIF URIs are relative to the repository root, as code scanning shows them.
  const base = (await findWorkTreeRoot(io.cwd)) ?? io.cwd;
  const report: ScanReport = { files: [], skipped: [...discovery.skipped], failOn: settings.failOn };
  const pending: (Promise<ReadOutcome> | undefined)[] = [];
  const readAt = (i: number): void => {
    const file = files[i];
    if (file) pending[i] = readSourceFile(file.absolutePath, settings.maxFileSize);
  };
  for (let i = 0; i < READ_AHEAD; i++) readAt(i);
  // Nothing in the loop throws (reads resolve to outcomes, scan() never throws): the line is always erased below.
  const progress = progressFor(settings, io, files.length);
  for (let i = 0; i < files.length; i++) {
    const file = files[i];
    const outcome = await pending[i];
    pending[i] = undefined;
    readAt(i + READ_AHEAD);
    if (!file || !outcome) continue;
    progress.update(i, file.path);
    if (outcome.kind === 'skipped') {
      // An extension-less binary found by walking (a compiled program) was never a script candidate worth a note.
      if (!(outcome.reason === 'binary' && file.language === null && !file.explicit)) report.skipped.push({ path: file.path, reason: outcome.reason, detail: outcome.detail });
      continue;
    }
    const language = file.language ?? languageFromShebang(outcome.code);
    if (language === null) {
      if (file.explicit) report.skipped.push({ path: file.path, reason: 'unknown-language', detail: 'not a file type secscan scans (no extension and no known #! line)' });
      continue;
    }
    if (!wanted(language)) continue;
    const result = await engine.scan(
      { code: outcome.code, language, filename: file.path },
      { minConfidence: settings.minConfidence, ...(settings.rules ? { rules: settings.rules } : {}) },
    );
    report.files.push({ path: file.path, uri: sarifUri(file.absolutePath, base), result });
  }
  progress.end(); // before the report reaches the same terminal

  const rendered =
    settings.format === 'json'
      ? formatJson(report)
      : settings.format === 'sarif'
        ? formatSarif(report)
        : formatText(report, { color: useColor(settings, io), quiet: settings.quiet });
  if (target !== null && settings.output !== null) {
    try {
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, rendered);
    } catch (error) {
      io.stderr(`secscan: ${withErrorCode(error, `cannot write the report to ${settings.output}`)}\n`);
      return EXIT.error;
    }
  } else io.stdout(rendered);

  if (!settings.quiet) {
    const lines = notes(report);
    // The summary already ends a text report on stdout; otherwise it goes to stderr, beside the notes.
    if (settings.format !== 'text' || settings.output !== null) lines.push(summaryLine(report) + (settings.output !== null ? ` Report written to ${settings.output}.` : ''));
    if (lines.length > 0) io.stderr(`${lines.join('\n')}\n`);
  }
  return failingCount(report) > 0 ? EXIT.findings : EXIT.ok;
}

/** The `scan` command for the dispatcher. */
export const scanCommand: Command = {
  name: 'scan',
  summary: 'Scan files and directories for vulnerabilities and secrets',
  help: scanHelp,
  run: runScan,
};
