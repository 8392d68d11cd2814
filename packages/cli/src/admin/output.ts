/** How the admin commands print: JSON for scripts, aligned tables for people. */
import type { CliIo } from '../command.ts';

/** Prints a value as JSON (for `--format json`). */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`);
}

/** Rows as an aligned text table with a header line. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join('\n')}\n`;
}

/** An ISO time as `2026-01-02 03:04:05Z`, or a word for null. */
export function shortTime(iso: unknown, none: string): string {
  return typeof iso === 'string' ? iso.replace('T', ' ').replace(/\.\d{3}Z$/, 'Z') : none;
}
