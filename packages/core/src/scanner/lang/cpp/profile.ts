import type { LanguageProfile } from '../../engine/profile.ts';
import { cFamilyProfile } from '../c/profile.ts';

/**
 * What C++ code reads from outside, and what makes it safe: the C profile (C++ calls the same C
 * library) plus `std::cin`, `std::getline`, stream reads and `std::string` mutators.
 */
export const cppProfile: LanguageProfile | null = cFamilyProfile('cpp');
