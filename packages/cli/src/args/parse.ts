/**
 * A small command-line parser driven by a table of options, so each command's help text and its
 * parsing come from the same declaration. Accepted forms: `--name value`, `--name=value`, `-n value`,
 * repeatable options, and `--` to end the options (everything after it is a path).
 */
import { UsageError } from '../command.ts';

/** One option a command accepts. */
export interface OptionSpec {
  /** Long name without the dashes: `format` for `--format`. */
  name: string;
  /** One-letter alias without the dash: `f` for `-f`. */
  short?: string;
  /** Placeholder of the value in help (`<file>`); an option without it is a flag. */
  value?: string;
  /** Whether the option may be given several times (its values are collected in order). */
  repeatable?: boolean;
  /** One line for the help text. */
  description: string;
}

/** The result of parsing: values by option name (in the order given), flags present, and positional arguments. */
export interface ParsedArgs {
  values: ReadonlyMap<string, readonly string[]>;
  flags: ReadonlySet<string>;
  positionals: readonly string[];
}

/** Edit distance of two short strings (for "did you mean"); quadratic, fine for option names. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The closest of `candidates` to `input` when it is close enough to be a typo, else null. */
export function closest(input: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Math.max(2, Math.floor(input.length / 3)) + 1;
  for (const candidate of candidates) {
    const d = distance(input, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** Parses `argv` against `specs`; throws `UsageError` on an unknown option, a missing value or a value given to a flag. */
export function parseArgs(argv: readonly string[], specs: readonly OptionSpec[]): ParsedArgs {
  const byLong = new Map(specs.map((s) => [s.name, s]));
  const byShort = new Map(specs.flatMap((s) => (s.short ? [[s.short, s] as const] : [])));
  const values = new Map<string, string[]>();
  const flags = new Set<string>();
  const positionals: string[] = [];

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg.length < 2 || !arg.startsWith('-')) {
      positionals.push(arg);
      continue;
    }
    const long = arg.startsWith('--');
    const eq = long ? arg.indexOf('=') : -1;
    const key = long ? arg.slice(2, eq < 0 ? undefined : eq) : arg.slice(1);
    const spec = long ? byLong.get(key) : byShort.get(key);
    if (!spec) {
      const guess = long ? closest(key, [...byLong.keys()]) : null;
      throw new UsageError(`unknown option ${long ? `--${key}` : arg}${guess ? ` (did you mean --${guess}?)` : ''}`);
    }
    const display = long ? `--${spec.name}` : `-${key}`;
    if (!spec.value) {
      if (eq >= 0) throw new UsageError(`option ${display} takes no value`);
      flags.add(spec.name);
      continue;
    }
    let value: string;
    if (eq >= 0) {
      value = arg.slice(eq + 1);
    } else {
      const next = argv[i + 1];
      // A following option is almost always a forgotten value, not a value that starts with dashes
      // (`--output --quiet`); such a value can still be given as `--output=--quiet`.
      if (next === undefined || (next.startsWith('-') && next.length > 1)) throw new UsageError(`option ${display} needs a value ${spec.value}`);
      value = next;
      i++;
    }
    const list = values.get(spec.name);
    if (list && spec.repeatable) list.push(value);
    else values.set(spec.name, [value]); // a non-repeatable option given twice: the last one wins, as in most CLIs
  }
  return { values, flags, positionals };
}

/** The last value of an option, or undefined when it was not given. */
export function lastValue(args: ParsedArgs, name: string): string | undefined {
  return args.values.get(name)?.at(-1);
}

/** Help lines for a table of options, aligned in two columns. */
export function formatOptions(specs: readonly OptionSpec[]): string {
  const left = specs.map((s) => `${s.short ? `-${s.short}, ` : '    '}--${s.name}${s.value ? ` ${s.value}` : ''}`);
  const width = Math.max(...left.map((l) => l.length)) + 2;
  return specs.map((s, i) => `  ${(left[i] ?? '').padEnd(width)}${s.description}`).join('\n');
}
