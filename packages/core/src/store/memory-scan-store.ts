import type { DailyUsage, ScanListItem, ScanListPage, ScanListQuery, ScanStore, SeverityName, StoredScan } from './types.ts';

/** Bounds of the in-memory scan store. */
export interface MemoryScanStoreOptions {
  /** Most scans kept (default 10,000). */
  maxScans?: number;
  /** Most characters of serialized scans kept (default 64 Mi). */
  maxChars?: number;
}

/** The severities, most severe first. */
const SEVERITY_NAMES: readonly SeverityName[] = ['critical', 'high', 'medium', 'low', 'info'];

/** A kept scan: serialized, with what listings and usage read without parsing it. */
interface Entry {
  owner: Owner;
  createdAt: number;
  item: ScanListItem;
  json: string;
}

/** The scans of one owner (anonymous callers are one owner: nobody can read their scans back). */
interface Owner {
  key: string;
  /** Ids oldest first (Map iteration follows insertion order). */
  scans: Map<string, Entry>;
  chars: number;
  /** Position in the heap of owners, -1 when it holds no scan. */
  heapIndex: number;
}

/** Whether `a` is newer than `b` in history order: by time, then by id. */
function newer(a: { createdAt: string; id: string }, b: { createdAt: string; id: string }): boolean {
  const ta = Date.parse(a.createdAt);
  const tb = Date.parse(b.createdAt);
  return ta !== tb ? ta > tb : a.id > b.id;
}

/** The key of an owner in the store (anonymous callers are one owner). */
function ownerKey(owner: string | null): string {
  return owner === null ? '\u0000anonymous' : `=${owner}`;
}

/**
 * An in-memory ScanStore for local runs, embedding and tests: bounded in count and size, not shared
 * between processes, gone on restart. Scans are kept serialized, so a caller can never change a
 * stored scan by mutating an object it saved or read.
 *
 * When a bound is reached, the oldest scan **of the owner who holds the largest share** is dropped
 * (share: the larger of its part of the count bound and of the size bound). So one caller filling the
 * store pushes out its own history, never that of callers who keep less than it does (issue #12: two
 * large anonymous scans once pushed every other caller's history out). Finding the largest owner is
 * a binary heap: O(log owners) per save.
 */
export function createMemoryScanStore(options: MemoryScanStoreOptions = {}): ScanStore {
  const maxScans = options.maxScans ?? 10_000;
  const maxChars = options.maxChars ?? 64 * 1024 * 1024;
  if (!Number.isSafeInteger(maxScans) || maxScans < 1) throw new RangeError('maxScans must be a positive integer');
  if (!Number.isSafeInteger(maxChars) || maxChars < 1) throw new RangeError('maxChars must be a positive integer');
  const entries = new Map<string, Entry>();
  const owners = new Map<string, Owner>();
  let chars = 0;

  // A max-heap of owners by share.
  const heap: Owner[] = [];
  const share = (o: Owner): number => Math.max(o.scans.size / maxScans, o.chars / maxChars);
  const swap = (i: number, j: number): void => {
    const a = heap[i] as Owner;
    const b = heap[j] as Owner;
    heap[i] = b;
    heap[j] = a;
    b.heapIndex = i;
    a.heapIndex = j;
  };
  const siftUp = (i: number): void => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (share(heap[parent] as Owner) >= share(heap[i] as Owner)) return;
      swap(i, parent);
      i = parent;
    }
  };
  const siftDown = (i: number): void => {
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let largest = i;
      if (left < heap.length && share(heap[left] as Owner) > share(heap[largest] as Owner)) largest = left;
      if (right < heap.length && share(heap[right] as Owner) > share(heap[largest] as Owner)) largest = right;
      if (largest === i) return;
      swap(i, largest);
      i = largest;
    }
  };
  /** Puts an owner whose share changed back in order (in, out, up or down the heap). */
  const reposition = (o: Owner): void => {
    if (o.scans.size === 0) {
      if (o.heapIndex < 0) return;
      const i = o.heapIndex;
      const last = heap.pop() as Owner;
      o.heapIndex = -1;
      owners.delete(o.key);
      if (last !== o) {
        heap[i] = last;
        last.heapIndex = i;
        siftUp(i);
        siftDown(last.heapIndex);
      }
      return;
    }
    if (o.heapIndex < 0) {
      o.heapIndex = heap.length;
      heap.push(o);
    }
    siftUp(o.heapIndex);
    siftDown(o.heapIndex);
  };

  const remove = (id: string, entry: Entry): void => {
    entries.delete(id);
    entry.owner.scans.delete(id);
    entry.owner.chars -= entry.json.length;
    chars -= entry.json.length;
  };

  /** The kept scans of some owners (never the anonymous one). */
  function* ownedBy(ownerIds: readonly string[]): Generator<Entry> {
    for (const id of new Set(ownerIds)) {
      const owner = owners.get(ownerKey(id));
      if (owner) yield* owner.scans.values();
    }
  }

  const evict = (): void => {
    while (entries.size > maxScans || chars > maxChars) {
      const heaviest = heap[0];
      if (!heaviest) return;
      const oldest = heaviest.scans.entries().next().value;
      if (!oldest) return;
      remove(oldest[0], oldest[1]);
      reposition(heaviest);
    }
  };

  return {
    async save(scan: StoredScan): Promise<void> {
      const json = JSON.stringify(scan);
      const previous = entries.get(scan.id);
      if (previous) {
        remove(scan.id, previous);
        reposition(previous.owner);
      }
      const key = ownerKey(scan.owner);
      let owner = owners.get(key);
      if (!owner) {
        owner = { key, scans: new Map(), chars: 0, heapIndex: -1 };
        owners.set(key, owner);
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
      const entry: Entry = { owner, createdAt: Date.parse(scan.createdAt), item, json };
      entries.set(scan.id, entry);
      owner.scans.set(scan.id, entry);
      owner.chars += json.length;
      chars += json.length;
      reposition(owner);
      evict();
    },
    async get(id: string, owner: string | null): Promise<StoredScan | null> {
      const entry = entries.get(id);
      if (!entry || entry.owner.key !== ownerKey(owner)) return null;
      return JSON.parse(entry.json) as StoredScan;
    },
    async getForOwners(id: string, ownerIds: readonly string[]): Promise<StoredScan | null> {
      const entry = entries.get(id);
      if (!entry || entry.item.owner === null || !ownerIds.includes(entry.item.owner)) return null;
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
    async dailyUsage(ownerIds: readonly string[], since: string): Promise<DailyUsage[]> {
      const from = Date.parse(since);
      const days = new Map<string, DailyUsage>();
      for (const entry of ownedBy(ownerIds)) {
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
      const touched = new Set<Owner>();
      for (const [id, entry] of entries) {
        if (entry.createdAt >= cutoff) continue;
        remove(id, entry);
        touched.add(entry.owner);
        deleted++;
      }
      for (const o of touched) reposition(o);
      return deleted;
    },
    async ping(): Promise<void> {},
  };
}
