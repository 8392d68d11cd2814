/** Storage interfaces and the in-memory stores. */
export type * from './types.ts';
export { createMemoryScanStore, type MemoryScanStoreOptions } from './memory-scan-store.ts';
