import { Router, type Request, type Response, type NextFunction } from 'express';
import { exec, execFile, spawn } from 'node:child_process';
import { randomUUID, createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { requireUser } from '../middleware/session';
import { exportJobs } from '../services/export-jobs';

const execAsync = promisify(exec);
const execFileAsync = promisify(execFile);

interface ExportRequest {
  table: string;
  format: 'csv' | 'sql';
  compress?: boolean;
}

interface ExportConfig {
  exportDir: string;
  databaseUrl: string;
  maxAgeHours: number;
}

const exportConfig: ExportConfig = {
  exportDir: path.resolve(process.env.EXPORT_DIR ?? '/var/app/exports'),
  databaseUrl: process.env.DATABASE_URL ?? '',
  maxAgeHours: 24,
};

const EXPORTABLE_TABLES = new Set(['customers', 'orders', 'order_lines', 'products']);

type AsyncHandler = (req: Request, res: Response, next: NextFunction) => Promise<unknown>;
const wrap =
  (fn: AsyncHandler) =>
  (req: Request, res: Response, next: NextFunction): void => {
    fn(req, res, next).catch(next);
  };

function exportFileName(table: string, format: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return `${table}-${stamp}.${format === 'csv' ? 'csv' : 'sql'}`;
}

async function dumpTable(table: string, outFile: string): Promise<void> {
  const command = `pg_dump --data-only --table=${table} --file=${outFile} "$DATABASE_URL"`;
  // expect: CWE-78
  await execAsync(command, { env: { ...process.env, DATABASE_URL: exportConfig.databaseUrl }, timeout: 300_000 });
}

async function copyTableCsv(table: string, outFile: string): Promise<void> {
  if (!EXPORTABLE_TABLES.has(table)) {
    throw Object.assign(new Error(`table ${table} is not exportable`), { status: 400 });
  }
  await execFileAsync(
    'psql',
    [exportConfig.databaseUrl, '-c', `\\copy ${table} TO '${outFile}' WITH (FORMAT csv, HEADER true)`],
    { timeout: 300_000 },
  );
}

function compressFile(fileName: string): Promise<number> {
  return new Promise((resolve, reject) => {
    // expect: CWE-78
    const child = spawn('gzip', ['-9', '--keep', fileName], { cwd: exportConfig.exportDir, shell: true });
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
}

function checksum(buffer: Buffer): string {
  return createHash('sha256').update(buffer).digest('hex');
}

export const exportsRouter = Router();

exportsRouter.post(
  '/exports',
  requireUser('admin'),
  wrap(async (req, res) => {
    const { table, format, compress } = req.body as ExportRequest;
    const fileName = exportFileName(table, format);
    const outFile = path.join(exportConfig.exportDir, fileName);

    if (format === 'csv') {
      await copyTableCsv(table, outFile);
    } else {
      await dumpTable(table, outFile);
    }
    if (compress) {
      await compressFile(req.body.fileName ?? fileName);
    }

    const job = await exportJobs.create({ fileName, requestedBy: req.user!.id });
    const downloadToken = randomUUID();
    await exportJobs.attachToken(job.id, downloadToken);
    // expect: CWE-1004
    res.cookie('export_download', downloadToken, { secure: true, sameSite: 'strict', maxAge: 60 * 60 * 1000 });
    res.status(201).json({ id: job.id, fileName });
  }),
);

exportsRouter.get(
  '/exports/:fileName',
  requireUser('admin'),
  wrap(async (req, res) => {
    const fileName = req.params.fileName;
    res.setHeader('Content-Disposition', `attachment; filename="${path.basename(fileName)}"`);
    res.sendFile(fileName, { root: exportConfig.exportDir, dotfiles: 'deny' });
  }),
);

exportsRouter.get(
  '/exports/archive/download',
  requireUser('admin'),
  wrap(async (req, res) => {
    const requested = String(req.query.path ?? '');
    const fullPath = path.join(exportConfig.exportDir, 'archive', requested);
    // expect: CWE-22
    res.download(fullPath);
  }),
);

exportsRouter.get(
  '/exports/:fileName/checksum',
  requireUser('admin'),
  wrap(async (req, res) => {
    const fullPath = path.resolve(exportConfig.exportDir, req.params.fileName);
    if (!fullPath.startsWith(exportConfig.exportDir + path.sep)) {
      return res.status(400).json({ error: 'invalid file name' });
    }
    const data = await fs.readFile(fullPath);
    res.json({ sha256: checksum(data), bytes: data.length });
  }),
);

exportsRouter.delete(
  '/exports/expired',
  requireUser('admin'),
  wrap(async (_req, res) => {
    const cutoff = Date.now() - exportConfig.maxAgeHours * 3600 * 1000;
    const entries = await fs.readdir(exportConfig.exportDir, { withFileTypes: true });
    let removed = 0;
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const full = path.join(exportConfig.exportDir, entry.name);
      const stat = await fs.stat(full);
      if (stat.mtimeMs < cutoff) {
        await fs.unlink(full);
        removed += 1;
      }
    }
    res.json({ removed });
  }),
);
