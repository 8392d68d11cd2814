import type { LanguageProfile } from '../../engine/profile.ts';

/** What c code reads from outside, and what makes it safe (null until the language lands). */
export const cProfile: LanguageProfile | null = null;
