import { describe, expect, it } from 'vitest';
import type { SecretHit } from '../rule.ts';
import { STOP, eachMatch, endsNear, entropy, finishHits, looksFake, memoizeDetector, overlapsAny, windowsAround } from './detect.ts';
import { shannonEntropy } from './credentials.ts';
import { parsePrivateKeyBlock } from './pem.ts';

const hit = (start: number, end: number): SecretHit => ({ start, end, secretStart: start, secretEnd: end, description: 'x' });

describe('detector helpers', () => {
  it('merges context windows and never exceeds the text', () => {
    expect(windowsAround([10, 50, 500], 20, 20, 510)).toEqual([
      [0, 70],
      [480, 510],
    ]);
    expect(windowsAround([], 20, 20, 100)).toEqual([]);
  });

  it('finds overlapping and nearby ranges by binary search', () => {
    const ranges = [hit(0, 10), hit(20, 30), hit(100, 140)];
    expect(overlapsAny(ranges, 25, 26)).toBe(true);
    expect(overlapsAny(ranges, 10, 20)).toBe(false);
    expect(overlapsAny(ranges, 139, 200)).toBe(true);
    expect(overlapsAny([], 0, 1)).toBe(false);
    expect(endsNear(ranges, 35, 5)).toBe(true);
    expect(endsNear(ranges, 36, 5)).toBe(false);
  });

  it('stops and resumes matching where told', () => {
    const seen: number[] = [];
    eachMatch('a1 a2 a3 a4', /a\d/g, (m) => {
      seen.push(m.index);
      return m.index === 3 ? STOP : undefined;
    });
    expect(seen).toEqual([0, 3]);
  });

  it('computes the same entropy as the shared helper', () => {
    for (const s of ['', 'aaaa', 'abcd', 'wJalrXUtnFEMI/K7MDENG', 'naïve ✓ text']) expect(entropy(s)).toBeCloseTo(shannonEntropy(s), 10);
  });

  it('sorts hits and drops duplicates of the same secret', () => {
    expect(finishHits([hit(20, 30), hit(0, 5), hit(20, 30)]).map((h) => h.start)).toEqual([0, 20]);
  });

  it('memoises a detector for the current synchronous run only', async () => {
    let calls = 0;
    const detect = memoizeDetector((text) => {
      calls++;
      return [hit(0, text.length)];
    });
    const text = 'some text';
    const a = detect(text);
    const b = detect(text);
    expect(calls).toBe(1);
    expect(b).toEqual(a);
    b.push(hit(1, 2)); // callers get copies
    expect(detect(text)).toHaveLength(1);
    await Promise.resolve();
    detect(text);
    expect(calls).toBe(2);
  });

  it('judges fake values', () => {
    expect(looksFake('AKIAIOSFODNN7EXAMPLE')).toBe(true);
    expect(looksFake('Xk29vLq7WmPp3Tz8')).toBe(false);
  });

  it('parses PEM bodies with escapes, and refuses junk', () => {
    const body = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7'.repeat(4);
    const text = `"-----BEGIN PRIVATE KEY-----\\n${body}\\n-----END PRIVATE KEY-----\\n"`;
    const start = text.indexOf('-----BEGIN');
    const headerEnd = text.indexOf('-----', start + 11) + 5;
    const block = parsePrivateKeyBlock(text, start, headerEnd, 'PRIVATE KEY');
    expect(block).not.toBeNull();
    expect(block && text.slice(block.bodyStart, block.bodyStart + 4)).toBe('MIIE');
    expect(block && text.slice(block.end - 5, block.end)).toBe('-----');
    expect(parsePrivateKeyBlock(text, start, headerEnd, 'PUBLIC KEY')).toBeNull();
    const junk = '-----BEGIN PRIVATE KEY-----\nthis is not a key, just a sentence that is long enough to pass the length check!\n-----END PRIVATE KEY-----';
    expect(parsePrivateKeyBlock(junk, 0, 27, 'PRIVATE KEY')).toBeNull();
  });
});
