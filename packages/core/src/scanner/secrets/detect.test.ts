import { describe, expect, it } from 'vitest';
import type { SecretHit } from '../rule.ts';
import {
  STOP,
  eachLiteral,
  eachMatch,
  eachRun,
  endsNear,
  entropy,
  finishHits,
  hasTemplateMarker,
  isCodeExpression,
  isHex,
  looksFake,
  memoizeDetector,
  overlapsAny,
  windowsAround,
} from './detect.ts';
import { shannonEntropy } from './credentials.ts';
import { parsePrivateKeyBlock } from './pem.ts';

const hit = (start: number, end: number): SecretHit => ({ start, end, secretStart: start, secretEnd: end, description: 'x' });

describe('detector helpers', () => {
  it('finds literals and runs with plain loops', () => {
    const at: number[] = [];
    eachLiteral('ab ab xab', 'ab', (i) => {
      at.push(i);
    });
    expect(at).toEqual([0, 3, 7]);
    const resumed: number[] = [];
    eachLiteral('abababab', 'ab', (i) => {
      resumed.push(i);
      return i + 4;
    });
    expect(resumed).toEqual([0, 4]);
    const runs: [number, number][] = [];
    eachRun('aa1 bbbb2 c', 7, 3, (s, e) => runs.push([s, e])); // ALNUM
    expect(runs).toEqual([
      [0, 3],
      [4, 9],
    ]);
  });

  it('reads hex, templates and code expressions without regular expressions', () => {
    expect(isHex('deadBEEF')).toBe(false);
    expect(isHex('deadbeef01')).toBe(true);
    expect(isHex('DEADBEEF', true)).toBe(false);
    expect(hasTemplateMarker('${DB_PASSWORD}')).toBe(true);
    expect(hasTemplateMarker('pass{0}word')).toBe(true);
    expect(hasTemplateMarker('p{a}ss')).toBe(false);
    expect(isCodeExpression('getenv("X")')).toBe(true);
    expect(isCodeExpression('config.password')).toBe(true);
    expect(isCodeExpression('Hunter2.Pass')).toBe(false);
    expect(isCodeExpression('s3cr3t!')).toBe(false);
  });

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
