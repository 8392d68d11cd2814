/**
 * Embedding secscan in your own tool: scan a string of code and print what it finds.
 *
 *   npx bun examples/embed/scan-snippet.ts
 *   npx deno run --allow-read --allow-env --allow-sys examples/embed/scan-snippet.ts
 *
 * On Node 20 (which cannot run TypeScript), import `main` from a built copy of this file.
 * The scanner never touches files or the network: you hand it code, it hands back findings.
 */
import { createScanner, type Finding } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';

/** The code to scan: an Express route that builds SQL from a query parameter. */
const CODE = `const express = require('express');
const app = express();

app.get('/orders', async (req, res) => {
  const status = req.query.status;
  // A SQL injection: the query text is built from request data.
  const rows = await db.query("SELECT * FROM orders WHERE status = '" + status + "'");
  res.json(rows);
});
`;

/** One line per finding: where, how bad, which rule, and the path the data took. */
function describe(f: Finding): string {
  const trace = f.dataflow?.map((step) => `${step.location.startLine}:${step.note}`).join(' -> ');
  return `${f.location.startLine}:${f.location.startColumn} ${f.severity} ${f.ruleId} (${f.cwe.join(', ')})\n  ${f.message}${trace ? `\n  flow: ${trace}` : ''}`;
}

/** Scans the sample and writes the findings with `write`; resolves with how many there were. */
export async function main(write: (line: string) => void = console.log): Promise<number> {
  // Build the scanner once and reuse it: each language's grammar is loaded on first use.
  // `timeBudgetMs` here is the default wall-clock budget of every scan (5000 ms when omitted).
  const scanner = createScanner({ loader: grammarLoader, timeBudgetMs: 2000 });

  const result = await scanner.scan(
    // The language is inferred from the file name; pass `language: 'js'` when there is none.
    { code: CODE, filename: 'routes/orders.js' },
    // Per scan: a tighter budget for interactive use, and only findings the engine is fairly sure of.
    { timeBudgetMs: 1000, minConfidence: 'medium' },
  );

  for (const finding of result.findings) write(describe(finding));
  // A scan stopped by its budget still answers, with what it found so far.
  if (result.truncated) write(`stopped early: ${result.truncatedReason}`);
  write(`${result.summary.total} ${result.summary.total === 1 ? 'finding' : 'findings'} in ${result.language} code`);
  return result.summary.total;
}

// Run when executed directly (Bun and Deno set import.meta.main), not when imported.
if ((import.meta as ImportMeta & { main?: boolean }).main) await main();
