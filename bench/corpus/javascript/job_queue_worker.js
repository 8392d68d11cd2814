'use strict';

/**
 * workers/export-worker.js
 *
 * BullMQ worker that turns export requests into CSV/PDF files, uploads
 * them to object storage and notifies the requester.
 */
const { Worker } = require('bullmq');
const { execFile } = require('child_process');
const { promisify } = require('util');
const fs = require('fs/promises');
const https = require('https');
const os = require('os');
const path = require('path');
const { Pool } = require('pg');
const { S3Client, PutObjectCommand } = require('@aws-sdk/client-s3');

const execFileAsync = promisify(execFile);

const pool = new Pool({ connectionString: process.env.DATABASE_URL, ssl: { rejectUnauthorized: true } });
const s3 = new S3Client({ region: process.env.AWS_REGION || 'eu-west-1' });
const BUCKET = process.env.EXPORT_BUCKET;
const NOTIFY_URL = new URL(process.env.NOTIFY_URL || 'https://notify.internal.example.com/v1/messages');
const NOTIFY_CA = process.env.NOTIFY_CA_FILE;

const EXPORT_QUERIES = {
  orders: 'SELECT reference, created_at, status, total FROM orders WHERE account_id = $1 AND created_at >= $2 ORDER BY created_at',
  customers: 'SELECT email, name, country, created_at FROM customers WHERE account_id = $1 AND created_at >= $2 ORDER BY created_at',
};

function toCsv(rows) {
  if (rows.length === 0) return '';
  const cols = Object.keys(rows[0]);
  const esc = (v) => {
    const s = v === null || v === undefined ? '' : String(v);
    const guarded = /^[=+\-@]/.test(s) ? `'${s}` : s;
    return /[",\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
  };
  return [cols.join(','), ...rows.map((r) => cols.map((c) => esc(r[c])).join(','))].join('\n');
}

async function notify(userId, key) {
  const body = JSON.stringify({ userId, template: 'export-ready', params: { key } });
  const ca = NOTIFY_CA ? await fs.readFile(NOTIFY_CA) : undefined;
  await new Promise((resolve, reject) => {
    const req = https.request(
      NOTIFY_URL,
      { method: 'POST', ca, headers: { 'content-type': 'application/json', authorization: `Bearer ${process.env.NOTIFY_TOKEN}` } },
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode < 300 ? resolve() : reject(new Error(`notify ${res.statusCode}`))));
      }
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function processExport(job) {
  const { accountId, userId, kind, since, format } = job.data;
  const sql = Object.prototype.hasOwnProperty.call(EXPORT_QUERIES, kind) ? EXPORT_QUERIES[kind] : null;
  if (!sql) throw new Error(`unknown export kind ${kind}`);

  const { rows } = await pool.query(sql, [accountId, since]);
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'export-'));
  const csvPath = path.join(workDir, `${kind}.csv`);
  await fs.writeFile(csvPath, toCsv(rows));

  let outPath = csvPath;
  if (format === 'pdf') {
    outPath = path.join(workDir, `${kind}.pdf`);
    await execFileAsync('libreoffice', ['--headless', '--convert-to', 'pdf', '--outdir', workDir, csvPath], {
      timeout: 120000,
    });
  }

  const key = `exports/${accountId}/${job.id}/${path.basename(outPath)}`;
  await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: await fs.readFile(outPath) }));
  await fs.rm(workDir, { recursive: true, force: true });
  await notify(userId, key);
  return { key, rows: rows.length };
}

const worker = new Worker('exports', processExport, {
  connection: { host: process.env.REDIS_HOST || 'localhost', port: 6379, tls: process.env.REDIS_TLS ? {} : undefined },
  concurrency: 4,
});

worker.on('failed', (job, err) => console.error(`export ${job && job.id} failed:`, err.message));
worker.on('completed', (job, result) => console.log(`export ${job.id} done: ${result.rows} rows`));

process.on('SIGTERM', () => worker.close().then(() => pool.end()));
