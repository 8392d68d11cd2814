import type { LanguageProfile } from '../../engine/profile.ts';

/** What php code reads from outside, and what makes it safe (null until the language lands). */
export const phpProfile: LanguageProfile | null = null;
