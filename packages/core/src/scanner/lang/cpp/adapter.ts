/**
 * The C++ adapter is the C adapter in C++ mode: tree-sitter's C++ grammar extends the C one, so
 * the shared module (`../c/adapter.ts`) handles both and switches on the language only where C++
 * differs (qualified names, `std::string` concatenation, stream operators, `new`, lambdas).
 */
import { cAdapter } from '../c/adapter.ts';

/** The adapter for C++. */
export const cppAdapter = cAdapter('cpp');
