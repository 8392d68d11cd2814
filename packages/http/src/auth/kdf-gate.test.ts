import { describe, expect, it } from 'vitest';
import { createKdfGate } from './kdf-gate.ts';

describe('createKdfGate', () => {
  it('runs at most `concurrent` tasks at once, queues `queued` more, and refuses the rest at once', async () => {
    const gate = createKdfGate(2, 1);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const task = () =>
      new Promise<string>((resolve) => {
        running++;
        most = Math.max(most, running);
        releases.push(() => {
          running--;
          resolve('done');
        });
      });
    const results = [gate.run(task), gate.run(task), gate.run(task), gate.run(task)];
    // The fourth found two running and one waiting: refused without running.
    await expect(results[3]).resolves.toBeNull();
    while (releases.length < 2) await new Promise((resolve) => setTimeout(resolve, 1));
    releases.shift()?.();
    while (releases.length < 2) await new Promise((resolve) => setTimeout(resolve, 1));
    for (const release of releases.splice(0)) release();
    await expect(Promise.all(results.slice(0, 3))).resolves.toEqual(['done', 'done', 'done']);
    expect(most).toBe(2);
    // A failed task frees its place too.
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 'again')).resolves.toBe('again');
  });
});
