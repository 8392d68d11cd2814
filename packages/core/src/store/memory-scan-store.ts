import type { DailyUsage, ScanListItem, ScanListPage, ScanListQuery, ScanStore, SeverityName, StoredScan } from './types.ts';

/** Bounds of the in-memory scan store. */
export interface MemoryScanStoreOptions {
  /** Most scans kept (default 10,000); the oldest are dropped first. */
  maxScans?: number;
  /** Most characters of serialized scans kept (default 64 Mi); the oldest are dropped first. */
  maxChars?: number;
}

/** The severities, most severe first. */
const SEVERITY_NAMES: readonly SeverityName[] = ['critical', 'high', 'medium', 'low', 'info'];

/** A kept scan: serialized, with what listings and usage read without parsing it. */
interface Entry {
  owner: string | null;
  createdAt: number;
  item: ScanListItem;
  json: string;
}

/** Whether `a` is newer than `b` in history order: by time, then by id. */
function newer(a: { createdAt: string; id: string }, b: { createdAt: string; id: string }): boolean {
  const ta = Date.parse(a.createdAt);
  const tb = Date.parse(b.createdAt);
  return ta !== tb ? ta > tb : a.id > b.id;
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
  const scans = new Map<string, Entry>();
  let chars = 0;

  const evict = (): void => {
    for (const [id, entry] of scans) {
      if (scans.size <= maxScans && chars <= maxChars) return;
      scans.delete(id);
      chars -= entry.json.length;
    }
  };

  /** The kept scans of some owners. */
  function* ownedBy(owners: readonly string[]): Generator<Entry> {
    const wanted = new Set(owners);
    for (const entry of scans.values()) if (entry.owner !== null && wanted.has(entry.owner)) yield entry;
  }

  return {
    async save(scan: StoredScan): Promise<void> {
      const json = JSON.stringify(scan);
      const previous = scans.get(scan.id);
      if (previous) {
        scans.delete(scan.id);
        chars -= previous.json.length;
      }
      const item: ScanListItem = {
        id: scan.id,
        owner: scan.owner,
        createdAt: scan.createdAt,
        language: scan.language,
        ...(scan.filename !== undefined ? { filename: scan.filename } : {}),
        codeBytes: scan.codeBytes,
        summary: { ...scan.summary },
        truncated: scan.truncated,
      };
      scans.set(scan.id, { owner: scan.owner, createdAt: Date.parse(scan.createdAt), item, json });
      chars += json.length;
      evict();
    },
    async get(id: string, owner: string | null): Promise<StoredScan | null> {
      const entry = scans.get(id);
      if (!entry || entry.owner !== owner) return null;
      return JSON.parse(entry.json) as StoredScan;
    },
    async getForOwners(id: string, owners: readonly string[]): Promise<StoredScan | null> {
      const entry = scans.get(id);
      if (!entry || entry.owner === null || !owners.includes(entry.owner)) return null;
      return JSON.parse(entry.json) as StoredScan;
    },
    async list(query: ScanListQuery): Promise<ScanListPage> {
      const matching: ScanListItem[] = [];
      for (const entry of ownedBy(query.owners)) {
        const { item } = entry;
        if (query.language !== undefined && item.language !== query.language) continue;
        if (query.severity !== undefined && item.summary[query.severity] === 0) continue;
        if (query.before !== undefined && !newer(query.before, item)) continue;
        matching.push(item);
      }
      matching.sort((a, b) => (newer(a, b) ? -1 : 1));
      const page = matching.slice(0, query.limit).map((item) => ({ ...item, summary: { ...item.summary } }));
      const last = page[page.length - 1];
      return { scans: page, next: matching.length > query.limit && last ? { createdAt: last.createdAt, id: last.id } : null };
    },
    async dailyUsage(owners: readonly string[], since: string): Promise<DailyUsage[]> {
      const from = Date.parse(since);
      const days = new Map<string, DailyUsage>();
      for (const entry of ownedBy(owners)) {
        if (entry.createdAt < from) continue;
        const day = new Date(entry.createdAt).toISOString().slice(0, 10);
        let usage = days.get(day);
        if (!usage) {
          usage = { day, scans: 0, findings: { critical: 0, high: 0, medium: 0, low: 0, info: 0 } };
          days.set(day, usage);
        }
        usage.scans++;
        for (const severity of SEVERITY_NAMES) usage.findings[severity] += entry.item.summary[severity];
      }
      return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
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
