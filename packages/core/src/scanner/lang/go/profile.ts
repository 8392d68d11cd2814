import type { LanguageProfile } from '../../engine/profile.ts';

/** What go code reads from outside, and what makes it safe (null until the language lands). */
export const goProfile: LanguageProfile | null = null;
