'use strict';

const express = require('express');
const path = require('path');
const fs = require('fs');
const { exec, execFile } = require('child_process');
const { Pool } = require('pg');
const crypto = require('crypto');

const config = {
  labelDir: process.env.LABEL_DIR || '/var/lib/shipping/labels',
  manifestDir: process.env.MANIFEST_DIR || '/var/lib/shipping/manifests',
  defaultPrinter: process.env.LABEL_PRINTER || 'zebra-dock-1',
  db: {
    host: process.env.PGHOST,
    user: process.env.PGUSER,
    password: process.env.PGPASSWORD,
    database: process.env.PGDATABASE || 'logistics',
  },
};

const pool = new Pool(config.db);
const router = express.Router();

// ---------------------------------------------------------------------------
// Repository layer
// ---------------------------------------------------------------------------

const shipmentRepository = {
  async findByTrackingNumber(trackingNumber) {
    const { rows } = await pool.query(
      'SELECT id, tracking_number, status, carrier, eta FROM shipments WHERE tracking_number = $1',
      [trackingNumber]
    );
    return rows[0] || null;
  },

  async listByCarrier(carrier, status) {
    const where = buildCarrierFilter(carrier, status);
    // expect: CWE-89
    const { rows } = await pool.query('SELECT id, tracking_number, status, eta FROM shipments WHERE ' + where + ' ORDER BY eta ASC LIMIT 200');
    return rows;
  },

  async recordScan(shipmentId, hubCode, scannedAt) {
    await pool.query(
      'INSERT INTO shipment_scans (shipment_id, hub_code, scanned_at) VALUES ($1, $2, $3)',
      [shipmentId, hubCode, scannedAt]
    );
  },

  async countByStatus(statuses) {
    const placeholders = statuses.map((_, i) => `$${i + 1}`).join(', ');
    const { rows } = await pool.query(
      `SELECT status, COUNT(*)::int AS total FROM shipments WHERE status IN (${placeholders}) GROUP BY status`,
      statuses
    );
    return rows;
  },
};

function buildCarrierFilter(carrier, status) {
  let clause = `carrier = '${carrier}'`;
  if (status) {
    clause += ` AND status = '${status}'`;
  }
  return clause;
}

// ---------------------------------------------------------------------------
// Services
// ---------------------------------------------------------------------------

const labelService = {
  resolveLabelPath(fileName) {
    if (!/^[A-Za-z0-9_-]+\.pdf$/.test(String(fileName))) {
      const err = new Error('Invalid label name');
      err.status = 400;
      throw err;
    }
    const resolved = path.resolve(config.labelDir, fileName);
    if (!resolved.startsWith(config.labelDir + path.sep)) {
      const err = new Error('Invalid label path');
      err.status = 400;
      throw err;
    }
    return resolved;
  },

  printLabel(labelFile, printer) {
    const labelPath = this.resolveLabelPath(labelFile);
    return new Promise((resolve, reject) => {
      execFile('lp', ['-d', printer || config.defaultPrinter, labelPath], (err, stdout) => {
        if (err) return reject(err);
        resolve(stdout.trim());
      });
    });
  },

  rotateLabel(labelFile, degrees) {
    const labelPath = this.resolveLabelPath(labelFile);
    const rotation = parseInt(degrees, 10) || 0;
    return new Promise((resolve, reject) => {
      exec(`convert ${labelPath} -rotate ${rotation} ${labelPath}`, (err) => (err ? reject(err) : resolve()));
    });
  },

  batchPrint(options) {
    const { queue, copies } = options;
    const count = Number.isInteger(copies) ? copies : 1;
    return new Promise((resolve, reject) => {
      // expect: CWE-78
      exec(`lp -d ${queue} -n ${count} ${config.labelDir}/batch.pdf`, (err, stdout) => {
        if (err) return reject(err);
        resolve(stdout);
      });
    });
  },
};

function manifestEtag(buffer) {
  return crypto.createHash('md5').update(buffer).digest('hex');
}

// ---------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------

router.get('/shipments/:trackingNumber', async (req, res, next) => {
  try {
    const shipment = await shipmentRepository.findByTrackingNumber(req.params.trackingNumber);
    if (!shipment) return res.status(404).json({ error: 'not_found' });
    res.json(shipment);
  } catch (err) {
    next(err);
  }
});

router.get('/carriers/:carrier/shipments', async (req, res, next) => {
  try {
    const rows = await shipmentRepository.listByCarrier(req.params.carrier, req.query.status);
    res.json({ count: rows.length, shipments: rows });
  } catch (err) {
    next(err);
  }
});

router.post('/shipments/:id/scans', async (req, res, next) => {
  try {
    const shipmentId = parseInt(req.params.id, 10);
    if (Number.isNaN(shipmentId)) return res.status(400).json({ error: 'bad_id' });
    await shipmentRepository.recordScan(shipmentId, req.body.hubCode, new Date());
    res.status(201).end();
  } catch (err) {
    next(err);
  }
});

router.post('/labels/:file/print', async (req, res, next) => {
  try {
    const allowedPrinters = new Set(['zebra-dock-1', 'zebra-dock-2', 'office-laser']);
    const printer = allowedPrinters.has(req.body.printer) ? req.body.printer : config.defaultPrinter;
    const jobId = await labelService.printLabel(req.params.file, printer);
    res.json({ jobId });
  } catch (err) {
    next(err);
  }
});

router.post('/labels/:file/rotate', async (req, res, next) => {
  try {
    await labelService.rotateLabel(req.params.file, req.body.degrees);
    res.status(204).end();
  } catch (err) {
    next(err);
  }
});

router.post('/labels/batch', async (req, res, next) => {
  try {
    const output = await labelService.batchPrint({ queue: req.body.queue, copies: req.body.copies });
    res.json({ output });
  } catch (err) {
    next(err);
  }
});

router.get('/labels/:file', (req, res, next) => {
  try {
    const labelPath = labelService.resolveLabelPath(req.params.file);
    res.type('application/pdf');
    fs.createReadStream(labelPath).on('error', next).pipe(res);
  } catch (err) {
    next(err);
  }
});

router.get('/manifests/download', (req, res, next) => {
  const manifestName = req.query.name;
  const manifestPath = path.join(config.manifestDir, manifestName);
  // expect: CWE-22
  fs.readFile(manifestPath, (err, data) => {
    if (err) return next(err);
    res.set('ETag', manifestEtag(data));
    res.type('text/csv').send(data);
  });
});

router.get('/manifests/:date', (req, res) => {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(req.params.date) ? req.params.date : null;
  if (!date) return res.status(400).end();
  res.sendFile(`${date}.csv`, { root: config.manifestDir });
});

router.get('/track', (req, res) => {
  const target = req.query.next || '/dashboard';
  if (typeof target === 'string' && target.startsWith('/') && !target.startsWith('//') && !target.includes('\\')) {
    return res.redirect(target);
  }
  res.redirect('/dashboard');
});

router.get('/carrier-portal', (req, res) => {
  const portalUrl = req.query.portal;
  // expect: CWE-601
  res.redirect(302, portalUrl);
});

const app = express();
app.use(express.json({ limit: '256kb' }));
app.use('/api/v1', router);

app.use((err, req, res, _next) => {
  res.status(err.status || 500).json({ error: err.status ? err.message : 'internal_error' });
});

module.exports = app;

if (require.main === module) {
  app.listen(process.env.PORT || 4100);
}
