import { describe, expect, it } from 'vitest';
import { crc32, crc32Update } from './crc32.ts';

describe('crc32', () => {
  it.each([
    ['', 0x00000000],
    ['123456789', 0xcbf43926],
    ['a', 0xe8b7be43],
    ['The quick brown fox jumps over the lazy dog', 0x414fa339],
  ])('crc32(%j) = %s', (input, expected) => {
    expect(crc32(input)).toBe(expected);
    expect(crc32(new TextEncoder().encode(input))).toBe(expected);
  });

  it('returns an unsigned 32-bit integer', () => {
    for (const s of ['x', 'yz', 'secscan', '\u0000\u00ff']) {
      const c = crc32(s);
      expect(Number.isInteger(c)).toBe(true);
      expect(c).toBeGreaterThanOrEqual(0);
      expect(c).toBeLessThanOrEqual(0xffffffff);
    }
  });

  it('hashes non-ASCII strings as UTF-8', () => {
    expect(crc32('é')).toBe(crc32(new Uint8Array([0xc3, 0xa9])));
    expect(crc32('naïve ✓')).toBe(crc32(new TextEncoder().encode('naïve ✓')));
  });

  it('can be computed incrementally', () => {
    const enc = new TextEncoder();
    expect(crc32Update(crc32Update(0, enc.encode('12345')), enc.encode('6789'))).toBe(0xcbf43926);
  });
});
