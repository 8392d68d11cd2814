/**
 * Scan history in PostgreSQL (table secscan_scans): the columns a query or an operator needs (id,
 * owner, time, language, sizes) and the rest of the scan as `json`, which round-trips any string
 * exactly. A scan is read back only together with its owner, in the same statement, so another
 * caller's scan and a missing one look the same.
 */
import type { ScanStore, StoredScan } from '@secscan/core';
import type { Database } from './database.ts';
import { isUuid, iso } from './values.ts';

/** The part of a stored scan kept in the `result` column. */
type ScanResultColumn = Omit<StoredScan, 'id' | 'owner' | 'createdAt' | 'language' | 'codeBytes' | 'code'>;

/** A row of secscan_scans, as read back (`json` columns arrive parsed). */
interface ScanRow {
  id: string;
  owner: string | null;
  created_at: Date;
  language: string;
  code_bytes: number;
  result: ScanResultColumn;
  code: string | null;
}

/** Most rows one retention statement deletes, so a large backlog is deleted in short transactions. */
const DELETE_BATCH = 5000;

/** A ScanStore on PostgreSQL. */
export function createPostgresScanStore(db: Database): ScanStore {
  return {
    async save(scan) {
      const { id, owner, createdAt, language, codeBytes, code, ...result } = scan;
      // Our own JSON text, sent as text (a `json` parameter would be encoded again by the driver);
      // JSON.stringify escapes NUL and lone surrogates, so the `json` columns take any string.
      const resultJson = JSON.stringify(result);
      const codeJson = code === undefined ? null : JSON.stringify(code);
      await db.run(
        (sql) => sql`
          INSERT INTO secscan_scans (id, owner, created_at, language, code_bytes, finding_count, result, code)
          VALUES (${id}, ${owner}, ${createdAt}, ${language}, ${codeBytes}, ${scan.findings.length}, ${resultJson}::text::json, ${codeJson}::text::json)
          ON CONFLICT (id) DO UPDATE SET
            owner = excluded.owner, created_at = excluded.created_at, language = excluded.language, code_bytes = excluded.code_bytes,
            finding_count = excluded.finding_count, result = excluded.result, code = excluded.code`,
      );
    },
    async get(id, owner) {
      if (!isUuid(id)) return null;
      const [row] = await db.run(
        (sql) => sql<ScanRow[]>`
          SELECT id, owner, created_at, language, code_bytes, result, code FROM secscan_scans
          WHERE id = ${id} AND owner IS NOT DISTINCT FROM ${owner}`,
      );
      if (!row) return null;
      return {
        id: row.id,
        owner: row.owner,
        createdAt: iso(row.created_at),
        language: row.language,
        ...row.result,
        codeBytes: row.code_bytes,
        ...(row.code !== null ? { code: row.code } : {}),
      };
    },
    async deleteCreatedBefore(before) {
      let deleted = 0;
      for (;;) {
        const result = await db.run(
          (sql) => sql`
            DELETE FROM secscan_scans WHERE id IN (
              SELECT id FROM secscan_scans WHERE created_at < ${before} LIMIT ${DELETE_BATCH}
            )`,
        );
        deleted += result.count;
        if (result.count < DELETE_BATCH) return deleted;
      }
    },
    ping: () => db.ping(),
  };
}
