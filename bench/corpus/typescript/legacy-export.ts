// src/routes/legacy-export.ts
// Endpoints kept for the old desktop client; new clients use /v2/exports.
import express, { Request, Response } from 'express';
import { Pool } from 'pg';
import { execSync } from 'child_process';
import path from 'path';

const router = express.Router();
const pool = new Pool({ connectionString: process.env.DATABASE_URL });
const EXPORT_DIR = process.env.EXPORT_DIR ?? '/srv/exports';

type ExportParams = { table: string; columns: string[]; where: Record<string, string> };

function buildSelect({ table, columns, where }: ExportParams): string {
  const cols = columns.length ? columns.join(', ') : '*';
  const clauses = Object.entries(where).map(([k, v]) => `${k} = '${v}'`);
  return `SELECT ${cols} FROM ${table}` + (clauses.length ? ` WHERE ${clauses.join(' AND ')}` : '');
}

router.post('/legacy/export', async (req: Request, res: Response) => {
  const params: ExportParams = {
    table: String(req.body.table),
    columns: Array.isArray(req.body.columns) ? req.body.columns : [],
    where: req.body.where ?? {},
  };
  const sql = buildSelect(params);
  // expect: CWE-89
  const { rows } = await pool.query(sql);
  res.json(rows);
});

router.get('/legacy/customers/:id/invoices', async (req: Request, res: Response) => {
  const { rows } = await pool.query('SELECT id, number, total FROM invoices WHERE customer_id = $1 ORDER BY number', [
    req.params.id,
  ]);
  res.json(rows);
});

router.get('/legacy/invoices', async (req: Request, res: Response) => {
  const year = req.query.year as string;
  const status = (req.query.status as string) ?? 'paid';
  let text = 'SELECT id, number, total FROM invoices WHERE status = $1';
  text += ` AND extract(year from issued_at) = ${year}`;
  // expect: CWE-89
  const result = await pool.query({ text, values: [status] });
  res.json(result.rows);
});

router.get('/legacy/exports/:file', (req: Request, res: Response) => {
  const file = req.params.file;
  // expect: CWE-22
  res.sendFile(path.join(EXPORT_DIR, req.query.folder as string, file));
});

router.get('/legacy/exports-v2/:file', (req: Request, res: Response) => {
  res.sendFile(path.basename(req.params.file), { root: EXPORT_DIR, dotfiles: 'deny' });
});

router.post('/legacy/exports/zip', (req: Request, res: Response) => {
  const name: string = req.body.name ?? `export-${Date.now()}`;
  // expect: CWE-78
  execSync(`cd ${EXPORT_DIR} && zip -r ${name}.zip ${name}/`, { stdio: 'ignore' });
  res.json({ archive: `${name}.zip` });
});

export default router;
