import { ModelError, parseModels, type ModelSpec } from './schema.ts';

/** Largest model file read (a model is a table of patterns: a megabyte is far more than any needs). */
export const MAX_MODEL_FILE_BYTES = 1024 * 1024;

/**
 * Reads model files (JSON: one model object, or an array of them) through `read`, which the caller
 * provides for its runtime (the core does no I/O), and checks them against the schema. Every problem
 * of every file is collected into one ModelError whose lines start with the file name, so a
 * configuration error says where to look: `acme.json[0].sinks[2].class (acme): must be a taint class …`.
 */
export async function loadModelFiles(paths: readonly string[], read: (path: string) => Promise<string>): Promise<ModelSpec[]> {
  const models: ModelSpec[] = [];
  const problems: string[] = [];
  for (const path of paths) {
    let text: string;
    try {
      text = await read(path);
    } catch (error) {
      problems.push(`${path}: cannot be read (${error instanceof Error ? error.message : String(error)})`);
      continue;
    }
    if (text.length > MAX_MODEL_FILE_BYTES) {
      problems.push(`${path}: larger than ${MAX_MODEL_FILE_BYTES} bytes`);
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      problems.push(`${path}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
      continue;
    }
    try {
      models.push(...parseModels(json, path));
    } catch (error) {
      if (error instanceof ModelError) problems.push(...error.problems);
      else throw error;
    }
  }
  if (problems.length > 0) throw new ModelError(`invalid model file${paths.length === 1 ? '' : 's'}:\n${problems.join('\n')}`, problems);
  return models;
}
