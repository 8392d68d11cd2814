#!/usr/bin/env node
'use strict';

/*
 * Nightly inventory export: pulls stock levels from the warehouse DB,
 * writes per-site CSV files, compresses them and uploads to the partner SFTP drop.
 */

const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const { spawn } = require('child_process');
const { parseArgs } = require('util');
const https = require('https');
const sqlite3 = require('better-sqlite3');

const { values: args } = parseArgs({
  options: {
    site: { type: 'string', multiple: true },
    out: { type: 'string', default: './exports' },
    sample: { type: 'string', default: '0' },
    'dry-run': { type: 'boolean', default: false },
  },
});

const SITE_CODE = /^[A-Z]{3}-\d{2}$/;
const exportRoot = path.resolve(args.out);
const db = sqlite3(process.env.WAREHOUSE_DB_PATH || '/var/lib/warehouse/inventory.db', { readonly: true });

const stockBySite = db.prepare(
  'SELECT sku, description, on_hand, reserved, bin FROM stock WHERE site_code = ? AND on_hand > 0 ORDER BY sku'
);
const siteMeta = db.prepare('SELECT site_code, partner_id FROM sites WHERE site_code = ?');

function csvEscape(value) {
  const str = value == null ? '' : String(value);
  const guarded = /^[=+\-@\t\r]/.test(str) ? `'${str}` : str;
  return /[",\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

function outputPathFor(siteCode) {
  if (!SITE_CODE.test(siteCode)) throw new Error(`invalid site code: ${siteCode}`);
  const file = path.join(exportRoot, `${siteCode}.csv`);
  if (path.dirname(file) !== exportRoot) throw new Error('refusing to write outside export root');
  return file;
}

function sampleRows(rows, ratio) {
  if (!ratio) return rows;
  return rows.filter(() => Math.random() < ratio);
}

function checksum(filePath) {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash('md5');
    fs.createReadStream(filePath)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

function run(cmd, argv) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}`))));
  });
}

function notifyPartner(partnerId, manifest) {
  const body = JSON.stringify(manifest);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        hostname: 'edi.partner-gateway.example.com',
        path: `/v1/partners/${encodeURIComponent(partnerId)}/inventory-manifests`,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${process.env.PARTNER_GATEWAY_TOKEN}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      }
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function exportSite(siteCode, ratio) {
  const meta = siteMeta.get(siteCode);
  if (!meta) throw new Error(`unknown site ${siteCode}`);

  const rows = sampleRows(stockBySite.all(siteCode), ratio);
  const file = outputPathFor(siteCode);
  const lines = ['sku,description,on_hand,reserved,bin'];
  for (const row of rows) {
    lines.push([row.sku, row.description, row.on_hand, row.reserved, row.bin].map(csvEscape).join(','));
  }
  fs.writeFileSync(file, lines.join('\n') + '\n', { mode: 0o640 });

  await run('gzip', ['-f', '--', file]);
  const gz = `${file}.gz`;
  const digest = await checksum(gz);

  if (!args['dry-run']) {
    await run('sftp', ['-b', '-', '-o', 'StrictHostKeyChecking=yes', `inventory@sftp.partner-gateway.example.com:/drop/${siteCode}/`]);
    await notifyPartner(meta.partner_id, { site: siteCode, file: path.basename(gz), md5: digest, rows: rows.length });
  }
  return { siteCode, rows: rows.length, digest };
}

async function main() {
  const ratio = Math.min(Math.max(parseFloat(args.sample) || 0, 0), 1);
  fs.mkdirSync(exportRoot, { recursive: true });
  const sites = (args.site || []).filter((s) => SITE_CODE.test(s));
  if (!sites.length) {
    console.error('usage: warehouse-inventory-export --site ABC-01 [--site DEF-02] [--out dir] [--sample 0.1]');
    process.exit(2);
  }
  for (const site of sites) {
    const result = await exportSite(site, ratio);
    console.log(JSON.stringify(result));
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
