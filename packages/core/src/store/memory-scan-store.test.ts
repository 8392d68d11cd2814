import { describe, expect, it } from 'vitest';
import { describeScanStoreContract, sampleStoredScan } from '../testing/scan-store-contract.ts';
import { createMemoryScanStore } from './memory-scan-store.ts';

describeScanStoreContract('memory', () => createMemoryScanStore());

describe('createMemoryScanStore bounds', () => {
  const id = (n: number): string => `01890a5d-ac96-774b-bcce-${n.toString(16).padStart(12, '0')}`;

  it('drops the oldest scans beyond maxScans', async () => {
    const store = createMemoryScanStore({ maxScans: 2 });
    for (let n = 1; n <= 3; n++) await store.save(sampleStoredScan({ id: id(n) }));
    expect(await store.get(id(1), null)).toBeNull();
    expect(await store.get(id(2), null)).not.toBeNull();
    expect(await store.get(id(3), null)).not.toBeNull();
  });

  it('drops the oldest scans beyond maxChars', async () => {
    const size = JSON.stringify(sampleStoredScan({ id: id(1) })).length;
    const store = createMemoryScanStore({ maxChars: size * 2 + 1 });
    for (let n = 1; n <= 3; n++) await store.save(sampleStoredScan({ id: id(n) }));
    expect(await store.get(id(1), null)).toBeNull();
    expect(await store.get(id(3), null)).not.toBeNull();
  });

  it('replaces a scan saved twice without counting it twice', async () => {
    const store = createMemoryScanStore({ maxScans: 2 });
    await store.save(sampleStoredScan({ id: id(1) }));
    await store.save(sampleStoredScan({ id: id(1), durationMs: 7 }));
    await store.save(sampleStoredScan({ id: id(2) }));
    expect((await store.get(id(1), null))?.durationMs).toBe(7);
    expect(await store.get(id(2), null)).not.toBeNull();
  });

  it('evicts the scans of the caller who holds the most, never those of callers who keep less (issue #12)', async () => {
    const store = createMemoryScanStore({ maxScans: 10 });
    for (let n = 1; n <= 3; n++) await store.save(sampleStoredScan({ id: id(n), owner: 'key:a' }));
    for (let n = 4; n <= 5; n++) await store.save(sampleStoredScan({ id: id(n), owner: 'session:b' }));
    // One caller floods the store: only its own oldest scans make room.
    for (let n = 100; n < 200; n++) await store.save(sampleStoredScan({ id: id(n), owner: 'key:flood' }));
    for (let n = 1; n <= 3; n++) expect(await store.get(id(n), 'key:a')).not.toBeNull();
    for (let n = 4; n <= 5; n++) expect(await store.get(id(n), 'session:b')).not.toBeNull();
    expect(await store.get(id(199), 'key:flood')).not.toBeNull();
    expect(await store.get(id(100), 'key:flood')).toBeNull();
  });

  it('lets large anonymous scans push out only anonymous scans', async () => {
    const small = JSON.stringify(sampleStoredScan({ id: id(1) })).length;
    const store = createMemoryScanStore({ maxChars: small * 20 });
    await store.save(sampleStoredScan({ id: id(1), owner: 'key:a' }));
    const huge = sampleStoredScan({ id: id(2) });
    huge.findings = Array.from({ length: 5 }, () => ({ ...(huge.findings[0] as (typeof huge.findings)[number]), snippet: 'x'.repeat(small * 2) }));
    for (let n = 2; n < 12; n++) await store.save({ ...huge, id: id(n), owner: null });
    expect(await store.get(id(1), 'key:a')).not.toBeNull();
  });

  it('refuses nonsensical bounds', () => {
    expect(() => createMemoryScanStore({ maxScans: 0 })).toThrow(RangeError);
    expect(() => createMemoryScanStore({ maxChars: 1.5 })).toThrow(RangeError);
  });
});
