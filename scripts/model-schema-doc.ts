/** The JSON Schema document of user models, generated from the valibot schema the scanner checks them with. */
import { toJsonSchema } from '@valibot/to-json-schema';
import { modelSchema } from '@secscan/core';

/**
 * docs/model.schema.json's text. Refinements JSON Schema cannot say (the call-pattern syntax, "exactly
 * one of call or path") stay in the scanner's own check, which names the field of any problem.
 */
export function modelJsonSchema(): string {
  const schema = toJsonSchema(modelSchema, { target: 'draft-2020-12', errorMode: 'ignore' });
  const doc = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...schema,
    title: 'secscan model',
    description:
      'A library or framework model for the secscan scanner: sources, sinks tagged by vulnerability class, sanitizers, validators, propagators and handler shapes. See docs/writing-rules.md.',
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
