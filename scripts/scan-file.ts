/**
 * Scans files with the library and prints each finding with its data-flow trace: the quickest way
 * to see what a rule does on a sample. Run with Bun:
 *   npx bun scripts/scan-file.ts <file> [language]
 */
import { readFileSync } from 'node:fs';
import { createScanner } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';

const [file, language] = process.argv.slice(2);
if (!file) {
  console.error('usage: bun scripts/scan-file.ts <file> [language]');
  process.exit(2);
}
const scanner = createScanner({ loader: grammarLoader, timeBudgetMs: 60_000 });
const result = await scanner.scan({ code: readFileSync(file, 'utf8'), language, filename: file });
for (const f of result.findings) {
  const flow = f.dataflow ? `\n      flow: ${f.dataflow.map((d) => `${d.location.startLine}:${d.note}`).join(' -> ')}` : '';
  console.log(`${f.location.startLine}:${f.location.startColumn} ${f.ruleId} [${f.severity}/${f.confidence}] ${f.message}${flow}`);
}
console.log(
  `${result.findings.length} findings, ${result.suppressed} suppressed, language ${result.language}, ${result.durationMs} ms${result.truncated ? `, TRUNCATED: ${result.truncatedReason}` : ''}${result.partialParse ? ', partial parse' : ''}`,
);
