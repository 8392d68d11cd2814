/** Rewrites the coverage table of docs/scanner.md (scripts/coverage-doc.ts): `npx bun scripts/coverage.ts`. */
import { readFileSync, writeFileSync } from 'node:fs';
import { createScanner } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';
import { withCoverageTable } from './coverage-doc.ts';

const path = new URL('../docs/scanner.md', import.meta.url);
writeFileSync(path, withCoverageTable(readFileSync(path, 'utf8'), createScanner({ loader: grammarLoader }).rules));
