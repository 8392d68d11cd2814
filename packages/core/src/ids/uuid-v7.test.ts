import { describe, expect, it } from 'vitest';
import { isUuidV7, uuidV7, uuidV7Time } from './uuid-v7.ts';

describe('uuidV7', () => {
  it('encodes the timestamp, version and variant (RFC 9562 §5.7 test vector)', () => {
    // RFC 9562 Appendix A.6: 0x017F22E279B0 ms with random bytes CC3 18C4DC0C0C07398F.
    const random = [0x0c, 0xc3, 0x18, 0xc4, 0xdc, 0x0c, 0x0c, 0x07, 0x39, 0x8f];
    const id = uuidV7(0x017f22e279b0, (bytes) => {
      bytes.set(random);
      return bytes;
    });
    expect(id).toBe('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
    expect(isUuidV7(id)).toBe(true);
    expect(uuidV7Time(id)).toBe(0x017f22e279b0);
  });

  it('sorts by time and differs within one millisecond', () => {
    const a = uuidV7(1_700_000_000_000);
    const b = uuidV7(1_700_000_000_000);
    const c = uuidV7(1_700_000_000_001);
    expect(a).not.toBe(b);
    expect([c, a].sort()[0]).toBe(a);
    expect(a < c && b < c).toBe(true);
  });

  it('stays unique across refills of its random pool', () => {
    const ids = Array.from({ length: 1000 }, () => uuidV7(1_700_000_000_000));
    expect(new Set(ids).size).toBe(1000);
    expect(ids.every(isUuidV7)).toBe(true);
  });

  it('refuses times that do not fit 48 bits', () => {
    expect(() => uuidV7(-1)).toThrow(RangeError);
    expect(() => uuidV7(2 ** 48)).toThrow(RangeError);
    expect(() => uuidV7(1.5)).toThrow(RangeError);
  });

  it('tells UUID v7 apart from other strings', () => {
    expect(isUuidV7('017F22E2-79B0-7CC3-98C4-DC0C0C07398F')).toBe(true);
    expect(isUuidV7('017f22e2-79b0-4cc3-98c4-dc0c0c07398f')).toBe(false); // v4
    expect(isUuidV7('017f22e2-79b0-7cc3-c8c4-dc0c0c07398f')).toBe(false); // wrong variant
    expect(isUuidV7('017f22e2-79b0-7cc3-98c4-dc0c0c07398')).toBe(false);
    expect(isUuidV7('017f22e2x79b0-7cc3-98c4-dc0c0c07398f')).toBe(false);
    expect(uuidV7Time('nope')).toBeNull();
  });
});
