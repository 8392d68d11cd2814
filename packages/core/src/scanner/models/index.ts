import type { ModelSpec } from './schema.ts';

/** Every built-in model, by language then library. Each file is data only (see schema.ts). */
export const BUILTIN_MODELS: readonly ModelSpec[] = [];
