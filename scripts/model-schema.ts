/**
 * Writes docs/model.schema.json from the scanner's model schema (packages/core/src/scanner/models/schema.ts).
 * Run it after changing the schema: `npx bun scripts/model-schema.ts`; tests/model-schema.test.ts fails
 * while the file is out of date.
 */
import { writeFileSync } from 'node:fs';
import { modelJsonSchema } from './model-schema-doc.ts';

writeFileSync(new URL('../docs/model.schema.json', import.meta.url), modelJsonSchema());
