import type { ScanStore, StoredScan } from './types.ts';

/** Bounds of the in-memory scan store. */
export interface MemoryScanStoreOptions {
  /** Most scans kept (default 10,000); the oldest are dropped first. */
  maxScans?: number;
  /** Most characters of serialized scans kept (default 64 Mi); the oldest are dropped first. */
  maxChars?: number;
}

/**
 * An in-memory ScanStore for local runs, embedding and tests: bounded in count and size (oldest
 * evicted first), not shared between processes, gone on restart. Scans are kept serialized, so a
 * caller can never change a stored scan by mutating an object it saved or read.
 */
export function createMemoryScanStore(options: MemoryScanStoreOptions = {}): ScanStore {
  const maxScans = options.maxScans ?? 10_000;
  const maxChars = options.maxChars ?? 64 * 1024 * 1024;
  if (!Number.isSafeInteger(maxScans) || maxScans < 1) throw new RangeError('maxScans must be a positive integer');
  if (!Number.isSafeInteger(maxChars) || maxChars < 1) throw new RangeError('maxChars must be a positive integer');
  // Map iteration follows insertion order, so the first key is always the oldest scan.
  const scans = new Map<string, { owner: string | null; createdAt: number; json: string }>();
  let chars = 0;

  const evict = (): void => {
    for (const [id, entry] of scans) {
      if (scans.size <= maxScans && chars <= maxChars) return;
      scans.delete(id);
      chars -= entry.json.length;
    }
  };

  return {
    async save(scan: StoredScan): Promise<void> {
      const json = JSON.stringify(scan);
      const previous = scans.get(scan.id);
      if (previous) {
        scans.delete(scan.id);
        chars -= previous.json.length;
      }
      scans.set(scan.id, { owner: scan.owner, createdAt: Date.parse(scan.createdAt), json });
      chars += json.length;
      evict();
    },
    async get(id: string, owner: string | null): Promise<StoredScan | null> {
      const entry = scans.get(id);
      if (!entry || entry.owner !== owner) return null;
      return JSON.parse(entry.json) as StoredScan;
    },
    async deleteCreatedBefore(before: string): Promise<number> {
      const cutoff = Date.parse(before);
      let deleted = 0;
      for (const [id, entry] of scans) {
        if (entry.createdAt >= cutoff) continue;
        scans.delete(id);
        chars -= entry.json.length;
        deleted++;
      }
      return deleted;
    },
    async ping(): Promise<void> {},
  };
}
