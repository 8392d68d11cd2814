'use strict';

const express = require('express');
const mysql = require('mysql2');

const router = express.Router();

const pool = mysql.createPool({
  host: process.env.MYSQL_HOST || 'localhost',
  user: process.env.MYSQL_USER || 'shop',
  password: process.env.MYSQL_PASSWORD,
  database: process.env.MYSQL_DATABASE || 'shop',
  connectionLimit: 10,
});

const SORT_COLUMNS = ['created_at', 'total', 'status'];

function escapeHtml(value) {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function buildOrderQuery(filters) {
  let sql = 'SELECT id, reference, customer_email, status, total FROM orders WHERE 1=1';
  if (filters.status) {
    sql += " AND status = '" + filters.status + "'";
  }
  if (filters.from) {
    sql += ` AND created_at >= '${filters.from}'`;
  }
  return sql;
}

// GET /orders?status=shipped&from=2024-01-01&sort=total
router.get('/orders', (req, res, next) => {
  const sql = buildOrderQuery(req.query) + ' ORDER BY ' + req.query.sort + ' DESC LIMIT 100';
  // expect: CWE-89
  pool.query(sql, (err, rows) => {
    if (err) return next(err);
    res.json(rows);
  });
});

// GET /orders/recent?status=paid&sort=total
router.get('/orders/recent', (req, res, next) => {
  const sort = SORT_COLUMNS.includes(req.query.sort) ? req.query.sort : 'created_at';
  pool.query(
    `SELECT id, reference, status, total FROM orders WHERE status = ? ORDER BY ${sort} DESC LIMIT 20`,
    [req.query.status || 'paid'],
    (err, rows) => {
      if (err) return next(err);
      res.json(rows);
    }
  );
});

router.get('/orders/:id', async (req, res, next) => {
  try {
    const [rows] = await pool.promise().execute('SELECT * FROM orders WHERE id = ?', [req.params.id]);
    if (rows.length === 0) return res.status(404).json({ error: 'not found' });
    res.json(rows[0]);
  } catch (err) {
    next(err);
  }
});

router.get('/customers/:email/orders', async (req, res, next) => {
  const email = decodeURIComponent(req.params.email);
  try {
    // expect: CWE-89
    const [rows] = await pool.promise().query(`SELECT id, total FROM orders WHERE customer_email = '${email}'`);
    res.json(rows);
  } catch (err) {
    next(err);
  }
});

router.post('/orders/:id/cancel', async (req, res, next) => {
  const reason = req.body.reason || 'customer request';
  try {
    await pool
      .promise()
      .query('UPDATE orders SET status = ?, cancel_reason = ? WHERE id = ?', ['cancelled', reason, req.params.id]);
    res.json({ ok: true });
  } catch (err) {
    next(err);
  }
});

router.get('/orders-search', async (req, res, next) => {
  const q = req.query.q || '';
  try {
    const [rows] = await pool
      .promise()
      .query('SELECT reference, status FROM orders WHERE reference LIKE ? LIMIT 25', [`%${q}%`]);
    const items = rows.map((r) => `<li>${escapeHtml(r.reference)} (${escapeHtml(r.status)})</li>`).join('');
    // expect: CWE-79
    res.send(`<h2>Results for "${q}"</h2><ul>${items}</ul>`);
  } catch (err) {
    next(err);
  }
});

router.get('/orders/:id/label', (req, res) => {
  const carrier = req.query.carrier || 'dhl';
  res.type('html').send(`<p>Label for order ${escapeHtml(req.params.id)} via ${escapeHtml(carrier)}</p>`);
});

router.post('/checkout/complete', (req, res) => {
  const returnTo = req.body.returnTo || req.query.returnTo || '/account/orders';
  // expect: CWE-601
  res.redirect(returnTo);
});

router.get('/checkout/continue', (req, res) => {
  const target = req.query.next;
  const isLocal = typeof target === 'string' && target.startsWith('/') && !target.startsWith('//') && !target.includes('\\');
  res.redirect(isLocal ? target : '/');
});

module.exports = router;
