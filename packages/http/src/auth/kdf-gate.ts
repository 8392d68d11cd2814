/**
 * Password hashing costs ~150 ms of CPU on the request's thread (Argon2id, OWASP's parameters). A
 * burst of sign-ins would hold the event loop for everyone, so at most `concurrent` run at once and
 * at most `queued` wait; beyond that the request is refused at once (503 with Retry-After), without
 * hashing. The per-client throttle (sign-in-throttle.ts) keeps one client from filling the queue.
 */

/** A bounded gate; `run` resolves null when the queue is full. */
export interface KdfGate {
  run<T>(task: () => Promise<T>): Promise<T | null>;
}

/** Builds a gate. */
export function createKdfGate(concurrent = 2, queued = 32): KdfGate {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = (): void => {
    running--;
    const next = waiting.shift();
    if (next) {
      running++;
      // Let other requests' work run between two hashes.
      setTimeout(next, 0);
    }
  };
  return {
    async run(task) {
      if (running >= concurrent) {
        if (waiting.length >= queued) return null;
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else running++;
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
