import type { LanguageId } from '../languages.ts';
import type { LanguageProfile } from '../engine/profile.ts';
import { cProfile } from './c/profile.ts';
import { cppProfile } from './cpp/profile.ts';
import { csharpProfile } from './csharp/profile.ts';
import { goProfile } from './go/profile.ts';
import { javaProfile } from './java/profile.ts';
import { javascriptProfile } from './javascript/profile.ts';
import { phpProfile } from './php/profile.ts';
import { pythonProfile } from './python/profile.ts';
import { rubyProfile } from './ruby/profile.ts';

const all: Record<Exclude<LanguageId, 'generic'>, LanguageProfile | null> = {
  c: cProfile,
  cpp: cppProfile,
  csharp: csharpProfile,
  go: goProfile,
  java: javaProfile,
  javascript: javascriptProfile('javascript'),
  php: phpProfile,
  python: pythonProfile,
  ruby: rubyProfile,
  typescript: javascriptProfile('typescript'),
};

/** The built-in language profiles (the `generic` language has none: it gets the secret detectors only). */
export const PROFILES: Partial<Record<LanguageId, LanguageProfile>> = Object.fromEntries(
  Object.entries(all).filter((entry): entry is [string, LanguageProfile] => entry[1] !== null),
);
