import { describe, expect, it } from 'vitest';
import type { ScanStore, StoredScan } from '../store/types.ts';

/** A stored scan with sensible defaults, for store tests. */
export function sampleStoredScan(overrides: Partial<StoredScan> = {}): StoredScan {
  return {
    id: '01890a5d-ac96-774b-bcce-b302099a8057',
    owner: null,
    createdAt: '2026-01-02T03:04:05.000Z',
    language: 'javascript',
    filename: 'app.js',
    codeBytes: 42,
    findings: [
      {
        id: 'f1',
        ruleId: 'javascript.sql-injection',
        title: 'SQL injection',
        message: 'Request data reaches db.query()',
        severity: 'high',
        confidence: 'high',
        cwe: ['CWE-89'],
        owasp: ['A03:2021'],
        location: { startLine: 3, startColumn: 1, endLine: 3, endColumn: 20 },
        snippet: 'db.query("SELECT " + id)',
        remediation: 'Use a parameterized query.',
        dataflow: [{ location: { startLine: 2, startColumn: 1, endLine: 2, endColumn: 9 }, note: 'source: req.query.id' }],
      },
    ],
    summary: { total: 1, critical: 0, high: 1, medium: 0, low: 0, info: 0 },
    suppressed: 0,
    truncated: false,
    partialParse: false,
    engine: { version: '0.1.0', rules: 10 },
    durationMs: 1.5,
    ...overrides,
  };
}

/**
 * The contract every ScanStore keeps (DESIGN §1: one suite, run against every implementation).
 * `create` returns a fresh, empty store for each test.
 */
export function describeScanStoreContract(name: string, create: () => ScanStore | Promise<ScanStore>): void {
  describe(`ScanStore contract: ${name}`, () => {
    it('answers ping when up', async () => {
      const store = await create();
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it('returns a saved scan to its owner, field for field', async () => {
      const store = await create();
      const scan = sampleStoredScan({ owner: 'key_1', code: 'const a = 1;' });
      await store.save(scan);
      expect(await store.get(scan.id, 'key_1')).toEqual(scan);
    });

    it('keeps anonymous scans apart from owned ones', async () => {
      const store = await create();
      const anonymous = sampleStoredScan({ owner: null });
      await store.save(anonymous);
      expect(await store.get(anonymous.id, null)).toEqual(anonymous);
      expect(await store.get(anonymous.id, 'key_1')).toBeNull();
    });

    it('never shows a scan to another owner', async () => {
      const store = await create();
      const scan = sampleStoredScan({ owner: 'key_1' });
      await store.save(scan);
      expect(await store.get(scan.id, 'key_2')).toBeNull();
      expect(await store.get(scan.id, null)).toBeNull();
    });

    it('answers null for an unknown id', async () => {
      const store = await create();
      expect(await store.get('01890a5d-ac96-774b-bcce-b302099a0000', null)).toBeNull();
    });

    it('leaves optional fields out rather than storing undefined', async () => {
      const store = await create();
      const { filename: _filename, ...withoutFilename } = sampleStoredScan();
      await store.save(withoutFilename);
      const read = await store.get(withoutFilename.id, null);
      expect(read).not.toBeNull();
      expect(read && 'filename' in read).toBe(false);
      expect(read && 'code' in read).toBe(false);
    });

    it('deletes the scans made before a cutoff, and only those', async () => {
      const store = await create();
      const scans = ['2026-01-01', '2026-01-02', '2026-01-03'].map((day, n) =>
        sampleStoredScan({ id: `01890a5d-ac96-774b-bcce-b302099a810${n}`, owner: n === 1 ? null : 'key_1', createdAt: `${day}T00:00:00.000Z` }),
      );
      for (const scan of scans) await store.save(scan);
      expect(await store.deleteCreatedBefore('2026-01-02T00:00:00.000Z')).toBe(1);
      expect(await store.get(scans[0]?.id ?? '', 'key_1')).toBeNull();
      // A scan made exactly at the cutoff is kept.
      expect(await store.get(scans[1]?.id ?? '', null)).toEqual(scans[1]);
      expect(await store.get(scans[2]?.id ?? '', 'key_1')).toEqual(scans[2]);
      expect(await store.deleteCreatedBefore('2026-01-02T00:00:00.000Z')).toBe(0);
      expect(await store.deleteCreatedBefore('2026-02-01T00:00:00.000Z')).toBe(2);
    });

    it('keeps any string exactly: NUL characters, lone surrogates, a large code', async () => {
      const store = await create();
      const [finding] = sampleStoredScan().findings;
      const odd = 'a\u0000b\ud800c\udfff"\\\n\u2028é😀';
      const scan = sampleStoredScan({
        owner: 'session:user-42',
        filename: `dir/${odd}.js`,
        code: `${odd}${'x'.repeat(256 * 1024)}`,
        codeBytes: 256 * 1024 + 20,
        truncatedReason: odd,
        findings: finding ? [{ ...finding, snippet: odd, message: odd }] : [],
      });
      await store.save(scan);
      expect(await store.get(scan.id, 'session:user-42')).toEqual(scan);
    });

    it('is not changed by mutating an object after saving or reading it', async () => {
      const store = await create();
      const scan = sampleStoredScan();
      await store.save(scan);
      scan.findings.length = 0;
      const read = await store.get(scan.id, null);
      expect(read?.findings).toHaveLength(1);
      if (read) read.summary.total = 99;
      expect((await store.get(scan.id, null))?.summary.total).toBe(1);
    });

    it('reads a scan back for any one of several owners, and for no one else', async () => {
      const store = await create();
      const scan = sampleStoredScan({ owner: 'key:2' });
      await store.save(scan);
      expect(await store.getForOwners(scan.id, ['session:user:a', 'key:2'])).toEqual(scan);
      expect(await store.getForOwners(scan.id, ['key:1', 'session:user:b'])).toBeNull();
      expect(await store.getForOwners(scan.id, [])).toBeNull();
    });

    it("lists owners' scans newest first, filtered and in pages", async () => {
      const store = await create();
      const id = (n: number): string => `01890a5d-ac96-774b-bcce-b30209d${n.toString(16).padStart(5, '0')}`;
      const none = { total: 0, critical: 0, high: 0, medium: 0, low: 0, info: 0 };
      for (let n = 1; n <= 5; n++) {
        await store.save(
          sampleStoredScan({
            id: id(n),
            owner: n === 3 ? 'key:other' : n % 2 === 0 ? 'key:mine' : 'session:user:me',
            createdAt: `2026-01-0${n}T10:00:00.000Z`,
            language: n === 5 ? 'python' : 'javascript',
            ...(n === 4 ? { summary: none, findings: [] } : {}),
          }),
        );
      }
      // Same time as scan 5: the id breaks the tie.
      await store.save(sampleStoredScan({ id: id(6), owner: 'key:mine', createdAt: '2026-01-05T10:00:00.000Z' }));
      const owners = ['key:mine', 'session:user:me'];
      const all = await store.list({ owners, limit: 10 });
      expect(all.scans.map((s) => s.id)).toEqual([id(6), id(5), id(4), id(2), id(1)]);
      expect(all.next).toBeNull();
      expect(all.scans[1]).toEqual({
        id: id(5),
        owner: 'session:user:me',
        createdAt: '2026-01-05T10:00:00.000Z',
        language: 'python',
        filename: 'app.js',
        codeBytes: 42,
        summary: { total: 1, critical: 0, high: 1, medium: 0, low: 0, info: 0 },
        truncated: false,
      });
      expect((await store.list({ owners, language: 'python', limit: 10 })).scans.map((s) => s.id)).toEqual([id(5)]);
      expect((await store.list({ owners, severity: 'high', limit: 10 })).scans.map((s) => s.id)).toEqual([id(6), id(5), id(2), id(1)]);
      expect((await store.list({ owners, severity: 'critical', limit: 10 })).scans).toEqual([]);
      const first = await store.list({ owners, limit: 2 });
      expect(first.scans.map((s) => s.id)).toEqual([id(6), id(5)]);
      expect(first.next).toEqual({ createdAt: '2026-01-05T10:00:00.000Z', id: id(5) });
      const second = await store.list({ owners, limit: 2, ...(first.next ? { before: first.next } : {}) });
      expect(second.scans.map((s) => s.id)).toEqual([id(4), id(2)]);
      const third = await store.list({ owners, limit: 2, ...(second.next ? { before: second.next } : {}) });
      expect(third).toEqual({ scans: [expect.objectContaining({ id: id(1) })], next: null });
      expect(await store.list({ owners: [], limit: 10 })).toEqual({ scans: [], next: null });
    });

    it('sums scans and findings per UTC day since a time', async () => {
      const store = await create();
      const id = (n: number): string => `01890a5d-ac96-774b-bcce-b30209e${n.toString(16).padStart(5, '0')}`;
      const summary = { total: 3, critical: 1, high: 2, medium: 0, low: 0, info: 0 };
      await store.save(sampleStoredScan({ id: id(1), owner: 'key:mine', createdAt: '2026-01-01T23:59:59.000Z' }));
      await store.save(sampleStoredScan({ id: id(2), owner: 'key:mine', createdAt: '2026-01-02T00:00:00.000Z', summary }));
      await store.save(sampleStoredScan({ id: id(3), owner: 'session:user:me', createdAt: '2026-01-02T12:00:00.000Z' }));
      await store.save(sampleStoredScan({ id: id(4), owner: 'key:other', createdAt: '2026-01-02T12:00:00.000Z' }));
      await store.save(sampleStoredScan({ id: id(5), owner: 'key:mine', createdAt: '2025-12-01T12:00:00.000Z' }));
      expect(await store.dailyUsage(['key:mine', 'session:user:me'], '2026-01-01T00:00:00.000Z')).toEqual([
        { day: '2026-01-01', scans: 1, findings: { critical: 0, high: 1, medium: 0, low: 0, info: 0 } },
        { day: '2026-01-02', scans: 2, findings: { critical: 1, high: 3, medium: 0, low: 0, info: 0 } },
      ]);
      expect(await store.dailyUsage([], '2026-01-01T00:00:00.000Z')).toEqual([]);
    });
  });
}
