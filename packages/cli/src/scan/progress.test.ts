import { describe, expect, it } from 'vitest';
import { createProgress } from './progress.ts';

/** A progress on a fake clock; `written` collects what it wrote. */
function fake(total: number, columns = 80) {
  let time = 0;
  const written: string[] = [];
  const progress = createProgress((text) => written.push(text), total, { now: () => time, delayMs: 500, intervalMs: 100, columns });
  return { progress, written, advance: (ms: number) => (time += ms) };
}

describe('createProgress', () => {
  it('shows nothing for a scan that ends before the delay', () => {
    const { progress, written, advance } = fake(3);
    progress.update(0, 'a.js');
    advance(400);
    progress.update(1, 'b.js');
    progress.end();
    expect(written).toEqual([]);
  });

  it('redraws one line in place, at most every interval, and erases it at the end', () => {
    const { progress, written, advance } = fake(300);
    advance(600);
    progress.update(10, 'src/a.js');
    advance(50);
    progress.update(11, 'src/b.js'); // within the interval: skipped
    advance(60);
    progress.update(12, 'src/c.js');
    progress.end();
    expect(written).toEqual(['\rsecscan: 10/300 files  src/a.js\u001b[K', '\rsecscan: 12/300 files  src/c.js\u001b[K', '\r\u001b[K']);
  });

  it('never wraps: a long path keeps its end', () => {
    const { progress, written, advance } = fake(5, 40);
    advance(600);
    progress.update(1, `src/${'deep/'.repeat(20)}handler.js`);
    const line = (written[0] ?? '').replace('\r', '').replace('\u001b[K', '');
    expect([...line]).toHaveLength(39);
    expect(line).toMatch(/^secscan: 1\/5 files {2}….*\/handler\.js$/);
  });
});
