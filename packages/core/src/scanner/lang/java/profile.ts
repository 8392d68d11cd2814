import type { LanguageProfile } from '../../engine/profile.ts';

/** What java code reads from outside, and what makes it safe (null until the language lands). */
export const javaProfile: LanguageProfile | null = null;
