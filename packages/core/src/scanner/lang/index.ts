import type { LanguageId } from '../languages.ts';
import type { LanguageProfile } from '../engine/profile.ts';
import { javascriptProfile } from './javascript/profile.ts';
import { pythonProfile } from './python/profile.ts';

/** The built-in language profiles (the `generic` language has none: secrets only). */
export const PROFILES: Partial<Record<LanguageId, LanguageProfile>> = {
  javascript: javascriptProfile('javascript'),
  typescript: javascriptProfile('typescript'),
  python: pythonProfile,
};
