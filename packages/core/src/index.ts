/**
 * @secscan/core — the runtime-free heart of secscan: the syntax-aware scanner, and (see the
 * auth, ratelimit and store folders) callers, limits and storage interfaces. No I/O happens here;
 * grammars, clocks and stores are passed in.
 */
export * from './scanner/index.ts';
export { VERSION } from './version.ts';
export * from './store/index.ts';
export * from './auth/index.ts';
export * from './ratelimit/index.ts';
export * from './tokens/index.ts';
export * from './accounts/index.ts';
export { systemClock, type Clock } from './clock.ts';
export { isUuidV7, uuidV7, uuidV7Time, type RandomFill } from './ids/uuid-v7.ts';
