import { describe, expect, it } from 'vitest';
import { createJsonLog, createLineBatcher, FLUSH_INTERVAL_MS } from './log.ts';

describe('createJsonLog', () => {
  it('writes one JSON object per line: time, level, msg, then the fields', () => {
    const lines: string[] = [];
    const log = createJsonLog(
      (line) => lines.push(line),
      () => Date.UTC(2026, 0, 2, 3, 4, 5, 6),
    );
    log.info('request', { requestId: 'r"1\n', status: 200, nested: { a: [1] } });
    log.warn('plain');
    log.error('odd', { msg: 'overrides' });
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { time: '2026-01-02T03:04:05.006Z', level: 'info', msg: 'request', requestId: 'r"1\n', status: 200, nested: { a: [1] } },
      { time: '2026-01-02T03:04:05.006Z', level: 'warn', msg: 'plain' },
      { time: '2026-01-02T03:04:05.006Z', level: 'error', msg: 'overrides' },
    ]);
    expect(lines[0]).toBe('{"time":"2026-01-02T03:04:05.006Z","level":"info","msg":"request","requestId":"r\\"1\\n","status":200,"nested":{"a":[1]}}');
    for (const line of lines) expect(line).not.toContain('\n');
  });

  it('writes a request line exactly as info("request", entry) would, escaping what needs it', () => {
    const lines: string[] = [];
    const log = createJsonLog(
      (line) => lines.push(line),
      () => Date.UTC(2026, 0, 2, 3, 4, 5, 6),
    );
    const entries = [
      { requestId: '0190a000-0000-7000-8000-000000000001', method: 'GET', path: '/api/health', status: 200, durationMs: 0.12 },
      { requestId: 'r-1', method: 'POST', path: '/api/"x"\\ü\n', status: 422, durationMs: 3, caller: 'key:0190a000-0000-7000-8000-000000000002' },
    ];
    for (const entry of entries) {
      log.request(entry);
      log.info('request', { ...entry });
    }
    expect(lines[0]).toBe(lines[1]);
    expect(lines[2]).toBe(lines[3]);
    expect(JSON.parse(lines[2] as string)).toEqual({ time: '2026-01-02T03:04:05.006Z', level: 'info', msg: 'request', ...entries[1] });
  });

  it('follows the clock from one millisecond to the next', () => {
    const lines: string[] = [];
    let ms = 0;
    const log = createJsonLog(
      (line) => lines.push(line),
      () => ms,
    );
    log.info('a');
    ms = 1;
    log.info('b');
    expect(lines.map((l) => (JSON.parse(l) as { time: string }).time)).toEqual(['1970-01-01T00:00:00.000Z', '1970-01-01T00:00:00.001Z']);
  });
});

describe('createLineBatcher', () => {
  it('writes the lines of a short interval together, after it', async () => {
    const writes: string[] = [];
    const batcher = createLineBatcher((lines) => writes.push(lines));
    batcher.writeLine('a');
    await new Promise((resolve) => setImmediate(resolve)); // a later turn of the event loop: same write
    batcher.writeLine('b');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, FLUSH_INTERVAL_MS + 20));
    expect(writes).toEqual(['a\nb']);
    batcher.writeLine('c');
    await new Promise((resolve) => setTimeout(resolve, FLUSH_INTERVAL_MS + 20));
    expect(writes).toEqual(['a\nb', 'c']);
  });

  it('writes at once when asked to flush, or when a lot is pending', () => {
    const writes: string[] = [];
    const batcher = createLineBatcher((lines) => writes.push(lines));
    batcher.writeLine('a');
    batcher.flush();
    expect(writes).toEqual(['a']);
    batcher.flush();
    expect(writes).toEqual(['a']);
    const long = 'x'.repeat(40_000);
    batcher.writeLine(long);
    batcher.writeLine(long);
    expect(writes).toEqual(['a', `${long}\n${long}`]);
  });
});
