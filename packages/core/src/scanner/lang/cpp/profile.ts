import type { LanguageProfile } from '../../engine/profile.ts';

/** What cpp code reads from outside, and what makes it safe (null until the language lands). */
export const cppProfile: LanguageProfile | null = null;
