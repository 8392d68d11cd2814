/** Test helpers shared by secscan's suites and by anyone extending it: fixture annotations (and, later, store contract suites). */
export * from './annotations.ts';
