import type { Clock } from '../clock.ts';
import { assertWindows, countHit, peekWindows, type WindowCounter } from '../ratelimit/fixed-window.ts';
import type { RateLimitOutcome, RateLimitStore, RateLimitWindow } from './types.ts';

/** Options of the in-memory rate-limit store. */
export interface MemoryRateLimitStoreOptions {
  /** The clock the windows are aligned to; the system clock by default. */
  clock?: Clock;
  /** Most subjects tracked at once (default 100,000); see `createMemoryRateLimitStore`. */
  maxSubjects?: number;
}

/** The in-memory rate-limit store, which also tells how many subjects it tracks. */
export interface MemoryRateLimitStore extends RateLimitStore {
  /** Subjects tracked now (expired ones are dropped as hits come in). */
  readonly size: number;
}

/** A tracked subject: its counters, and its place in the expiry queue of its window length. */
interface Entry {
  subject: string;
  counters: WindowCounter[];
  expiresAt: number;
  queue: Queue;
  prev: Entry | null;
  next: Entry | null;
}

/** Subjects of one longest-window length, oldest hit first (a doubly linked list: O(1) to move or drop). */
interface Queue {
  head: Entry | null;
  tail: Entry | null;
}

function unlink(entry: Entry): void {
  const { queue, prev, next } = entry;
  if (prev) prev.next = next;
  else queue.head = next;
  if (next) next.prev = prev;
  else queue.tail = prev;
  entry.prev = null;
  entry.next = null;
}

function append(queue: Queue, entry: Entry): void {
  entry.queue = queue;
  entry.prev = queue.tail;
  entry.next = null;
  if (queue.tail) queue.tail.next = entry;
  else queue.head = entry;
  queue.tail = entry;
}

/**
 * An in-memory RateLimitStore: exact within one process — a hit reads and writes its counters in
 * one synchronous step, so no other request can interleave — and bounded:
 *
 * - Subjects are queued by their longest window length, moved to the back on each hit. All
 *   subjects of one queue expire at the end of the same kind of clock-aligned window, so a queue
 *   is in order of expiry: expired subjects are always at its front, and each hit drops them in
 *   amortised constant time.
 * - Beyond `maxSubjects` live subjects (more distinct clients within an hour than that), the one
 *   closest to expiring is forgotten early: that client may get up to one more window's quota. The
 *   alternative, refusing new clients, would let one flood lock everyone else out.
 *
 * Not shared between processes, and gone on restart (DESIGN §6).
 */
export function createMemoryRateLimitStore(options: MemoryRateLimitStoreOptions = {}): MemoryRateLimitStore {
  const clock = options.clock ?? { now: () => Date.now() };
  const maxSubjects = options.maxSubjects ?? 100_000;
  if (!Number.isSafeInteger(maxSubjects) || maxSubjects < 1) throw new RangeError('maxSubjects must be a positive integer');

  const entries = new Map<string, Entry>();
  /** Longest window (seconds) → its subjects in order of expiry. */
  const queues = new Map<number, Queue>();

  const drop = (entry: Entry): void => {
    unlink(entry);
    entries.delete(entry.subject);
  };

  const sweep = (now: number): void => {
    for (const queue of queues.values()) {
      while (queue.head && queue.head.expiresAt <= now) drop(queue.head);
    }
    while (entries.size > maxSubjects) {
      let oldest: Entry | null = null;
      for (const queue of queues.values()) if (queue.head && (!oldest || queue.head.expiresAt < oldest.expiresAt)) oldest = queue.head;
      if (!oldest) break;
      drop(oldest);
    }
  };

  return {
    get size() {
      return entries.size;
    },
    async hit(subject: string, windows: readonly RateLimitWindow[]): Promise<RateLimitOutcome> {
      assertWindows(windows);
      const now = clock.now();
      // Read, decide and write without an await in between: that is what makes a hit atomic here.
      const longest = Math.max(...windows.map((w) => w.windowSeconds));
      let queue = queues.get(longest);
      if (!queue) {
        queue = { head: null, tail: null };
        queues.set(longest, queue);
      }
      const entry = entries.get(subject);
      const result = countHit(entry?.counters, windows, now);
      if (entry) {
        unlink(entry);
        entry.counters = result.counters;
        entry.expiresAt = result.expiresAt;
        append(queue, entry);
      } else {
        const created: Entry = { subject, counters: result.counters, expiresAt: result.expiresAt, queue, prev: null, next: null };
        entries.set(subject, created);
        append(queue, created);
      }
      sweep(now);
      return result.outcome;
    },
    async peek(subject: string, windows: readonly RateLimitWindow[]): Promise<RateLimitOutcome> {
      assertWindows(windows);
      return peekWindows(entries.get(subject)?.counters, windows, clock.now());
    },
    async deleteExpired(): Promise<number> {
      const before = entries.size;
      for (const queue of queues.values()) {
        while (queue.head && queue.head.expiresAt <= clock.now()) drop(queue.head);
      }
      return before - entries.size;
    },
    async ping(): Promise<void> {},
  };
}
