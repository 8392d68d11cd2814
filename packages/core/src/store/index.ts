/** Storage interfaces and the in-memory stores. */
export type * from './types.ts';
export { createMemoryScanStore, type MemoryScanStoreOptions } from './memory-scan-store.ts';
export { createMemoryKeyStore, createMemorySessionStore, type MemorySessionStoreOptions } from './memory-credential-stores.ts';
export { createMemoryRateLimitStore, type MemoryRateLimitStore, type MemoryRateLimitStoreOptions } from './memory-rate-limit-store.ts';
export { sweepStores, type SweepOptions, type SweepResult } from './sweep.ts';
export { createMemoryInvitationStore, createMemorySettingsStore, createMemoryUserStore } from './memory-account-stores.ts';
export { createMemoryStores, type MemoryStoresOptions } from './memory-stores.ts';
