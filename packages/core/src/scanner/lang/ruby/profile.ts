import type { LanguageProfile } from '../../engine/profile.ts';

/** What ruby code reads from outside, and what makes it safe (null until the language lands). */
export const rubyProfile: LanguageProfile | null = null;
