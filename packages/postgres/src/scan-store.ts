/**
 * Scan history in PostgreSQL (table secscan_scans): the columns a query or an operator needs (id,
 * owner, time, language, sizes) and the rest of the scan as `json`, which round-trips any string
 * exactly. A scan is read back only together with its owner, in the same statement, so another
 * caller's scan and a missing one look the same.
 */
import type { DailyUsage, ScanListItem, ScanStore, StoredScan } from '@secscan/core';
import type { Database } from './database.ts';
import { bigintToNumber, isUuid, iso } from './values.ts';

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

/** A row of a history listing: the scan's columns and its summary from the `result` column. */
interface ListRow {
  id: string;
  owner: string | null;
  created_at: Date;
  language: string;
  code_bytes: number;
  filename: string | null;
  summary: ScanListItem['summary'];
  truncated: boolean;
}

/** A row of the daily usage query (sums are bigints: strings from postgres.js). */
interface DailyRow {
  day: string;
  scans: string;
  critical: string;
  high: string;
  medium: string;
  low: string;
  info: string;
}

/** A stored scan from its row. */
function toScan(row: ScanRow): StoredScan {
  return {
    id: row.id,
    owner: row.owner,
    createdAt: iso(row.created_at),
    language: row.language,
    ...row.result,
    codeBytes: row.code_bytes,
    ...(row.code !== null ? { code: row.code } : {}),
  };
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
      return row ? toScan(row) : null;
    },
    async getForOwners(id, owners) {
      if (!isUuid(id) || owners.length === 0) return null;
      const [row] = await db.run(
        (sql) => sql<ScanRow[]>`
          SELECT id, owner, created_at, language, code_bytes, result, code FROM secscan_scans
          WHERE id = ${id} AND owner = ANY(${owners as string[]}::text[])`,
      );
      return row ? toScan(row) : null;
    },
    async list(query) {
      if (query.owners.length === 0) return { scans: [], next: null };
      const severity = query.severity ?? null;
      const before = query.before && isUuid(query.before.id) ? query.before : null;
      // One row more than the page tells whether there is a next one. The severity filter reads the
      // summary inside `result` (a user's history is small: the owner index has already narrowed it).
      const rows = await db.run(
        (sql) => sql<ListRow[]>`
          SELECT id, owner, created_at, language, code_bytes, result->>'filename' AS filename, result->'summary' AS summary,
                 coalesce((result->>'truncated')::boolean, false) AS truncated
          FROM secscan_scans
          WHERE owner = ANY(${query.owners as string[]}::text[])
            AND (${query.language ?? null}::text IS NULL OR language = ${query.language ?? null})
            AND (${severity}::text IS NULL OR (result->'summary'->>${severity ?? 'total'})::int > 0)
            AND (${before?.createdAt ?? null}::timestamptz IS NULL OR (created_at, id) < (${before?.createdAt ?? null}::timestamptz, ${before?.id ?? null}::uuid))
          ORDER BY created_at DESC, id DESC
          LIMIT ${query.limit + 1}`,
      );
      const scans: ScanListItem[] = rows.slice(0, query.limit).map((row) => ({
        id: row.id,
        owner: row.owner,
        createdAt: iso(row.created_at),
        language: row.language,
        ...(row.filename !== null ? { filename: row.filename } : {}),
        codeBytes: row.code_bytes,
        summary: row.summary,
        truncated: row.truncated,
      }));
      const last = scans[scans.length - 1];
      return { scans, next: rows.length > query.limit && last ? { createdAt: last.createdAt, id: last.id } : null };
    },
    async dailyUsage(owners, since) {
      if (owners.length === 0) return [];
      const rows = await db.run(
        (sql) => sql<DailyRow[]>`
          SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS scans,
                 sum((result->'summary'->>'critical')::int) AS critical, sum((result->'summary'->>'high')::int) AS high,
                 sum((result->'summary'->>'medium')::int) AS medium, sum((result->'summary'->>'low')::int) AS low,
                 sum((result->'summary'->>'info')::int) AS info
          FROM secscan_scans
          WHERE owner = ANY(${owners as string[]}::text[]) AND created_at >= ${since}
          GROUP BY 1 ORDER BY 1`,
      );
      return rows.map(
        (row): DailyUsage => ({
          day: row.day,
          scans: bigintToNumber(row.scans),
          findings: {
            critical: bigintToNumber(row.critical),
            high: bigintToNumber(row.high),
            medium: bigintToNumber(row.medium),
            low: bigintToNumber(row.low),
            info: bigintToNumber(row.info),
          },
        }),
      );
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
