import type { LanguageProfile } from '../../engine/profile.ts';

/** What csharp code reads from outside, and what makes it safe (null until the language lands). */
export const csharpProfile: LanguageProfile | null = null;
