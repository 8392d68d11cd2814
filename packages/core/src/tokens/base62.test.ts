import { describe, expect, it } from 'vitest';
import { BASE62_ALPHABET, base62DecodeInt, base62Digit, base62EncodeBytes, base62EncodeInt, base62Width, isBase62 } from './base62.ts';

describe('base62', () => {
  it('uses 0-9A-Za-z in digit order', () => {
    expect(BASE62_ALPHABET).toHaveLength(62);
    expect(base62Digit('0'.charCodeAt(0))).toBe(0);
    expect(base62Digit('A'.charCodeAt(0))).toBe(10);
    expect(base62Digit('a'.charCodeAt(0))).toBe(36);
    expect(base62Digit('z'.charCodeAt(0))).toBe(61);
    expect(base62Digit('-'.charCodeAt(0))).toBe(-1);
    expect(base62Digit(0x00e9)).toBe(-1);
  });

  it.each([
    [0, 1, '0'],
    [61, 1, 'z'],
    [62, 2, '10'],
    [0xcbf43926, 6, '3jZRME'],
    [0xffffffff, 6, '4gfFC3'],
    [7, 6, '000007'],
  ])('encodes %d in %d digits as %s', (value, width, expected) => {
    expect(base62EncodeInt(value, width)).toBe(expected);
    expect(base62DecodeInt(expected)).toBe(value);
  });

  it('refuses values that do not fit and invalid input', () => {
    expect(() => base62EncodeInt(62, 1)).toThrow(RangeError);
    expect(() => base62EncodeInt(-1, 6)).toThrow(RangeError);
    expect(() => base62EncodeInt(1.5, 6)).toThrow(RangeError);
    expect(base62DecodeInt('')).toBe(-1);
    expect(base62DecodeInt('ab-c')).toBe(-1);
    expect(base62DecodeInt('z'.repeat(20))).toBe(-1); // beyond a safe integer
  });

  it('round-trips random integers', () => {
    for (let i = 0; i < 1000; i++) {
      const v = Math.floor(Math.random() * 0x100000000);
      expect(base62DecodeInt(base62EncodeInt(v, 6))).toBe(v);
    }
  });

  it('encodes bytes at a fixed width: 43 digits for 32 bytes', () => {
    expect(base62Width(32)).toBe(43);
    expect(base62EncodeBytes(new Uint8Array(32))).toBe('0'.repeat(43));
    const max = base62EncodeBytes(new Uint8Array(32).fill(0xff));
    expect(max).toHaveLength(43);
    expect(isBase62(max)).toBe(true);
    expect(base62Width(2)).toBe(3);
    expect(base62EncodeBytes(new Uint8Array([1, 0]))).toBe('048'); // 256 = 4 * 62 + 8
    expect(base62EncodeBytes(new Uint8Array([1, 0]), 6)).toBe('000048');
    expect(() => base62EncodeBytes(new Uint8Array(32).fill(0xff), 42)).toThrow(RangeError);
  });

  it('recognises base62 strings', () => {
    expect(isBase62('abcXYZ019')).toBe(true);
    expect(isBase62('')).toBe(false);
    expect(isBase62('abc_def')).toBe(false);
  });
});
