// pages/api/exports/[dataset].ts
import type { NextApiRequest, NextApiResponse } from 'next';
import { exec } from 'child_process';
import { promisify } from 'util';
import { createReadStream } from 'fs';
import { stat } from 'fs/promises';
import { randomBytes } from 'crypto';
import { getServerSession } from 'next-auth/next';
import { authOptions } from '../auth/[...nextauth]';

const sh = promisify(exec);

const EXPORT_DIR = '/var/tmp/exports';
const DATASETS: Record<string, string> = {
  customers: 'crm.customers',
  invoices: 'billing.invoices',
  tickets: 'support.tickets',
};

type ExportFormat = 'csv' | 'json';

function pickFormat(raw: string | string[] | undefined): ExportFormat {
  return raw === 'json' ? 'json' : 'csv';
}

async function dumpTable(table: string, whereClause: string, outFile: string, format: ExportFormat) {
  const copy =
    format === 'csv'
      ? `\\copy (SELECT * FROM ${table} WHERE ${whereClause}) TO '${outFile}' WITH CSV HEADER`
      : `\\copy (SELECT row_to_json(t) FROM (SELECT * FROM ${table} WHERE ${whereClause}) t) TO '${outFile}'`;
  const cmd = `psql "$REPORTING_DATABASE_URL" -v ON_ERROR_STOP=1 -c "${copy}"`;
  // expect: CWE-78
  await sh(cmd, { timeout: 120_000, env: process.env });
}

export default async function handler(req: NextApiRequest, res: NextApiResponse) {
  const session = await getServerSession(req, res, authOptions);
  if (!session?.user) {
    const back = (req.query.returnTo as string) || req.headers.referer || '/';
    // expect: CWE-601
    return res.redirect(302, `${back}`);
  }

  const dataset = String(req.query.dataset);
  const table = DATASETS[dataset];
  if (!table) {
    return res.status(404).json({ error: 'unknown dataset' });
  }

  if (req.method === 'POST') {
    const format = pickFormat(req.body?.format);
    const since = typeof req.body?.since === 'string' ? req.body.since : '1970-01-01';
    const id = randomBytes(12).toString('hex');
    const outFile = `${EXPORT_DIR}/${dataset}-${id}.${format}`;
    await dumpTable(table, `updated_at >= '${since}'`, outFile, format);

    // expect: CWE-614
    res.setHeader('Set-Cookie', `export_ticket=${id}; Path=/api/exports; HttpOnly; SameSite=Lax; Max-Age=3600`);
    return res.status(201).json({ id, format });
  }

  if (req.method === 'GET') {
    const id = String(req.query.id ?? '');
    if (!/^[a-f0-9]{24}$/.test(id)) {
      return res.status(400).json({ error: 'bad export id' });
    }
    if (req.cookies.export_ticket !== id) {
      return res.status(403).json({ error: 'export belongs to another session' });
    }
    const format = pickFormat(req.query.format);
    const file = `${EXPORT_DIR}/${dataset}-${id}.${format}`;
    try {
      const info = await stat(file);
      res.setHeader('Content-Type', format === 'csv' ? 'text/csv' : 'application/x-ndjson');
      res.setHeader('Content-Length', String(info.size));
      res.setHeader('Content-Disposition', `attachment; filename="${dataset}.${format}"`);
      createReadStream(file).pipe(res);
    } catch {
      res.status(404).json({ error: 'export not ready' });
    }
    return;
  }

  res.setHeader('Allow', 'GET, POST');
  return res.status(405).end();
}
