/**
 * `secscan scan`'s options: the table its parser and help text are built from, and the checks
 * that turn the raw strings into settings (every bad value is a usage error, exit code 2).
 */
import { CONFIDENCES, RULES, SEVERITIES, type Confidence, type Severity } from '@secscan/core';
import { lastValue, parseArgs, type OptionSpec } from '../args/parse.ts';
import { unknownRuleError } from '../rules/command.ts';
import { UsageError } from '../command.ts';
import { DEFAULT_MAX_FILE_SIZE } from '../discover/walk.ts';

/** Report formats. */
export const FORMATS = ['text', 'json', 'sarif'] as const;
/** A report format. */
export type OutputFormat = (typeof FORMATS)[number];
/** The severity from which findings fail the run, or `none` to never fail. */
export type FailOn = Severity | 'none';

/** Validated settings of one `secscan scan` run. */
export interface ScanSettings {
  paths: string[];
  format: OutputFormat;
  failOn: FailOn;
  /** File to write the report to; stdout when null. */
  output: string | null;
  minConfidence: Confidence;
  exclude: string[];
  maxFileSize: number;
  /** Only these rule ids; every rule when null. */
  rules: string[] | null;
  /** Model files (JSON) added to the built-in models, relative to the working directory. */
  models: string[];
  quiet: boolean;
}

/** The options of `secscan scan`, in help order. */
export const SCAN_OPTIONS: readonly OptionSpec[] = [
  { name: 'format', short: 'f', value: '<text|json|sarif>', description: 'Report format (default: text)' },
  { name: 'output', short: 'o', value: '<file>', description: 'Write the report to a file instead of stdout' },
  { name: 'fail-on', value: '<severity>', description: 'Exit 1 on findings at or above: critical, high, medium, low, info, none (default: high)' },
  { name: 'min-confidence', value: '<high|medium|low>', description: 'Report only findings at least this certain (default: low, i.e. all)' },
  { name: 'exclude', value: '<glob>', repeatable: true, description: 'Skip paths matching a gitignore-style pattern, relative to the working directory (repeatable)' },
  { name: 'max-file-size', value: '<bytes>', description: 'Skip larger files; a number of bytes, or with k or m (KiB, MiB) (default: 1m)' },
  { name: 'rules', value: '<id,…>', repeatable: true, description: 'Run only these rule ids, comma-separated (repeatable)' },
  { name: 'models', value: '<file>', repeatable: true, description: 'Add the library/framework models in this JSON file (repeatable; see docs/writing-rules.md)' },
  { name: 'quiet', short: 'q', description: 'Print findings only: no notes, no summary' },
  { name: 'help', short: 'h', description: 'Show this help' },
];

/** Parses `512`, `64k`, `2m`, `1KiB`, `3MiB` (1024-based) into bytes; null when malformed. */
export function parseByteSize(text: string): number | null {
  const lower = text.trim().toLowerCase();
  let digits = lower;
  let unit = 1;
  for (const [suffix, factor] of [
    ['kib', 1024],
    ['mib', 1024 * 1024],
    ['k', 1024],
    ['m', 1024 * 1024],
  ] as const) {
    if (lower.endsWith(suffix)) {
      digits = lower.slice(0, -suffix.length);
      unit = factor;
      break;
    }
  }
  if (digits === '' || digits.length > 15 || ![...digits].every((c) => c >= '0' && c <= '9')) return null;
  const bytes = Number(digits) * unit;
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : null;
}

function oneOf<T extends string>(option: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  const lower = value.toLowerCase();
  const found = allowed.find((a) => a === lower);
  if (found !== undefined) return found;
  throw new UsageError(`invalid value for --${option}: '${value}' (expected ${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)})`);
}

/** Turns `secscan scan`'s arguments into settings; 'help' when help was asked for; throws `UsageError` on any mistake. */
export function parseScanArgs(argv: readonly string[]): ScanSettings | 'help' {
  const args = parseArgs(argv, SCAN_OPTIONS);
  if (args.flags.has('help')) return 'help';
  if (args.positionals.length === 0) throw new UsageError('no files or directories to scan (try `secscan scan .`)');

  const size = lastValue(args, 'max-file-size');
  const maxFileSize = size === undefined ? DEFAULT_MAX_FILE_SIZE : parseByteSize(size);
  if (maxFileSize === null) throw new UsageError(`invalid value for --max-file-size: '${size}' (expected a positive number of bytes, e.g. 1048576, 512k or 2m)`);

  let rules: string[] | null = null;
  const ruleArgs = args.values.get('rules');
  if (ruleArgs) {
    const known = RULES.map((r) => r.id);
    rules = ruleArgs
      .flatMap((list) => list.split(','))
      .map((id) => id.trim())
      .filter((id) => id !== '');
    if (rules.length === 0) throw new UsageError('--rules needs at least one rule id');
    const unknown = rules.find((id) => !known.includes(id));
    if (unknown !== undefined) throw unknownRuleError(unknown);
  }

  const output = lastValue(args, 'output');
  if (output === '') throw new UsageError('--output needs a file name');
  const exclude = [...(args.values.get('exclude') ?? [])];
  const models = [...(args.values.get('models') ?? [])];
  if (models.some((file) => file.trim() === '')) throw new UsageError('--models needs a file name');
  if (exclude.some((pattern) => pattern.trim() === '')) throw new UsageError('--exclude needs a pattern');

  return {
    paths: [...args.positionals],
    format: oneOf('format', lastValue(args, 'format'), FORMATS, 'text'),
    failOn: oneOf('fail-on', lastValue(args, 'fail-on'), [...SEVERITIES, 'none'], 'high'),
    output: output ?? null,
    minConfidence: oneOf('min-confidence', lastValue(args, 'min-confidence'), CONFIDENCES, 'low'),
    exclude,
    maxFileSize,
    rules,
    models,
    quiet: args.flags.has('quiet'),
  };
}
