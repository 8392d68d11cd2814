/**
 * `secscan rules`: every rule the scanner runs — id, severity, CWEs, languages and title — so that
 * `--rules`, `secscan-ignore <ruleId>` comments and CI configuration can name them; and the message
 * that lists the valid ids when one on the command line is unknown.
 */
import { LANGUAGES, resolveLanguage, RULES, SEVERITIES, type LanguageId, type Rule } from '@secscan/core';
import { closest, formatOptions, lastValue, parseArgs, type OptionSpec } from '../args/parse.ts';
import { EXIT, UsageError, type CliIo, type Command } from '../command.ts';

/** The options of `secscan rules`, in help order. */
export const RULES_OPTIONS: readonly OptionSpec[] = [
  { name: 'language', short: 'l', value: '<id>', description: 'Only the rules of one language (an id or alias: js, py, c++, …)' },
  { name: 'format', short: 'f', value: '<text|json>', description: 'Output format (default: text)' },
  { name: 'help', short: 'h', description: 'Show this help' },
];

/** The text of `secscan rules --help`. */
export function rulesHelp(): string {
  return `Usage: secscan rules [options]

Lists the rules secscan runs: id, severity, CWE, languages and title. Use the ids with
\`secscan scan --rules <id,…>\` and in suppression comments (\`secscan-ignore <id>: <reason>\`).

Options:
${formatOptions(RULES_OPTIONS)}

Examples:
  secscan rules
  secscan rules --language python
  secscan rules --format json
`;
}

/** A rule as `secscan rules` lists it: one per id, whatever number of parts the id has. */
export interface RuleSummary {
  id: string;
  title: string;
  /** The highest severity of the id's parts. */
  severity: Rule['severity'];
  /** The lowest confidence of the id's parts. */
  confidence: Rule['confidence'];
  cwe: readonly string[];
  owasp: readonly string[];
  languages: readonly LanguageId[];
  references: readonly string[];
}

const CONFIDENCE_ORDER: readonly Rule['confidence'][] = ['high', 'medium', 'low'];

/** Values of every part, each once, in first-seen order. */
const union = <T>(parts: readonly Rule[], of: (rule: Rule) => readonly T[]): T[] => [...new Set(parts.flatMap(of))];

/**
 * One summary per rule id, sorted by id. Several rules can share an id (the parts of one class in
 * one language, such as every secret detector under secrets.hardcoded-secret): they are listed,
 * selected with --rules and suppressed as one, so they are summarised as one.
 */
export function summarizeRules(rules: readonly Rule[]): RuleSummary[] {
  const byId = new Map<string, Rule[]>();
  for (const rule of rules) byId.set(rule.id, [...(byId.get(rule.id) ?? []), rule]);
  return [...byId.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, parts]) => ({
      id,
      title: parts[0]?.title ?? id,
      severity: SEVERITIES.find((severity) => parts.some((p) => p.severity === severity)) ?? 'info',
      confidence: [...CONFIDENCE_ORDER].reverse().find((confidence) => parts.some((p) => p.confidence === confidence)) ?? 'high',
      cwe: union(parts, (p) => p.cwe),
      owasp: union(parts, (p) => p.owasp),
      languages: union(parts, (p) => p.languages),
      references: union(parts, (p) => p.references),
    }));
}

/** Rules as an aligned text table, one id a line, sorted by id. */
export function formatRulesTable(rules: readonly Rule[]): string {
  // A rule of every language (the secret detectors) says so in three letters rather than eleven names.
  const languages = (list: readonly LanguageId[]): string => (LANGUAGES.every((language) => list.includes(language)) ? 'all' : list.join(','));
  const rows = summarizeRules(rules).map((rule) => [rule.id, rule.severity, rule.cwe.join(',') || '-', languages(rule.languages), rule.title]);
  const header = ['ID', 'SEVERITY', 'CWE', 'LANGUAGES', 'TITLE'];
  const widths = header.slice(0, -1).map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => (column < widths.length ? cell.padEnd(widths[column] ?? 0) : cell))
      .join('  ')
      .trimEnd();
  return `${[header, ...rows].map(line).join('\n')}\n${rows.length} rules\n`;
}

/**
 * The usage error for a rule id that does not exist: the closest id, and the valid ids — those of
 * the id's language when its prefix names one, else every id grouped by language.
 */
export function unknownRuleError(id: string, rules: readonly Rule[] = RULES): UsageError {
  const ids = [...new Set(rules.map((r) => r.id))];
  const guess = closest(id, ids);
  const prefix = id.includes('.') ? id.slice(0, id.indexOf('.')) : null;
  const sameFamily = prefix === null ? [] : ids.filter((known) => known.startsWith(`${prefix}.`));
  let valid: string;
  if (sameFamily.length > 0) {
    valid = `The ${prefix} rules: ${sameFamily.sort().join(', ')}.`;
  } else {
    const families = new Map<string, string[]>();
    for (const known of [...ids].sort()) {
      const family = known.slice(0, Math.max(0, known.indexOf('.'))) || known;
      families.set(family, [...(families.get(family) ?? []), known]);
    }
    valid = `Valid ids:\n${[...families.values()].map((list) => `  ${list.join(', ')}`).join('\n')}`;
  }
  return new UsageError(`unknown rule id '${id}'${guess ? ` (did you mean ${guess}?)` : ''}. ${valid}\n(\`secscan rules\` lists every rule with its title.)`);
}

/** Runs `secscan rules`; resolves with the exit code. Usage errors are thrown as `UsageError`. */
export async function runRules(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, RULES_OPTIONS);
  if (args.flags.has('help')) {
    io.stdout(rulesHelp());
    return EXIT.ok;
  }
  if (args.positionals.length > 0) throw new UsageError(`secscan rules takes no arguments (got '${args.positionals[0]}'); filter with --language`);
  const format = lastValue(args, 'format') ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`invalid value for --format: '${format}' (expected text or json)`);
  const languageArg = lastValue(args, 'language');
  let rules = RULES;
  if (languageArg !== undefined) {
    const language = resolveLanguage(languageArg);
    if (language === null) throw new UsageError(`unknown language '${languageArg}' (expected one of ${LANGUAGES.join(', ')}, or an alias)`);
    rules = RULES.filter((rule) => rule.languages.includes(language));
  }
  io.stdout(format === 'json' ? `${JSON.stringify(summarizeRules(rules), null, 2)}\n` : formatRulesTable(rules));
  return EXIT.ok;
}

/** The `rules` command for the dispatcher. */
export const rulesCommand: Command = {
  name: 'rules',
  summary: 'List the rules: ids, severities, CWEs, languages, titles',
  help: rulesHelp,
  run: runRules,
};
