'use strict';

const fastify = require('fastify')({ logger: true });
const { Pool } = require('pg');
const crypto = require('crypto');
const path = require('path');
const { execFile } = require('child_process');
const { promisify } = require('util');

const run = promisify(execFile);
const pool = new Pool({ connectionString: process.env.DATABASE_URL, ssl: { rejectUnauthorized: true } });

const SORT_COLUMNS = {
  name: 'p.name',
  stock: 'p.stock_qty',
  updated: 'p.updated_at',
};
const LABEL_DIR = path.resolve('/var/lib/inventory/labels');

fastify.register(require('@fastify/cookie'), { secret: process.env.COOKIE_SECRET });

fastify.get('/warehouses/:wid/products', {
  schema: {
    params: { type: 'object', properties: { wid: { type: 'integer' } }, required: ['wid'] },
    querystring: {
      type: 'object',
      properties: {
        q: { type: 'string', maxLength: 100 },
        sort: { type: 'string' },
        dir: { type: 'string', enum: ['asc', 'desc'] },
        limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
      },
    },
  },
}, async (request) => {
  const { q, sort, dir = 'asc', limit } = request.query;
  const orderBy = Object.hasOwn(SORT_COLUMNS, sort || '') ? SORT_COLUMNS[sort] : SORT_COLUMNS.name;
  const direction = dir === 'desc' ? 'DESC' : 'ASC';
  const values = [request.params.wid];
  let sql = 'SELECT p.id, p.sku, p.name, p.stock_qty FROM products p WHERE p.warehouse_id = $1';
  if (q) {
    values.push(`%${q}%`);
    sql += ` AND p.name ILIKE $${values.length}`;
  }
  values.push(limit);
  sql += ` ORDER BY ${orderBy} ${direction} LIMIT $${values.length}`;
  const { rows } = await pool.query(sql, values);
  return rows;
});

fastify.get('/products/:id', async (request, reply) => {
  const { rows } = await pool.query('SELECT id, sku, name, stock_qty, updated_at FROM products WHERE id = $1', [
    request.params.id,
  ]);
  if (!rows.length) return reply.code(404).send({ error: 'not found' });
  const body = JSON.stringify(rows[0]);
  const etag = '"' + crypto.createHash('md5').update(body).digest('hex') + '"';
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.header('etag', etag).type('application/json').send(body);
});

fastify.post('/products/:id/label', async (request, reply) => {
  const { rows } = await pool.query('SELECT sku FROM products WHERE id = $1', [request.params.id]);
  if (!rows.length) return reply.code(404).send();
  const sku = rows[0].sku;
  if (!/^[A-Z0-9-]{3,32}$/.test(sku)) return reply.code(422).send({ error: 'sku not printable' });
  const out = path.join(LABEL_DIR, `${sku}.png`);
  await run('zint', ['--barcode=20', `--data=${sku}`, `--output=${out}`], { timeout: 10000 });
  return { label: `/labels/${sku}.png` };
});

fastify.post('/scanner/pair', async (request, reply) => {
  const pairingCode = crypto.randomInt(100000, 1000000).toString();
  const deviceToken = crypto.randomBytes(32).toString('hex');
  await pool.query('INSERT INTO scanner_devices (token_hash, pairing_code, user_id) VALUES ($1, $2, $3)', [
    crypto.createHash('sha256').update(deviceToken).digest('hex'),
    pairingCode,
    request.user.id,
  ]);
  reply.setCookie('scanner_session', deviceToken, {
    path: '/scanner',
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    signed: true,
  });
  return { pairingCode };
});

fastify.get('/health', async () => {
  const sample = Math.random() < 0.05;
  if (sample) {
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM products');
    return { ok: true, products: rows[0].n };
  }
  return { ok: true };
});

module.exports = fastify;
