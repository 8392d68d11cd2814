/**
 * `secscan rules`: every rule the scanner runs — id, severity, CWEs, languages and title — so that
 * `--rules`, `secscan-ignore <ruleId>` comments and CI configuration can name them; and the message
 * that lists the valid ids when one on the command line is unknown.
 */
import { LANGUAGES, resolveLanguage, RULES, type LanguageId, type Rule } from '@secscan/core';
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

/** A rule as `secscan rules --format json` prints it. */
export interface RuleSummary {
  id: string;
  title: string;
  severity: Rule['severity'];
  confidence: Rule['confidence'];
  cwe: readonly string[];
  owasp: readonly string[];
  languages: readonly LanguageId[];
  references: readonly string[];
}

/** The public description of a rule (no matcher). */
export function summarizeRule(rule: Rule): RuleSummary {
  return { id: rule.id, title: rule.title, severity: rule.severity, confidence: rule.confidence, cwe: rule.cwe, owasp: rule.owasp, languages: rule.languages, references: rule.references };
}

/** Rules as an aligned text table, one rule a line, sorted by id. */
export function formatRulesTable(rules: readonly Rule[]): string {
  const rows = [...rules]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((rule) => [rule.id, rule.severity, rule.cwe.join(',') || '-', rule.languages.join(','), rule.title]);
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
  const ids = rules.map((r) => r.id);
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
  io.stdout(format === 'json' ? `${JSON.stringify(rules.map(summarizeRule), null, 2)}\n` : formatRulesTable(rules));
  return EXIT.ok;
}

/** The `rules` command for the dispatcher. */
export const rulesCommand: Command = {
  name: 'rules',
  summary: 'List the rules: ids, severities, CWEs, languages, titles',
  help: rulesHelp,
  run: runRules,
};
